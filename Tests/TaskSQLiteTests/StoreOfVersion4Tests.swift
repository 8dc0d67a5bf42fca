import Foundation
import GRDB
import TaskTestSupport
import Testing
import TaskModel
import TaskSQLite

/// A store written by the release of schema 4 (`Fixtures/v4-store.sqlite`, made as its README
/// says): schema 5 keeps every task, flag, order, foreign field and undo step, and the new fields
/// start empty and are then kept and undone like the others.
@Suite struct StoreOfVersion4Tests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = try Fixture.copy("v4-store.sqlite", into: folder)
    }

    @Test func everyTaskIsKeptWithoutDueDatesTagsOrRecurrence() throws {
        let database = try SQLiteStorage(path: path)
        #expect(database.upgrade == nil)
        #expect(try database.snapshot() == ["Water the plants", "Buy oat milk", "★Call mom",
                                            "Renew the passport +errands @town"])
        #expect(try database.allTasks().map(\.foreign) == [[:], [:], [:], ["todo.txt": "B"]])
        #expect(try database.allTasks().allSatisfy { $0.due == nil && $0.tags.isEmpty && $0.recurrence == nil })
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 7)
    }

    @Test func undoAndRedoWalkTheOldHistoryAndTheNewFieldsJoinIt() throws {
        let database = try SQLiteStorage(path: path)
        let tasks = try database.allTasks()
        try database.edit(ids: [tasks[0].id], TaskEdit(due: .some(.day(CalendarDay(year: 2026, month: 12, day: 1)!)),
                                                       tags: ["home"], recurrence: .some(Recurrence(.weeks(1)))))
        #expect(try database.undo() == Change(kind: .edit, taskCount: 1, text: "Water the plants"))
        #expect(try database.allTasks() == tasks)
        #expect(try database.undo() == Change(kind: .removeDone, taskCount: 2))
        #expect(try database.undo() == Change(kind: .toggleDone, taskCount: 1, text: "Café ☕ 日本", isSet: false))
        #expect(try database.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "Café ☕ 日本"))
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "Pay rent"))
        #expect(try database.undo() == Change(kind: .edit, taskCount: 1, text: "Buy milk"))
        #expect(try database.undo() == Change(kind: .move, taskCount: 1, text: "Water the plants"))
        #expect(try database.snapshot() == ["Buy milk", "✓Pay rent", "★Call mom", "Water the plants"])
        for _ in 0..<7 { try database.redo() }
        #expect(try database.snapshot() == ["Water the plants", "Buy oat milk", "★Call mom",
                                            "Renew the passport +errands @town"])
        #expect(try database.redo() == Change(kind: .edit, taskCount: 1, text: "Water the plants"))
        #expect(try database.allTasks()[0].tags == ["home"])
    }
}
