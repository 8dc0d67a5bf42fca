import Foundation
import Testing
import TaskModel
@testable import TaskPresenter

/// The words of a due date, read and written at a fixed moment in fixed zones: Wednesday
/// 25 November 2026, 10:00 in Berlin, so that no test depends on the day or zone it runs in.
@Suite struct DueWordsTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let wednesday = CalendarDay(year: 2026, month: 11, day: 25)!
    let reader = DueWords(now: wednesday.instant(hour: 10, minute: 0, in: berlin), timeZone: berlin)

    func day(_ year: Int, _ month: Int, _ day: Int) -> Due {
        .day(CalendarDay(year: year, month: month, day: day)!)
    }

    func read(_ text: String) throws(DueWords.Failure) -> Due {
        let words = text.split(separator: " ")
        let (due, count) = try reader.read(words[...])
        #expect(count == words.count, "\(text) took \(count) of \(words.count) words")
        return due
    }

    @Test(arguments: [
        ("today", 2026, 11, 25), ("tomorrow", 2026, 11, 26), ("yesterday", 2026, 11, 24),
        ("Tomorrow", 2026, 11, 26), ("thu", 2026, 11, 26), ("friday", 2026, 11, 27), ("wed", 2026, 12, 2),
        ("mon", 2026, 11, 30), ("sun", 2026, 11, 29), ("2026-12-01", 2026, 12, 1), ("2024-02-29", 2024, 2, 29),
        ("12-01", 2026, 12, 1), ("11-25", 2026, 11, 25), ("11-24", 2027, 11, 24), ("02-29", 2028, 2, 29),
        ("dec 1", 2026, 12, 1), ("1 dec", 2026, 12, 1), ("january 3", 2027, 1, 3), ("3d", 2026, 11, 28),
        ("2w", 2026, 12, 9), ("1m", 2026, 12, 25), ("1y", 2027, 11, 25), ("0d", 2026, 11, 25),
        ("eow", 2026, 11, 29), ("eom", 2026, 11, 30), ("eoy", 2026, 12, 31),
    ])
    func aDateAloneIsAllDay(_ text: String, _ year: Int, _ month: Int, _ dayOfMonth: Int) throws {
        #expect(try read(text) == day(year, month, dayOfMonth))
    }

    @Test func aMonthFromTheLastDayOfAMonthIsTheNextMonthsLast() throws {
        let january31 = CalendarDay(year: 2027, month: 1, day: 31)!
        let reader = DueWords(now: january31.instant(hour: 9, minute: 0, in: Self.berlin), timeZone: Self.berlin)
        #expect(try reader.read(["1m"]).due == day(2027, 2, 28))
        #expect(try reader.read(["eow"]).due == day(2027, 1, 31)) // a Sunday: its week ends today
    }

    @Test(arguments: [
        ("tomorrow 17:00", 2026, 11, 26, 16, 0), ("2026-12-01 17:00", 2026, 12, 1, 16, 0),
        ("fri 5pm", 2026, 11, 27, 16, 0), ("today 12am", 2026, 11, 24, 23, 0), ("today 12pm", 2026, 11, 25, 11, 0),
        ("dec 1 5:30pm", 2026, 12, 1, 16, 30), ("today 0:05", 2026, 11, 24, 23, 5),
    ])
    func aTimeAfterTheDateMakesItTimedInThePersonsZone(_ text: String, _ year: Int, _ month: Int, _ dayOfMonth: Int,
                                                       _ hour: Int, _ minute: Int) throws {
        let utc = TimeZone(identifier: "UTC")!
        #expect(try read(text) == .instant(CalendarDay(year: year, month: month, day: dayOfMonth)!
            .instant(hour: hour, minute: minute, in: utc)))
    }

    @Test func aWordAfterTheDateThatIsNoTimeIsLeftForTheText() throws {
        #expect(try reader.read(["fri", "5", "things"]) == (day(2026, 11, 27), 1))
        #expect(try reader.read(["tomorrow", "call", "mom"]) == (day(2026, 11, 26), 1))
    }

    @Test(arguments: [
        ("someday-ish", DueWords.Failure.unknownDate("someday-ish")), ("feb 30", .impossibleDate("feb 30")),
        ("2026-02-29", .impossibleDate("2026-02-29")), ("2026-13-01", .impossibleDate("2026-13-01")),
        ("13-01", .impossibleDate("13-01")), ("tomorrow 25:00", .impossibleTime("25:00")),
        ("today 13pm", .impossibleTime("13pm")), ("today 5:7", .impossibleTime("5:7")), ("fri-day", .unknownDate("fri-day")),
        ("3x", .unknownDate("3x")), ("", .unknownDate("")),
    ])
    func anUnknownOrImpossibleDateIsAnErrorNamingIt(_ text: String, _ failure: DueWords.Failure) {
        #expect(throws: failure) { try reader.read(text.split(separator: " ")[...]) }
    }

    @Test(arguments: [
        ("today", "today"), ("tomorrow", "tomorrow"), ("yesterday", "yesterday"), ("fri", "fri"), ("mon", "mon"),
        ("tue", "tue"), ("wed", "2 dec"), ("dec 25", "25 dec"), ("2026-11-20", "20 nov"), ("2027-11-27", "27 nov 2027"),
        ("tomorrow 17:00", "tomorrow 17:00"), ("2027-01-05 9am", "5 jan 2027 09:00"),
    ])
    func aDueDateReadsAtAGlance(_ typed: String, _ shown: String) throws {
        #expect(DueText(now: reader.now, timeZone: Self.berlin).words(try read(typed)) == shown)
    }

    @Test func aTimedDueDateReadsInTheZoneTheListIsShownIn() throws {
        let due = try read("tomorrow 17:00")
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(DueText(now: reader.now, timeZone: newYork).words(due) == "tomorrow 11:00")
    }
}
