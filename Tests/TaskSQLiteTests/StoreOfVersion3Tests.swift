import Foundation
import TaskTestSupport
import Testing
import TaskModel
import TaskSQLite

/// A store written by the release of schema 3 (`Fixtures/v3-store.sqlite`, made as its README
/// says), with every kind of step in its history: today's release reads it as it wrote it, and a
/// later schema must upgrade it keeping every task, flag, order, foreign field and undo step.
@Suite struct StoreOfVersion3Tests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = try Fixture.copy("v3-store.sqlite", into: folder)
    }

    @Test func everyTaskFlagForeignFieldAndTheOrderAreKept() throws {
        let database = try SQLiteStorage(path: path)
        #expect(try database.snapshot() == ["Water the plants", "Buy oat milk", "★Call mom",
                                            "Renew the passport +errands @town"])
        #expect(try database.allTasks().map(\.foreign) == [[:], [:], [:], ["todo.txt": "B"]])
    }

    @Test func undoAndRedoWalkTheHistoryAsThatReleaseDid() throws {
        let database = try SQLiteStorage(path: path)
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try database.undo() == Change(kind: .removeDone, taskCount: 2))
        #expect(try database.snapshot() == ["Water the plants", "Buy oat milk", "★Call mom", "✓Café ☕ 日本",
                                            "Renew the passport +errands @town", "✓Return the library books"])
        #expect(try database.undo() == Change(kind: .toggleDone, taskCount: 1, text: "Café ☕ 日本", isSet: false))
        #expect(try database.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "Café ☕ 日本"))
        // The undone add of "Dropped", dropped by the add after it, is passed over.
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "Pay rent"))
        #expect(try database.undo() == Change(kind: .edit, taskCount: 1, text: "Buy milk"))
        #expect(try database.undo() == Change(kind: .move, taskCount: 1, text: "Water the plants"))
        #expect(try database.snapshot() == ["Buy milk", "✓Pay rent", "★Call mom", "Water the plants"])
    }
}
