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
}
