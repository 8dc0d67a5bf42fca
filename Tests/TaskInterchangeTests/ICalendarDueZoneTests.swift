import Foundation
import Testing
import TaskInterchange
import TaskModel

/// A timed due another client wrote in a named zone (`DUE;TZID=Europe/Berlin:…`) is written back in
/// that zone, with its VTIMEZONE: in UTC, a client repeating it by its local time would drift an hour
/// at the next change of daylight saving time.
@Suite struct ICalendarDueZoneTests {
    typealias Mapping = ICalendarMappingTests

    /// The tasks of one to-do due at 17:00 in Berlin on 1 December 2026, with Berlin's VTIMEZONE.
    static func inBerlin() throws -> [TaskItem] {
        try Mapping.imported(Mapping.berlin + Mapping.todo(1, "SUMMARY:Meet\r\nDUE;TZID=Europe/Berlin:20261201T170000\r\n"))
    }

    /// The file of the task "Meet" with `due` (a DUE line or none), and `zone` (a VTIMEZONE or none).
    static func file(due: String, zone: String = "") -> String {
        Mapping.head + zone + Mapping.todo(1, "SUMMARY:Meet\r\nSTATUS:NEEDS-ACTION\r\n" + due) + "END:VCALENDAR\r\n"
    }

    @Test func aTimedDueReadInAZoneIsWrittenInThatZoneWithItsVTimezone() throws {
        let tasks = try Self.inBerlin()
        #expect(tasks[0].due == .instant(Date(timeIntervalSince1970: 1_796_140_800)))
        #expect(Mapping.exported(tasks) == Self.file(due: "DUE;TZID=Europe/Berlin:20261201T170000\r\n", zone: Mapping.berlin))
    }

    /// 10:00 UTC on 1 July is 12:00 in Berlin's summer time.
    @Test func aTimedDueChangedHereIsWrittenInTheZoneItWasReadIn() throws {
        var tasks = try Self.inBerlin()
        tasks[0].due = .instant(Date(timeIntervalSince1970: 1_814_436_000))
        #expect(Mapping.exported(tasks) == Self.file(due: "DUE;TZID=Europe/Berlin:20270701T120000\r\n", zone: Mapping.berlin))
    }

    @Test func aDueReadInAZoneAndRemovedHereDoesNotComeBack() throws {
        var tasks = try Self.inBerlin()
        tasks[0].due = nil
        #expect(Mapping.exported(tasks) == Self.file(due: ""))
    }

    @Test func anAllDayDueSetOnATaskReadInAZoneStaysADate() throws {
        var tasks = try Self.inBerlin()
        tasks[0].due = .day(Samples.day(2026, 12, 3))
        #expect(Mapping.exported(tasks) == Self.file(due: "DUE;VALUE=DATE:20261203\r\n"))
    }

    /// Without its VTIMEZONE, a zone the system knows is written with one made from its rules
    /// (`ICalendarSystemZone`): in UTC, as before, a weekly task's time drifted an hour on the phone
    /// at the next change of daylight saving time (found by an independent tester).
    @Test func aTimedDueInAZoneWithoutItsVTimezoneIsWrittenInItWithOneFromTheSystem() throws {
        var tasks = try Mapping.imported(Mapping.todo(1, "SUMMARY:Meet\r\nDUE;TZID=Europe/Berlin:20261201T170000\r\n"))
        #expect(tasks[0].due == .instant(Date(timeIntervalSince1970: 1_796_140_800)))
        #expect(Mapping.exported(tasks) == Self.file(due: "DUE;TZID=Europe/Berlin:20261201T170000\r\n", zone: Mapping.berlinFromTheSystem))
        // 10:00 UTC on 1 July 2027: 12:00 in summer; the zone's rules from 2026.
        tasks[0].due = .instant(Date(timeIntervalSince1970: 1_814_436_000))
        let from2026 = Mapping.berlinFromTheSystem.replacingOccurrences(of: "DTSTART:2025", with: "DTSTART:2026")
            .replacingOccurrences(of: "20260330T", with: "20260329T").replacingOccurrences(of: "20261026T", with: "20261025T")
        #expect(Mapping.exported(tasks) == Self.file(due: "DUE;TZID=Europe/Berlin:20270701T120000\r\n", zone: from2026))
    }
}
