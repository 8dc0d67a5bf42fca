import Foundation
import GRDB
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

/// A schema-3 store whose history cannot be turned into before- and after-rows (a step names a task
/// that is not stored) is upgraded with every task in its list kept, its history dropped, and says so.
@Suite struct StoreOfVersion3WithADamagedHistoryTests {
    @Test func itsHistoryIsDroppedEveryListedTaskKeptAndTheUpgradeSaysSo() throws {
        let folder = try TemporaryFolder()
        let path = try Fixture.copy("v3-store.sqlite", into: folder)
        try DatabaseQueue(path: path).write { db in
            // The edit step's task, pointed at an identity the store never held.
            try db.execute(sql: "UPDATE step SET tasks = zeroblob(16) WHERE kind = 'edit'")
        }
        let database = try SQLiteStorage(path: path)
        #expect(database.upgrade == StoreUpgrade(fromVersion: 3, keptHistory: false))
        #expect(try database.snapshot() == ["Water the plants", "Buy oat milk", "★Call mom",
                                            "Renew the passport +errands @town"])
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
    }
}
