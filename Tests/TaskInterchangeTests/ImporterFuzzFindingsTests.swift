import Foundation
import Testing
import TaskInterchange
import TaskModel

/// What `make fuzz` found in the importers: each file, read, exported and read again, gives the same
/// tasks and then the same bytes.
@Suite struct ImporterFuzzFindingsTests {
    /// The tasks of `file`, and of its export read again.
    func readTwice(_ file: String, _ format: InterchangeFormat) throws -> (first: TaskList, second: TaskList) {
        let first = try RoundTripTests.reimported(Array(file.utf8), format)
        let second = try RoundTripTests.reimported(Interchange.export(first, as: format, timeZone: Samples.utc), format)
        return (first, second)
    }

    /// Its zone written floating (one nobody knows) or with a VTIMEZONE made from the system's rules.
    @Test(arguments: [("Nowhere/Known", "\nTZID=X:20261130T090000"),
                      ("Europe/Berlin", "\nTZID=X;TZID=Europe/Berlin:20261130T090000\n")])
    func aPropertyNamedLikeATZIDParameterKeepsItsName(_ zone: String, _ suffix: String) throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-000000000001\r\nSUMMARY:a\r\n"
            + "TZID=X;TZID=\(zone):20261130T090000\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let (first, second) = try readTwice(file, .ics)
        #expect(second.map { $0.foreign["icalendar"]?.contains(suffix) } == [true])
        #expect(Interchange.export(second, as: .ics, timeZone: Samples.utc) == Interchange.export(first, as: .ics, timeZone: Samples.utc))
    }

    @Test func aZoneOnlyAKeptLineTheTasksOwnReplacesNamesIsNotWritten() throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-000000000001\r\nSUMMARY:a\r\n"
            + "DUE:20261130T170000Z\r\nDUE;TZID=Europe/Berlin:20261201T090000\r\nEND:VTODO\r\n"
            + "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nEND:VTIMEZONE\r\nEND:VCALENDAR\r\n"
        let (first, second) = try readTwice(file, .ics)
        let export = Interchange.export(first, as: .ics, timeZone: Samples.utc)
        #expect(!String(decoding: export, as: UTF8.self).contains("VTIMEZONE"))
        #expect(Interchange.export(second, as: .ics, timeZone: Samples.utc) == export)
    }

    @Test func aSummaryWithATZIDKeepsItsTextAsItWas() throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-000000000001\r\n"
            + "SUMMARY;TZID=Europe/Berlin:20261201T091000\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let (first, second) = try readTwice(file, .ics)
        #expect(first.map(\.text) == ["20261201T091000"])
        #expect(second.map(\.text) == ["20261201T091000"])
    }

    @Test func aToDoWithASecondUIDKeepsTheFirstAsItsIdentity() throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-000000000001\r\nSUMMARY:a\r\n"
            + "UID:019a0000-0000-7000-8000-000000000002\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let (first, second) = try readTwice(file, .ics)
        #expect(first.map(\.id) == [Samples.id(1)])
        #expect(second.map(\.id) == [Samples.id(1)])
    }

    @Test func aToDoWithASecondStatusKeepsTheFirst() throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-000000000001\r\nSUMMARY:a\r\n"
            + "STATUS:NEEDS-ACTION\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let (first, second) = try readTwice(file, .ics)
        #expect(first.map(\.isDone) == [false])
        #expect(second.map(\.isDone) == [false])
    }

    @Test func theUIDAndStatusOfAnAlarmInsideAToDoAreTheAlarmsAndWrittenBack() throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-000000000001\r\nSUMMARY:a\r\n"
            + "BEGIN:VALARM\r\nUID:019a0000-0000-7000-8000-000000000002\r\nACTION:DISPLAY\r\nSTATUS:x\r\nEND:VALARM\r\n"
            + "END:VTODO\r\nEND:VCALENDAR\r\n"
        let (first, second) = try readTwice(file, .ics)
        #expect(first.map(\.id) == [Samples.id(1)])
        #expect(second.map(\.id) == [Samples.id(1)])
        let exported = String(decoding: Interchange.export(second, as: .ics, timeZone: Samples.utc), as: UTF8.self)
        #expect(exported.contains("BEGIN:VALARM\r\nUID:019a0000-0000-7000-8000-000000000002\r\nACTION:DISPLAY\r\nSTATUS:x\r\nEND:VALARM\r\n"))
    }

    @Test func aTodoTxtDueTimeInLocalMeanTimeComesBackToTheSecond() throws {
        // Berlin before 1893 was 53 minutes 28 seconds ahead of UTC: todo.txt's offsets are minutes.
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let due = Date(timeIntervalSince1970: -30_272_396_400) // 1010-09-16 01:00:00 UTC
        let list = TaskList([Samples.task(1, "old", due: .instant(due))])
        let exported = Interchange.export(list, as: .todotxt, timeZone: berlin)
        #expect(String(decoding: exported, as: UTF8.self).contains(" due:1010-09-16 due-time:01:53+00:53 "))
        let back = try RoundTripTests.reimported(exported, .todotxt, timeZone: berlin)
        #expect(back.map(\.due) == [.instant(due)])
    }

    @Test func aPropertyEndingInAStrayCRStaysOneLineOfItsOwn() throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-000000000001\r\nSUMMARY:a\r\n"
            + "RRULE:FREQ=MONTHLY\r\r\nRRULE:FREQ=WEEKLY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let (first, second) = try readTwice(file, .ics)
        #expect(first.map(\.recurrence) == [nil])
        #expect(second.map(\.recurrence) == [nil])
        #expect(second.map { $0.foreign["icalendar"]?.hasSuffix("\nRRULE:FREQ=MONTHLY\r\nRRULE:FREQ=WEEKLY\nX-TASKS-SERIES-DUE:NONE") } == [true])
    }

    /// They are read in order; written back they would tell clients it is done (`ICalendarMappingTests`).
    @Test func theCompletedTimesOfAToDoNotDoneAreReadInOrderAndNotWrittenBack() throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-000000000001\r\nSUMMARY:a\r\n"
            + "STATUS:IN-PROCESS\r\nCOMPLETED:20261126T101634Z\r\nCOMPLETED:20261122T183000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let (first, second) = try readTwice(file, .ics)
        #expect(first.map(\.isDone) == [false])
        let lines = "STATUS:IN-PROCESS\nCOMPLETED:20261126T101634Z\nCOMPLETED:20261122T183000Z"
        #expect(first.map { $0.foreign["icalendar"] } == [lines])
        #expect(second.map { $0.foreign["icalendar"]?.hasSuffix("\nSTATUS:IN-PROCESS") } == [true]) // after the DTSTAMP written
    }

    @Test func aLineAfterAHardBreakStartingWithACombiningMarkKeepsNoSpace() throws {
        let (first, second) = try readTwice("- [ ] two\\\n  \u{05BD}ex\n", .markdown)
        #expect(first.map(\.text) == ["two\n\u{05BD}ex"])
        #expect(second.map(\.text) == ["two\n\u{05BD}ex"])
    }

    @Test func aTodoTxtTextStartingWithACombiningMarkKeepsIt() throws {
        let texts = ["\u{05BD}ex", "\u{0301}done"]
        let list = TaskList([Samples.task(1, texts[0]), Samples.task(2, texts[1], isDone: true)])
        let back = try RoundTripTests.reimported(Interchange.export(list, as: .todotxt, timeZone: Samples.utc), .todotxt)
        #expect(back.map { Array($0.text.unicodeScalars) } == texts.map { Array($0.unicodeScalars) })
        #expect(back.map(\.isDone) == [false, true])
        #expect(try readTwice("(B) \u{0301}x\n", .todotxt).first.map { $0.foreign["todo.txt"] } == ["B"])
    }
}
