import Foundation
import Testing
import TaskModel

/// A timed series keeps its clock: counted in a zone of its own when it has one (a phone's series
/// in New York, followed from Berlin, where clocks change two weeks later), and at its time of day
/// through the night clocks skip it (02:30 is 03:30 that night, and 02:30 again the day after).
/// Both drifted an hour for good before (found by an independent tester). Fixed days and zones.
@Suite struct RecurrenceClockTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    func at(_ seconds: TimeInterval) -> Due { .instant(Date(timeIntervalSince1970: seconds)) }

    @Test func aDailySeriesAt0230ComesBackAt0230AfterTheNightClocksSkipIt() {
        let daily = Recurrence(.days(1))
        // Saturday 27 March 2027, 02:30 in Berlin; that night the clocks go from 02:00 to 03:00.
        let saturday = daily.following(at(1_806_111_000), completed: Date(timeIntervalSince1970: 1_806_111_000), in: berlin)
        #expect(saturday.due == at(1_806_197_400)) // Sunday 01:30 UTC: the clock shows 03:30
        #expect(saturday.recurrence == Recurrence(.days(1), minuteOfDay: 150))

        let sunday = saturday.recurrence.following(saturday.due, completed: Date(timeIntervalSince1970: 1_806_197_400), in: berlin)
        #expect(sunday.due == at(1_806_280_200)) // Monday 29 March, 02:30 in Berlin (it was 03:30)
        #expect(sunday.recurrence == daily)
    }

    @Test func aKeptTimeOfDayIsNotReadOnceTheDueSaysAnother() {
        // Kept for 02:30, but the due was moved to 10:00 on Sunday 28 March since: 10:00 it stays.
        let series = Recurrence(.days(1), minuteOfDay: 150)
        let sundayAtTen = CalendarDay(year: 2027, month: 3, day: 28)!.instant(hour: 10, minute: 0, in: berlin)
        #expect(series.timeOfDay(of: sundayAtTen, in: berlin) == (10, 0))
        let next = series.following(.instant(sundayAtTen), completed: sundayAtTen, in: berlin)
        #expect(next.due == .instant(CalendarDay(year: 2027, month: 3, day: 29)!.instant(hour: 10, minute: 0, in: berlin)))
        #expect(next.recurrence.minuteOfDay == nil)
    }

    @Test func aSeriesInAZoneOfItsOwnKeepsItsTimeThereWhenTheZonesChangeClocksOnOtherDays() {
        // Saturday 13 March 2027, 09:00 in New York, whose clocks go forward that night; Berlin's two weeks later.
        let saturday = at(1_804_946_400)
        let own = Recurrence(.days(1), zone: "America/New_York").next(after: saturday, completed: Date(timeIntervalSince1970: 1_804_946_400), in: berlin)
        #expect(own == at(1_805_029_200)) // Sunday 09:00 in New York
        let machines = Recurrence(.days(1)).next(after: saturday, completed: Date(timeIntervalSince1970: 1_804_946_400), in: berlin)
        #expect(machines == at(1_805_032_800)) // 15:00 in Berlin again: 10:00 in New York
    }

    @Test func aSeriesInAZoneTheSystemDoesNotKnowCountsInTheMachinesZone() {
        let series = Recurrence(.days(1), zone: "Nowhere/Known")
        #expect(series.countingZone(berlin) == berlin)
        #expect(series.next(after: at(1_804_946_400), completed: Date(timeIntervalSince1970: 1_804_946_400), in: berlin) == at(1_805_032_800))
    }

    /// A due given here is read in this machine's zone: the series counts there from then on. One
    /// read in New York, re-dated at a prompt in Berlin, came an hour off after Berlin's clocks
    /// changed (found by an independent tester). The same due given again changes nothing.
    @Test func aDueGivenHereMakesTheSeriesCountInTheMachinesZone() {
        let task = TaskItem(id: UUID(), text: "Meet", createdAt: Date(timeIntervalSince1970: 0), due: at(1_804_946_400),
                            recurrence: Recurrence(.days(1), zone: "America/New_York", minuteOfDay: 150))
        #expect(TaskEdit(due: .some(at(1_805_000_000))).applied(to: task).recurrence == Recurrence(.days(1)))
        #expect(TaskEdit(due: .some(at(1_805_000_000)), zone: "Europe/Berlin").applied(to: task).recurrence
                == Recurrence(.days(1), zone: "Europe/Berlin"))
        #expect(TaskEdit(due: .some(.day(CalendarDay(year: 2027, month: 3, day: 20)!)), zone: "Europe/Berlin").applied(to: task).recurrence
                == Recurrence(.days(1)))
        #expect(TaskEdit(due: .some(at(1_804_946_400))).applied(to: task).recurrence == task.recurrence)
        #expect(TaskEdit(text: "Call").applied(to: task).recurrence == task.recurrence)
    }

    /// A series given here, with its timed due (`add … due:… every:day`) or to one (`every N`),
    /// counts in this machine's zone too; one given to a series keeps the zone and time it counted
    /// in. Only `due N` pinned it: added in Berlin, checked off in New York, it came an hour off
    /// (found by an independent tester). A day's series has none.
    @Test func aSeriesGivenHereToATimedDueCountsInTheMachinesZone() {
        let plain = TaskItem(id: UUID(), text: "Meet", createdAt: Date(timeIntervalSince1970: 0))
        let daily = Recurrence(.days(1))
        #expect(TaskEdit(due: .some(at(1_804_946_400)), recurrence: .some(daily), zone: "Europe/Berlin").applied(to: plain).recurrence
                == Recurrence(.days(1), zone: "Europe/Berlin"))
        var timed = plain
        timed.due = at(1_804_946_400)
        #expect(TaskEdit(recurrence: .some(daily), zone: "Europe/Berlin").applied(to: timed).recurrence == Recurrence(.days(1), zone: "Europe/Berlin"))
        #expect(TaskEdit(recurrence: .some(nil), zone: "Europe/Berlin").applied(to: timed).recurrence == nil)
        timed.recurrence = Recurrence(.weeks(1), zone: "America/New_York", minuteOfDay: 150)
        #expect(TaskEdit(recurrence: .some(daily), zone: "Europe/Berlin").applied(to: timed).recurrence
                == Recurrence(.days(1), zone: "America/New_York", minuteOfDay: 150))
        var dated = plain
        dated.due = .day(CalendarDay(year: 2027, month: 3, day: 20)!)
        #expect(TaskEdit(recurrence: .some(daily), zone: "Europe/Berlin").applied(to: dated).recurrence == daily)
    }

    /// The time a due was typed at, on the night clocks skip it, is kept by its series; any other
    /// time, or one typed without a series, is the due's own.
    @Test func aTimeTypedThatTheClocksSkipIsKeptByTheSeries() {
        let task = TaskItem(id: UUID(), text: "Backup", createdAt: Date(timeIntervalSince1970: 0), recurrence: Recurrence(.days(1)))
        let sunday = at(1_806_197_400) // 28 March 2027, 03:30 in Berlin, as 02:30 typed reads
        #expect(TaskEdit(due: .some(sunday), zone: "Europe/Berlin", minuteOfDay: 150).applied(to: task).recurrence
                == Recurrence(.days(1), zone: "Europe/Berlin", minuteOfDay: 150))
        #expect(TaskEdit(due: .some(sunday), zone: "Europe/Berlin", minuteOfDay: 210).applied(to: task).recurrence
                == Recurrence(.days(1), zone: "Europe/Berlin"))
        var plain = task
        plain.recurrence = nil
        #expect(TaskEdit(due: .some(sunday), zone: "Europe/Berlin", minuteOfDay: 150).applied(to: plain).recurrence == nil)
    }

    @Test func theStoredFormKeepsTheClockAndReadsEveryEarlierForm() {
        let clocked = Recurrence(.months(1, dayOfMonth: 31), fromCompletion: true, zone: "America/New_York", minuteOfDay: 150)
        #expect(clocked.storedForm == "1m@31-after t150 zAmerica/New_York")
        #expect(Recurrence(storedForm: clocked.storedForm) == clocked)
        #expect(Recurrence(.weekdays([.monday]), minuteOfDay: 0).storedForm == "wd1 t0")
        #expect(Recurrence(storedForm: "wd1 t0") == Recurrence(.weekdays([.monday]), minuteOfDay: 0))
        #expect(Recurrence(storedForm: "2w zUTC") == Recurrence(.weeks(2), zone: "UTC"))
        for earlier in ["1d", "2w-after", "1m@31", "1m", "wd14"] {
            #expect(Recurrence(storedForm: earlier)?.storedForm == earlier)
            #expect(Recurrence(storedForm: earlier)?.zone == nil && Recurrence(storedForm: earlier)?.minuteOfDay == nil)
        }
        for text in ["1d t1440", "1d t-1", "1d tx", "1d z", "1d t150 x", "1d  t150", "t150", "zUTC", "1d zUTC t150", "1d t150 t150"] {
            #expect(Recurrence(storedForm: text) == nil, "\(text)")
        }
    }
}
