import Foundation
import GRDB
import TaskTestSupport
import Testing
import TaskModel
import TaskSQLite

/// A store written by the release of schema 5 (`Fixtures/v5-store.sqlite`, made as its README
/// says), with a due date, tags and a recurrence in its history: schema 6 adds the time of a task's
/// last change without rewriting a row, keeps every task and step, and records, undoes and redoes
/// that time like any other field.
@Suite struct StoreOfVersion5Tests {
    let folder: TemporaryFolder
    let path: String
    private static let time = Date(timeIntervalSince1970: 1_767_225_600.5)

    init() throws {
        folder = try TemporaryFolder()
        path = try Fixture.copy("v5-store.sqlite", into: folder)
    }

    @Test func everyTaskIsKeptWithNoTimeOfChange() throws {
        let database = try SQLiteStorage(path: path)
        #expect(database.upgrade == nil)
        #expect(try database.snapshot() == ["Water the plants", "Buy oat milk", "★Call mom", "Renew the passport"])
        let tasks = try database.allTasks()
        #expect(tasks[0].due == .day(try #require(CalendarDay(year: 2099, month: 1, day: 1))))
        #expect(tasks[0].recurrence == Recurrence(.weeks(1)) && tasks[1].tags == ["shop"])
        #expect(tasks[3].tags == ["errands", "@town"])
        #expect(tasks.allSatisfy { $0.modifiedAt == nil })
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 7)
    }

    @Test func theOldHistoryIsWalkedAndTheTimeOfAChangeJoinsIt() throws {
        let database = try SQLiteStorage(path: path)
        let upgraded = try database.allTasks()
        try database.edit(ids: [upgraded[1].id], TaskEdit(text: "Buy milk"), at: Self.time)
        #expect(try database.allTasks()[1].modifiedAt == Self.time)
        let undone = Self.time.addingTimeInterval(60)
        #expect(try database.undo(at: undone) == Change(kind: .edit, taskCount: 1, text: "Buy oat milk"))
        #expect(try database.allTasks()[1].modifiedAt == undone)
        #expect(try database.undo() == Change(kind: .setRecurrence, taskCount: 1, text: "Water the plants"))
        #expect(try database.undo() == Change(kind: .retag, taskCount: 1, text: "Buy oat milk"))
        #expect(try database.undo() == Change(kind: .setDue, taskCount: 1, text: "Water the plants"))
        #expect(try database.undo() == Change(kind: .removeDone, taskCount: 2))
        for _ in 0..<4 { try database.redo() }
        #expect(try database.allTasks().map(\.asChangedAnyTime) == upgraded.map(\.asChangedAnyTime))
        #expect(try database.redo(at: undone).kind == .edit)
        #expect(try database.allTasks()[1].modifiedAt == undone)
    }
}
