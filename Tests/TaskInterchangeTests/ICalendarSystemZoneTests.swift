import Foundation
import Testing
@testable import TaskInterchange

/// The `VTIMEZONE`s made from the system's rules for zones a calendar named without defining them
/// (`ICalendarSystemZone`): yearly rules where the zone keeps one, `UNTIL` where it stopped, dates
/// where it follows none, one observance where it has no transitions; each reads back (by
/// `ICalendarZoneRules`, as tasks reads a zone the system does not know) as the system's offsets.
@Suite struct ICalendarSystemZoneTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func date(_ text: String) -> Date { Timestamps.parseBasic(text[...], timeZone: utc)! }

    static func zone(_ tzid: String, _ earliest: String, _ latest: String) throws -> [String] {
        let zone = try #require(TimeZone(identifier: tzid))
        return try #require(ICalendarSystemZone.lines(tzid: tzid, zone: zone, from: date(earliest), through: date(latest)))
    }

    @Test func newYorkKeepsTheSecondSundayOfMarchAndTheFirstOfNovember() throws {
        #expect(try Self.zone("America/New_York", "20260310T090000", "20260310T090000") == [
            "BEGIN:VTIMEZONE", "TZID:America/New_York",
            "BEGIN:DAYLIGHT", "DTSTART:20250309T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
            "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "END:DAYLIGHT",
            "BEGIN:STANDARD", "DTSTART:20251102T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
            "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "END:STANDARD",
            "END:VTIMEZONE",
        ])
    }

    @Test func kolkataWithoutTransitionsIsOneObservance() throws {
        #expect(try Self.zone("Asia/Kolkata", "20261201T170000", "20261201T170000") == [
            "BEGIN:VTIMEZONE", "TZID:Asia/Kolkata",
            "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD",
            "END:VTIMEZONE",
        ])
    }

    /// São Paulo left daylight saving time in 2019: its rule ends there.
    @Test func saoPauloStopsWithUntil() throws {
        let lines = try Self.zone("America/Sao_Paulo", "20180601T090000", "20180601T090000")
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYDAY=3SU;UNTIL=20190217T020000Z"), "\(lines)")
    }

    /// Lord Howe Island moves its clocks by half an hour.
    @Test func lordHowesHalfHoursAreSaid() throws {
        let lines = try Self.zone("Australia/Lord_Howe", "20261201T170000", "20261201T170000")
        #expect(lines.contains("TZOFFSETFROM:+1030") && lines.contains("TZOFFSETTO:+1100"), "\(lines)")
    }

    /// Morocco's clocks go back for Ramadan, which no yearly rule follows: its onsets are dates.
    @Test func casablancaFollowsNoRuleAndIsSaidByDates() throws {
        let lines = try Self.zone("Africa/Casablanca", "20261201T170000", "20261201T170000")
        #expect(lines.contains { $0.hasPrefix("RDATE:") } && !lines.contains { $0.hasPrefix("RRULE:") }, "\(lines)")
    }

    /// Caracas was on -04:30 until 1 May 2016: a time before that change is read so, by the
    /// observance that starts the window (it was left to clients to guess, and read as -04:00:
    /// found by an independent tester).
    @Test func aTimeBeforeTheFirstTransitionHasTheOffsetThen() throws {
        #expect(try Self.zone("America/Caracas", "20160101T120000", "20160101T120000") == [
            "BEGIN:VTIMEZONE", "TZID:America/Caracas",
            "BEGIN:STANDARD", "DTSTART:20150101T000000", "TZOFFSETFROM:-0430", "TZOFFSETTO:-0430", "END:STANDARD",
            "BEGIN:STANDARD", "DTSTART:20160501T023000", "TZOFFSETFROM:-0430", "TZOFFSETTO:-0400", "END:STANDARD",
            "END:VTIMEZONE",
        ])
    }

    /// Read back as tasks reads a zone the system does not know, each says the system's offset at
    /// every hour of the years around the times written, the changes included.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Kolkata",
                      "America/Sao_Paulo", "Africa/Casablanca", "Pacific/Chatham", "Europe/Dublin"])
    func eachReadsBackAsTheSystemsOffsets(_ tzid: String) throws {
        let zone = try #require(TimeZone(identifier: tzid))
        let rules = try #require(ICalendarZoneRules(try Self.zone(tzid, "20180601T090000", "20260601T090000")))
        var hour = Self.date("20170101T000000")
        var wrong: [Date] = []
        while hour < Self.date("20290101T000000") {
            if rules.offset(at: hour) != zone.secondsFromGMT(for: hour) { wrong.append(hour) }
            hour += 3600
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
