import Foundation
import Testing
import TaskInterchange
import TaskModel

/// A series another client wrote keeps its clock here (`Recurrence.zone`, `minuteOfDay`), and its
/// next task is written by it: in the zone it counts in, at the time of day it keeps. And a series
/// tasks cannot follow, kept as lines, is written back only while the task is what it was read as.
/// Found by independent testers. Fixed days and zones.
@Suite struct ICalendarSeriesClockTests {
    typealias Mapping = ICalendarMappingTests
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func read(_ lines: String, in zone: TimeZone, zones: String = "") throws -> TaskItem {
        let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//peer//peer//EN\r\n" + zones + Mapping.todo(1, "SUMMARY:Meet\r\n" + lines)
            + "END:VCALENDAR\r\n"
        return try #require(try RoundTripTests.reimported(Array(file.utf8), .ics, timeZone: zone).first)
    }

    func exported(_ task: TaskItem, in zone: TimeZone) -> String {
        String(decoding: Interchange.export(TaskList([task]), as: .ics, timeZone: zone), as: UTF8.self)
    }

    /// A phone's daily series at 09:00 in New York, read in Berlin, counts in New York: its next task,
    /// the Sunday New York's clocks go forward, is at 09:00 there, written there, and reads back the same.
    @Test func aSeriesReadInAnotherZoneCountsAndIsWrittenThere() throws {
        let task = try read("DUE;TZID=America/New_York:20270313T090000\r\nRRULE:FREQ=DAILY\r\n", in: berlin)
        #expect(task.due == .instant(Date(timeIntervalSince1970: 1_804_946_400)))
        #expect(task.recurrence == Recurrence(.days(1), zone: "America/New_York"))

        let next = try #require(task.recurrence).following(task.due, completed: Date(timeIntervalSince1970: 1_804_946_400), in: berlin)
        let follower = TaskItem(id: UUID(), text: "Meet", createdAt: Samples.now, due: next.due, recurrence: next.recurrence)
        let written = exported(follower, in: berlin)
        #expect(written.contains("DUE;TZID=America/New_York:20270314T090000\r\nRRULE:FREQ=DAILY\r\n"), "\(written)")
        #expect(written.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
        let back = try #require(try RoundTripTests.reimported(Array(written.utf8), .ics, timeZone: berlin).first)
        #expect(back.due == follower.due && back.recurrence == follower.recurrence)
    }

    /// One in the machine's own zone, synced, keeps it too: it counts there wherever the machine goes
    /// next (read in New York, it counted in Berlin once the laptop was there: found by an
    /// independent tester). Imported, it has none, as one made here: an export imported again is
    /// the list exported. One in UTC counts in the machine's zone, as before.
    @Test func aSeriesReadInTheMachinesZoneKeepsItWhenSynced() throws {
        let lines = "DUE;TZID=Europe/Berlin:20270313T090000\r\nRRULE:FREQ=DAILY\r\n"
        let file = "BEGIN:VCALENDAR\r\n" + Mapping.todo(1, "SUMMARY:Meet\r\n" + lines) + "END:VCALENDAR\r\n"
        let synced = try ICalendarResource.read(Array(file.utf8), timeZone: berlin, now: Samples.now)
        #expect(synced.recurrence == Recurrence(.days(1), zone: "Europe/Berlin"))
        let task = try read(lines, in: berlin)
        #expect(task.recurrence == Recurrence(.days(1)))
        let inUTC = try read("DUE:20270313T080000Z\r\nRRULE:FREQ=DAILY\r\n", in: berlin)
        #expect(inUTC.recurrence == Recurrence(.days(1)))
    }

    /// Due at 02:30 on the night Berlin's clocks skip it: it is 03:30, kept as 02:30 for the series,
    /// written back as 02:30 (RFC 5545 reads it as 03:30), and its next one is 02:30 again.
    @Test(arguments: ["DUE;TZID=Europe/Berlin:20270328T023000", "DUE:20270328T023000"])
    func aSeriesDueInTheHourClocksSkipKeepsItsTime(_ due: String) throws {
        let task = try read(due + "\r\nRRULE:FREQ=DAILY\r\n", in: berlin)
        #expect(task.due == .instant(Date(timeIntervalSince1970: 1_806_197_400)))
        #expect(task.recurrence == Recurrence(.days(1), minuteOfDay: 150))
        #expect(exported(task, in: berlin).contains(due + "\r\nRRULE:FREQ=DAILY\r\n"))
        let next = try #require(task.recurrence).following(task.due, completed: Date(timeIntervalSince1970: 1_806_197_400), in: berlin)
        #expect(next.due == .instant(Date(timeIntervalSince1970: 1_806_280_200))) // Monday, 02:30 in Berlin
    }

    /// Read on a machine in UTC, the same series counts in Berlin, at 02:30.
    @Test func aSeriesDueInTheHourClocksSkipElsewhereKeepsItsZoneAndTime() throws {
        let task = try read("DUE;TZID=Europe/Berlin:20270328T023000\r\nRRULE:FREQ=DAILY\r\n", in: Samples.utc)
        #expect(task.recurrence == Recurrence(.days(1), zone: "Europe/Berlin", minuteOfDay: 150))
        #expect(exported(task, in: Samples.utc).contains("DUE;TZID=Europe/Berlin:20270328T023000\r\nRRULE:FREQ=DAILY\r\n"))
    }

    /// Monthly on the 1st at 01:00 in Berlin, read in New York (where it is the 31st or the 28th):
    /// its RRULE says the day in Berlin, where it counts and its DUE is written. It was written as
    /// monthly on the month's last day (found by an independent tester).
    @Test func aMonthlySeriesInAnotherZoneIsWrittenOnItsDayThere() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let task = try read("DUE;TZID=Europe/Berlin:20270201T010000\r\nRRULE:FREQ=MONTHLY\r\n", in: newYork)
        #expect(task.recurrence == Recurrence(.months(1, dayOfMonth: nil), zone: "Europe/Berlin"))
        let written = exported(task, in: newYork)
        #expect(written.contains("DUE;TZID=Europe/Berlin:20270201T010000\r\nRRULE:FREQ=MONTHLY\r\n"), "\(written)")
    }

    /// A due that is a start and a duration counts in the start's zone (it counted here).
    @Test func aSeriesDueByItsStartAndDurationCountsInTheStartsZone() throws {
        let task = try read("DTSTART;TZID=America/New_York:20270313T090000\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\n", in: berlin)
        #expect(task.due == .instant(Date(timeIntervalSince1970: 1_804_950_000))) // 10:00 in New York
        #expect(task.recurrence == Recurrence(.days(1), zone: "America/New_York"))
    }

    /// Taskwarrior's JSON keeps the clock (`tasksrecur`): read back, the series is the same. It lost
    /// its zone and kept time, and came an hour off (found by an independent tester).
    @Test(arguments: [Recurrence(.days(1), zone: "America/New_York"), Recurrence(.weekdays([.monday]), minuteOfDay: 150)])
    func aSeriesClockGoesThroughTaskwarriorsJSON(_ recurrence: Recurrence) throws {
        let task = TaskItem(id: UUID(), text: "Meet", createdAt: Samples.now, due: .instant(Date(timeIntervalSince1970: 1_804_946_400)),
                            recurrence: recurrence)
        let json = Interchange.export(TaskList([task]), as: .json, timeZone: berlin)
        let back = try #require(try RoundTripTests.reimported(json, .json, timeZone: berlin).first)
        #expect(back.recurrence == recurrence && back.due == task.due)
    }

    // MARK: A zone only the calendar defines

    /// A weekly series at 09:00 in a zone of the calendar's own, which the system does not know, of
    /// Central European time, read in New York: it counts in a zone that keeps the same clock, so that its next task,
    /// the day after Europe's clocks go forward (New York's went two weeks before), is at 09:00
    /// there, 07:00 UTC. It counted in New York's zone, and came at 10:00 (found by an independent
    /// tester). Written, it reads back the same.
    @Test func aSeriesInAZoneOnlyTheCalendarDefinesCountsInOneThatKeepsItsClock() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        // A name of its own, which no table knows.
        let zones = Mapping.outlook.replacingOccurrences(of: "TZID:W. Europe Standard Time", with: "TZID:Mitteleuropäische Zeit")
        let task = try read("DUE;TZID=Mitteleuropäische Zeit:20270322T090000\r\nRRULE:FREQ=WEEKLY\r\n", in: newYork, zones: zones)
        #expect(task.due == .instant(Samples.utcTime(2027, 3, 22, 8, 0)))
        let zone = try #require(task.recurrence?.zone.flatMap(TimeZone.init(identifier:)))
        #expect(zone.secondsFromGMT(for: Samples.utcTime(2027, 3, 29, 7, 0)) == 7_200)

        let next = try #require(task.recurrence).following(task.due, completed: Samples.utcTime(2027, 3, 22, 8, 0), in: newYork)
        #expect(next.due == .instant(Samples.utcTime(2027, 3, 29, 7, 0)))
        let follower = TaskItem(id: UUID(), text: "Meet", createdAt: Samples.now, due: next.due, recurrence: next.recurrence)
        let written = exported(follower, in: newYork)
        #expect(written.contains(":20270329T090000\r\nRRULE:FREQ=WEEKLY\r\n"), "\(written)")
        let back = try #require(try RoundTripTests.reimported(Array(written.utf8), .ics, timeZone: newYork).first)
        #expect(back.due == follower.due && back.recurrence == follower.recurrence)
    }

    /// A zone that says which it is, at the end of its TZID (as Thunderbird names them), in its
    /// `X-LIC-LOCATION` or by Windows' name for it, is that one when its clock is the same; else
    /// the first by name whose clock is: the same on every machine (a copy in New York and one in
    /// Berlin chose two, and each said the other changed the series). One of one offset is that
    /// offset. Imported, this machine's zone is none, as for a series made here.
    @Test(arguments: [("/mozilla.org/20050126_1/Europe/Berlin", "", "America/New_York", "Europe/Berlin"),
                      ("Central European", "X-LIC-LOCATION:Europe/Vienna\r\n", "America/New_York", "Europe/Vienna"),
                      ("W. Europe Standard Time", "", "America/New_York", "Europe/Berlin"),
                      ("W. Europe Standard Time", "", "Europe/Berlin", nil),
                      ("W. Europe Standard Time", "", "Europe/Paris", "Europe/Berlin")])
    func aZoneTheCalendarDefinesIsTheOneItSays(_ tzid: String, _ location: String, _ machine: String, _ zone: String?) throws {
        let here = try #require(TimeZone(identifier: machine))
        let zones = Mapping.outlook.replacingOccurrences(of: "TZID:W. Europe Standard Time\r\n", with: "TZID:\(tzid)\r\n" + location)
        let task = try read("DUE;TZID=\"\(tzid)\":20270322T090000\r\nRRULE:FREQ=DAILY\r\n", in: here, zones: zones)
        #expect(task.due == .instant(Samples.utcTime(2027, 3, 22, 8, 0)))
        #expect(task.recurrence == Recurrence(.days(1), zone: zone))
    }

    @Test func aZoneTheCalendarDefinesOfOneOffsetIsThatOffset() throws {
        let zones = "BEGIN:VTIMEZONE\r\nTZID:My Odd Zone\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
            + "TZOFFSETFROM:+0137\r\nTZOFFSETTO:+0137\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        let task = try read("DUE;TZID=My Odd Zone:20270322T090000\r\nRRULE:FREQ=DAILY\r\n", in: berlin, zones: zones)
        #expect(task.due == .instant(Samples.utcTime(2027, 3, 22, 7, 23)))
        #expect(task.recurrence == Recurrence(.days(1), zone: "GMT+0137"))
        let next = try #require(task.recurrence).following(task.due, completed: Samples.utcTime(2027, 3, 22, 7, 23), in: berlin)
        #expect(next.due == .instant(Samples.utcTime(2027, 3, 23, 7, 23)))
    }

    /// One whose clock no zone of the system's keeps (five and a half hours ahead, then six and a
    /// half in summer) counts in this machine's zone, as before.
    @Test func aSeriesInAZoneNoSystemZoneKeepsCountsHere() throws {
        let zones = Mapping.outlook.replacingOccurrences(of: "+0100", with: "+0530").replacingOccurrences(of: "+0200", with: "+0630")
        let task = try read("DUE;TZID=W. Europe Standard Time:20270322T090000\r\nRRULE:FREQ=DAILY\r\n", in: berlin, zones: zones)
        #expect(task.due == .instant(Samples.utcTime(2027, 3, 22, 3, 30)))
        #expect(task.recurrence == Recurrence(.days(1)))
    }

    // MARK: A series tasks cannot follow

    static let series = "DUE;VALUE=DATE:20261201\r\nRRULE:FREQ=DAILY\r\nEXDATE;VALUE=DATE:20261203\r\n"

    @Test func aKeptSeriesIsWrittenBackWhileTheTaskIsAsItWasRead() throws {
        let task = try read(Self.series, in: Samples.utc)
        #expect(task.recurrence == nil)
        let written = exported(task, in: Samples.utc)
        #expect(written.contains("DUE;VALUE=DATE:20261201\r\nRRULE:FREQ=DAILY\r\nEXDATE;VALUE=DATE:20261203\r\n"), "\(written)")
        #expect(!written.contains("X-TASKS-SERIES-DUE"))
    }

    /// Its RRULE said a series from the day it was read with: beside a due changed here, removed, or
    /// a recurrence given here, its lines are not written (the RRULE stood beside the new due).
    @Test(arguments: [Due.day(Samples.day(2026, 12, 5)), nil])
    func aKeptSeriesIsNotWrittenBesideADueChangedHere(_ due: Due?) throws {
        var task = try read(Self.series, in: Samples.utc)
        task.due = due
        let written = exported(task, in: Samples.utc)
        #expect(!written.contains("RRULE") && !written.contains("EXDATE") && !written.contains("X-TASKS-SERIES-DUE"), "\(written)")
    }

    @Test func aKeptSeriesGivesWayToARecurrenceGivenHere() throws {
        var task = try read(Self.series, in: Samples.utc)
        task.recurrence = Recurrence(.days(2))
        let written = exported(task, in: Samples.utc)
        #expect(written.contains("DUE;VALUE=DATE:20261201\r\nRRULE:FREQ=DAILY;INTERVAL=2\r\n"), "\(written)")
        #expect(!written.contains("EXDATE"))
    }

    /// Dates of its own (`RDATE`) without an RRULE make a series too: kept, counted by an import,
    /// and left alone by a sync. It was read as a plain task, and re-dating it here lost its dates
    /// there (found by an independent tester).
    @Test func aSeriesOfDatesAloneIsKeptAndCounted() throws {
        let lines = "DUE;VALUE=DATE:20270105\r\nRDATE;VALUE=DATE:20270201\r\n"
        let file = "BEGIN:VCALENDAR\r\n" + Mapping.todo(1, "SUMMARY:Meet\r\n" + lines) + "END:VCALENDAR\r\n"
        #expect(try Interchange.parse(Array(file.utf8), as: .ics, timeZone: Samples.utc, now: Samples.now).unfollowedSeries == 1)
        #expect(throws: InterchangeError(.line(8), .unreadableRecurrence("20270201"))) {
            try ICalendarResource.read(Array(file.utf8), timeZone: Samples.utc, now: Samples.now, refusingUnreadableRecurrence: true)
        }
        var task = try read(lines, in: Samples.utc)
        #expect(exported(task, in: Samples.utc).contains(lines))
        task.due = .day(Samples.day(2027, 1, 8))
        #expect(!exported(task, in: Samples.utc).contains("RDATE"))
    }

    /// An export read again keeps the series as the first reading did, and says so again.
    @Test func aKeptSeriesReadBackIsKeptTheSameWay() throws {
        let task = try read(Self.series, in: Samples.utc)
        let back = try #require(try RoundTripTests.reimported(Array(exported(task, in: Samples.utc).utf8), .ics).first)
        #expect(back.foreign == task.foreign && back.due == task.due && back.recurrence == nil)
    }
}
