import Foundation
import GRDB
import TaskTestSupport
import Testing
import TaskModel
import TaskSQLite

/// A store written by the release of schema 2 (`Fixtures/v2-store.sqlite`, made as its README says)
/// opens with every task, flag, order and undo step kept, and gains the column of foreign fields.
@Suite struct StoreMigrationFromVersion2Tests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = try Fixture.copy("v2-store.sqlite", into: folder)
    }

    @Test func everyTaskFlagAndTheOrderAreKept() throws {
        let database = try SQLiteStorage(path: path)
        #expect(try database.snapshot() == ["Water the plants", "Buy oat milk", "★Call mom", "✓Café ☕ 日本"])
        #expect(try database.allTasks().allSatisfy { $0.foreign.isEmpty })
    }

    @Test func undoAndRedoWalkTheOldHistoryAsThatReleaseDid() throws {
        let database = try SQLiteStorage(path: path)
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try database.undo() == Change(kind: .toggleDone, taskCount: 1, text: "Café ☕ 日本", isSet: false))
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "Café ☕ 日本"))
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "Pay rent"))
        #expect(try database.snapshot() == ["Water the plants", "Buy oat milk", "✓Pay rent", "★Call mom"])
        #expect(try database.undo() == Change(kind: .edit, taskCount: 1, text: "Buy milk"))
        #expect(try database.undo() == Change(kind: .move, taskCount: 1, text: "Water the plants"))
        #expect(try database.texts() == ["Buy milk", "Pay rent", "Call mom", "Water the plants"])
    }

    @Test func theUpgradedStoreIsCurrentAndKeepsForeignFields() throws {
        let database = try SQLiteStorage(path: path)
        try database.importTasks([TaskImport(id: nil, text: "t", createdAt: Date(timeIntervalSince1970: 0),
                                             foreign: ["todo.txt": "B"])])
        database.close()
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 7)
        #expect(try SQLiteStorage(path: path).allTasks().last?.foreign == ["todo.txt": "B"])
    }
}
