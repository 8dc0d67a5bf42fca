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

    /// A floating time (RFC 5545: the same wall-clock time wherever one is), read in the import's
    /// zone, is written back floating, changed here or not: it was written in UTC, and a phone
    /// repeating it drifted an hour at the next change of clocks (found by an independent tester).
    /// So is one in a zone nobody knows, whose VTIMEZONE did not come with it.
    @Test(arguments: ["DUE:20261201T170000", "DUE;TZID=Nowhere/Known:20261201T170000"])
    func aFloatingTimedDueIsWrittenBackFloating(_ due: String) throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//peer//peer//EN\r\n"
            + Mapping.todo(1, "SUMMARY:Meet\r\n\(due)\r\nRRULE:FREQ=WEEKLY\r\n") + "END:VCALENDAR\r\n"
        var tasks = Array(try RoundTripTests.reimported(Array(file.utf8), .ics, timeZone: berlin))
        #expect(tasks[0].due == .instant(Date(timeIntervalSince1970: 1_796_140_800))) // 16:00 UTC
        func exported() -> String {
            String(decoding: Interchange.export(TaskList(tasks), as: .ics, timeZone: berlin), as: UTF8.self)
        }
        #expect(exported().contains("DUE:20261201T170000\r\nRRULE:FREQ=WEEKLY\r\n"), "\(exported())")
        tasks[0].due = .instant(Date(timeIntervalSince1970: 1_814_436_000)) // 10:00 UTC on 1 July 2027
        #expect(exported().contains("DUE:20270701T120000\r\nRRULE:FREQ=WEEKLY\r\n"), "\(exported())")
        #expect(!exported().contains("X-TASKS-DUE-ZONE"))
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
    /// A recurring task's timed due made here is written in the zone tasks follows it in, with that
    /// zone's VTIMEZONE: in UTC, a task due Mondays at 00:30 in Berlin, 23:30 on Sunday in UTC, came
    /// next on a Tuesday in Berlin on a phone repeating it as RFC 5545 says. It reads back as the
    /// same series; in UTC it is written in UTC, as before.
    @Test func aRecurringTimedDueMadeHereIsWrittenInTheZoneTasksFollowsItIn() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let task = TaskItem(id: UUID(), text: "Meet", createdAt: Samples.now,
                            due: .instant(Date(timeIntervalSince1970: 1_796_599_800)), // Monday 7 December 2026, 00:30 in Berlin
                            recurrence: Recurrence(.weekdays([.monday])))
        func exported(in zone: TimeZone) -> String {
            String(decoding: Interchange.export(TaskList([task]), as: .ics, timeZone: zone), as: UTF8.self)
        }

        let inBerlin = exported(in: berlin)

        #expect(inBerlin.contains("DUE;TZID=Europe/Berlin:20261207T003000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n"), "\(inBerlin)")
        #expect(inBerlin.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        let back = try RoundTripTests.reimported(Array(inBerlin.utf8), .ics, timeZone: berlin).first
        #expect(back?.due == task.due && back?.recurrence == task.recurrence)
        #expect(exported(in: Samples.utc).contains("DUE:20261206T233000Z\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n"))
    }
}
