import Foundation
import Testing
import TaskInterchange
import TaskModel

/// The time of a task's last change in the formats that carry one: Taskwarrior's `modified` and
/// iCalendar's `LAST-MODIFIED`, written from the task (its creation when it was never changed,
/// never a stale value read from a file) and read back.
@Suite struct ModifiedTimeTests {
    static let changed = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18 11:06:40 UTC

    static func task(modifiedAt: Date?, foreign: [String: String] = [:]) -> TaskItem {
        var task = Samples.task(1, "Pay rent", isDone: true, foreign: foreign)
        task.modifiedAt = modifiedAt
        return task
    }

    func json(_ task: TaskItem) -> String {
        String(decoding: Interchange.export(TaskList([task]), as: .json, timeZone: Samples.utc), as: UTF8.self)
    }

    func iCalendar(_ task: TaskItem) -> String {
        String(decoding: Interchange.export(TaskList([task]), as: .ics, timeZone: Samples.utc), as: UTF8.self)
    }

    @Test func taskwarriorsModifiedIsTheLastChangeReplacingTheOneReadFromAFile() {
        let task = Self.task(modifiedAt: Self.changed, foreign: ["taskwarrior": #"{"modified":"20240103T000000Z","project":"home"}"#])
        #expect(json(task) == """
            [
            {"uuid":"019a0000-0000-7000-8000-000000000001","description":"Pay rent","entry":"20251122T092640Z","modified":"20261118T110640Z","status":"completed","end":"20251123T121320Z","project":"home"}
            ]

            """)
    }

    /// Its creation is its only time: Taskwarrior and iCalendar readers take `entry` and `CREATED` for it.
    @Test func aTaskNeverChangedHasNoTimeOfChange() {
        #expect(json(Self.task(modifiedAt: nil)).contains(#""entry":"20251122T092640Z","status":"#))
        #expect(iCalendar(Self.task(modifiedAt: nil)).contains("\r\nCREATED:20251122T092640Z\r\nSUMMARY:"))
    }

    @Test func iCalendarsLastModifiedIsTheLastChange() {
        let task = Self.task(modifiedAt: Self.changed, foreign: ["icalendar": "LAST-MODIFIED:20240103T000000Z"])
        let text = iCalendar(task)
        #expect(text.contains("\r\nCREATED:20251122T092640Z\r\nLAST-MODIFIED:20261118T110640Z\r\n"))
        #expect(!text.contains("2024"))
    }

    @Test(arguments: [InterchangeFormat.json, .ics]) func theTimeReadsBackAsTheTasksOwn(_ format: InterchangeFormat) throws {
        let bytes = Interchange.export(TaskList([Self.task(modifiedAt: Self.changed)]), as: format, timeZone: Samples.utc)
        let parsed = try Interchange.parse(bytes, as: format, timeZone: Samples.utc, now: Samples.now)
        #expect(parsed.tasks.map(\.modifiedAt) == [Self.changed])
        // Not kept as a foreign field too, to be written back stale.
        #expect(!(parsed.tasks.first?.foreign.values.contains { $0.contains("modified") || $0.contains("MODIFIED") } ?? true))
    }
}
