import Foundation
import Testing
import TaskModel

/// Calendar days and due dates: the arithmetic dates, recurrence and views stand on, checked in
/// fixed time zones so that no test depends on the machine's zone, day or summer time.
@Suite struct CalendarDayTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!
    let utc = TimeZone(identifier: "UTC")!

    /// An instant given in UTC.
    func utcInstant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) throws -> Date {
        try #require(CalendarDay(year: year, month: month, day: day)).instant(hour: hour, minute: minute, in: utc)
    }

    @Test func knownDaysHaveTheirNumbersAndWeekdays() throws {
        #expect(CalendarDay(year: 1970, month: 1, day: 1)?.daysSince1970 == 0)
        #expect(CalendarDay(year: 2000, month: 3, day: 1)?.daysSince1970 == 11_017)
        #expect(CalendarDay(year: 1969, month: 12, day: 31)?.daysSince1970 == -1)
        #expect(CalendarDay(year: 2026, month: 11, day: 25)?.weekday == .wednesday)
        #expect(CalendarDay(year: 1970, month: 1, day: 1)?.weekday == .thursday)
        #expect(CalendarDay(year: 1969, month: 12, day: 29)?.weekday == .monday)
    }

    @Test func everyDayOfFiveCenturiesReadsBackAsItsDate() throws {
        var previous: CalendarDay?
        for year in 1900...2400 {
            for month in 1...12 {
                for day in 1...CalendarDay.days(inMonth: month, of: year) {
                    let calendarDay = try #require(CalendarDay(year: year, month: month, day: day))
                    #expect(calendarDay.date == (year, month, day))
                    if let previous { #expect(calendarDay.daysSince1970 == previous.daysSince1970 + 1) }
                    previous = calendarDay
                }
            }
        }
    }

    @Test func impossibleDatesAreNone() {
        #expect(CalendarDay(year: 2026, month: 2, day: 30) == nil)
        #expect(CalendarDay(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2026, month: 13, day: 1) == nil)
        #expect(CalendarDay(year: 2026, month: 4, day: 31) == nil)
        #expect(CalendarDay(year: 2026, month: 1, day: 0) == nil)
        #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
    }

    @Test func addingMonthsKeepsTheDayOrTakesTheMonthsLast() throws {
        let january31 = try #require(CalendarDay(year: 2027, month: 1, day: 31))
        #expect(january31.adding(months: 1).date == (2027, 2, 28))
        #expect(try #require(CalendarDay(year: 2028, month: 1, day: 31)).adding(months: 1).date == (2028, 2, 29))
        #expect(january31.adding(months: 1).adding(months: 1, dayOfMonth: 31).date == (2027, 3, 31))
        #expect(january31.adding(months: 3).date == (2027, 4, 30))
        #expect(january31.adding(months: 11).date == (2027, 12, 31))
        #expect(january31.adding(months: 12).date == (2028, 1, 31))
        #expect(january31.adding(months: -1).date == (2026, 12, 31))
        #expect(january31.adding(months: -13).date == (2025, 12, 31))
        #expect(try #require(CalendarDay(year: 2024, month: 2, day: 29)).adding(months: 12).date == (2025, 2, 28))
    }

    @Test func theDayOfAnInstantIsTheDayItsZonesClockShows() throws {
        let lateEvening = try utcInstant(2026, 3, 28, 23, 30)
        #expect(CalendarDay(lateEvening, in: utc).date == (2026, 3, 28))
        #expect(CalendarDay(lateEvening, in: berlin).date == (2026, 3, 29))
        #expect(CalendarDay(lateEvening, in: newYork).date == (2026, 3, 28))
        let beforeEpoch = Date(timeIntervalSince1970: -1)
        #expect(CalendarDay(beforeEpoch, in: utc).date == (1969, 12, 31))
    }

    @Test func aTimeOnADayIsTheInstantItsZonesClockShowsIt() throws {
        let december1 = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        #expect(december1.instant(hour: 17, minute: 0, in: berlin) == (try utcInstant(2026, 12, 1, 16, 0)))
        #expect(december1.instant(hour: 17, minute: 0, in: newYork) == (try utcInstant(2026, 12, 1, 22, 0)))
        #expect(december1.start(in: berlin) == (try utcInstant(2026, 11, 30, 23, 0)))
    }

    @Test func aTimeSummerTimeSkipsIsReadAsTheClockBeforeTheChangeWouldShowIt() throws {
        // Berlin springs forward at 02:00 on 29 March 2026: 02:30 is never shown; it is 03:30 (01:30 UTC).
        let springForward = try #require(CalendarDay(year: 2026, month: 3, day: 29))
        #expect(springForward.instant(hour: 2, minute: 30, in: berlin) == (try utcInstant(2026, 3, 29, 1, 30)))
        #expect(springForward.instant(hour: 3, minute: 30, in: berlin) == (try utcInstant(2026, 3, 29, 1, 30)))
        #expect(springForward.instant(hour: 12, minute: 0, in: berlin) == (try utcInstant(2026, 3, 29, 10, 0)))
    }

    @Test func aTimeSummerTimeShowsTwiceIsTheFirst() throws {
        // Berlin falls back at 03:00 on 25 October 2026: 02:30 is shown at 00:30 and at 01:30 UTC.
        let fallBack = try #require(CalendarDay(year: 2026, month: 10, day: 25))
        #expect(fallBack.instant(hour: 2, minute: 30, in: berlin) == (try utcInstant(2026, 10, 25, 0, 30)))
        // New York falls back at 02:00 on 1 November 2026: 01:30 EDT is 05:30 UTC.
        let newYorkFallBack = try #require(CalendarDay(year: 2026, month: 11, day: 1))
        #expect(newYorkFallBack.instant(hour: 1, minute: 30, in: newYork) == (try utcInstant(2026, 11, 1, 5, 30)))
    }

    @Test func anAllDayDateIsOverdueFromTheNextDayAndATimedOneAfterItsInstant() throws {
        let today = try #require(CalendarDay(year: 2026, month: 11, day: 25))
        let due = Due.day(today)
        #expect(!due.isOverdue(at: today.instant(hour: 23, minute: 59, in: berlin), in: berlin))
        #expect(due.isOverdue(at: today.adding(days: 1).start(in: berlin), in: berlin))
        let timed = Due.instant(today.instant(hour: 17, minute: 0, in: berlin))
        #expect(!timed.isOverdue(at: today.instant(hour: 16, minute: 59, in: berlin), in: berlin))
        #expect(timed.isOverdue(at: today.instant(hour: 17, minute: 1, in: berlin), in: berlin))
    }

    @Test func aChangeOfTimeZoneNeitherMovesAnAllDayDateNorTheInstantOfATimedOne() throws {
        let today = try #require(CalendarDay(year: 2026, month: 11, day: 25))
        #expect(Due.day(today).day(in: berlin) == today)
        #expect(Due.day(today).day(in: newYork) == today)
        let lateInBerlin = Due.instant(today.instant(hour: 23, minute: 0, in: berlin))
        #expect(lateInBerlin.day(in: berlin) == today)
        #expect(lateInBerlin.day(in: newYork) == today) // 17:00 there
        let earlyInBerlin = Due.instant(today.instant(hour: 1, minute: 0, in: berlin))
        #expect(earlyInBerlin.day(in: newYork) == today.adding(days: -1)) // 19:00 the evening before
    }
}
