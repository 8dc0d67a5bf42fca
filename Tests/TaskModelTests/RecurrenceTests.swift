import Foundation
import Testing
import TaskModel

/// When a recurring task comes back, from fixed days in fixed zones: anchored rules give the first
/// date after the task was checked off and after its due date (no pile of missed ones), month ends
/// are kept, and rules counted from completion count from the day it was checked off.
@Suite struct RecurrenceTests {
    func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: dayOfMonth)!
    }

    @Test func aDailyOrWeeklyTaskCheckedOffOnTimeComesBackOnePeriodLater() {
        #expect(Recurrence(.days(1)).next(after: day(2026, 11, 25), completed: day(2026, 11, 25)) == day(2026, 11, 26))
        #expect(Recurrence(.weeks(1)).next(after: day(2026, 11, 27), completed: day(2026, 11, 27)) == day(2026, 12, 4))
        #expect(Recurrence(.weeks(2)).next(after: day(2026, 11, 27), completed: day(2026, 11, 25)) == day(2026, 12, 11))
    }

    @Test func anOverdueAnchoredTaskComesBackOnTheFirstDateAfterItWasCheckedOff() {
        // Due every Friday, last due 6 Nov, checked off on Wednesday 25 Nov: next Friday, not 13 Nov.
        #expect(Recurrence(.weeks(1)).next(after: day(2026, 11, 6), completed: day(2026, 11, 25)) == day(2026, 11, 27))
        #expect(Recurrence(.days(3)).next(after: day(2026, 11, 1), completed: day(2026, 11, 25)) == day(2026, 11, 28))
        #expect(Recurrence(.months(1, dayOfMonth: 15)).next(after: day(2026, 6, 15), completed: day(2026, 11, 25))
            == day(2026, 12, 15))
    }

    @Test func aMonthlyTaskKeepsItsDayOfTheMonthThroughShortMonths() {
        let monthly = Recurrence(.months(1, dayOfMonth: 31))
        let february = monthly.next(after: day(2027, 1, 31), completed: day(2027, 1, 31))
        #expect(february == day(2027, 2, 28))
        #expect(monthly.next(after: february, completed: february) == day(2027, 3, 31))
        #expect(monthly.next(after: day(2027, 3, 31), completed: day(2027, 3, 31)) == day(2027, 4, 30))
        #expect(Recurrence(.months(1, dayOfMonth: 31)).next(after: day(2028, 1, 31), completed: day(2028, 1, 30))
            == day(2028, 2, 29))
    }

    @Test func aYearlyTaskOnALeapDayFallsOnTheLastOfFebruaryInOtherYears() {
        let yearly = Recurrence(.months(12, dayOfMonth: 29))
        let next = yearly.next(after: day(2028, 2, 29), completed: day(2028, 2, 29))
        #expect(next == day(2029, 2, 28))
        #expect(yearly.next(after: day(2031, 2, 28), completed: day(2031, 2, 28)) == day(2032, 2, 29))
    }

    @Test func weekdayRulesComeBackOnTheNextOfTheirDays() {
        let workdays = Recurrence(.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]))
        #expect(workdays.next(after: day(2026, 11, 27), completed: day(2026, 11, 27)) == day(2026, 11, 30)) // Fri → Mon
        let mondayAndThursday = Recurrence(.weekdays([.monday, .thursday]))
        #expect(mondayAndThursday.next(after: day(2026, 11, 23), completed: day(2026, 11, 25)) == day(2026, 11, 26))
        #expect(mondayAndThursday.next(after: day(2026, 11, 26), completed: day(2026, 11, 26)) == day(2026, 11, 30))
    }

    @Test func aTaskCheckedOffEarlyComesBackAfterItsDueDate() {
        // Due Friday, done on Wednesday: the next is the Friday after, not this one again.
        #expect(Recurrence(.weeks(1)).next(after: day(2026, 11, 27), completed: day(2026, 11, 25)) == day(2026, 12, 4))
        #expect(Recurrence(.weekdays([.friday])).next(after: day(2026, 11, 27), completed: day(2026, 11, 25))
            == day(2026, 12, 4))
    }

    @Test func monthsCountedFromCompletionKeepTheDayCheckedOffNotTheDueDatesDay() {
        let due = CalendarDay(year: 2026, month: 1, day: 31)!
        let completed = CalendarDay(year: 2026, month: 11, day: 25)!
        for dayOfMonth in [nil, 31] as [Int?] {
            #expect(Recurrence(.months(1, dayOfMonth: dayOfMonth), fromCompletion: true).next(after: due, completed: completed)
                    == CalendarDay(year: 2026, month: 12, day: 25)!)
            #expect(Recurrence(.months(12, dayOfMonth: dayOfMonth), fromCompletion: true).next(after: due, completed: completed)
                    == CalendarDay(year: 2027, month: 11, day: 25)!)
        }
    }

    @Test func aRuleCountedFromCompletionCountsFromTheDayTheTaskWasCheckedOff() {
        let afterThreeDays = Recurrence(.days(3), fromCompletion: true)
        #expect(afterThreeDays.next(after: day(2026, 11, 1), completed: day(2026, 11, 25)) == day(2026, 11, 28))
        #expect(afterThreeDays.next(after: day(2026, 12, 30), completed: day(2026, 11, 25)) == day(2026, 11, 28))
    }

    @Test func aTimedTaskKeepsItsTimeOfDayAcrossASummerTimeChange() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // 17:00 on Friday 23 October 2026 (summer time), weekly: 17:00 on 30 October (winter time).
        let due = Due.instant(day(2026, 10, 23).instant(hour: 17, minute: 0, in: berlin))
        let next = Recurrence(.weeks(1)).next(after: due, completed: day(2026, 10, 23).instant(hour: 18, minute: 0, in: berlin),
                                             in: berlin)
        #expect(next == .instant(day(2026, 10, 30).instant(hour: 17, minute: 0, in: berlin)))
        let allDay = Recurrence(.weeks(1)).next(after: .day(day(2026, 10, 23)), completed: Date(timeIntervalSince1970: 1_792_000_000),
                                               in: berlin)
        #expect(allDay == .day(day(2026, 10, 30)))
    }
}
