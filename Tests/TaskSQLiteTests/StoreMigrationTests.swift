import Foundation
import GRDB
import TaskTestSupport
import Testing
import TaskModel
import TaskSQLite

/// A store written by the first release (schema 1, `Fixtures/v1-store.sqlite`, made as its README
/// says) opens with every task, favourite, order and undo step kept. The expected lists are what
/// that release showed for the same store.
@Suite struct StoreMigrationTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = try Fixture.copy("v1-store.sqlite", into: folder)
    }

    @Test func everyTaskFavouriteAndTheOrderAreKept() throws {
        let database = try SQLiteStorage(path: path)
        #expect(try database.snapshot() == ["★After clear", "Second after clear"])
        #expect(database.upgrade == StoreUpgrade(fromVersion: 1, keptHistory: true))
    }

    @Test func anUndoneChangeCanStillBeRedone() throws {
        let database = try SQLiteStorage(path: path)
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try database.snapshot() == ["★After clear", "Second after clear", "Last"])
    }

    @Test func undoWalksBackThroughTheOldHistoryAsTheOldReleaseDid() throws {
        let database = try SQLiteStorage(path: path)
        let expected: [(Change, [String])] = [
            (Change(kind: .toggleFavorite, taskCount: 1, text: "After clear", isSet: false),
             ["After clear", "Second after clear"]),
            (Change(kind: .create, taskCount: 1, text: "Second after clear"), ["After clear"]),
            (Change(kind: .create, taskCount: 1, text: "After clear"), []),
            (Change(kind: .removeAll, taskCount: 4),
             ["Buy oat milk", "★Call mom", "Water the plants", "Café ☕ 日本"]),
            (Change(kind: .create, taskCount: 1, text: "Café ☕ 日本"), ["Buy oat milk", "★Call mom", "Water the plants"]),
            (Change(kind: .remove, taskCount: 1, text: "Pay rent"),
             ["Buy oat milk", "Pay rent", "★Call mom", "Water the plants"]),
            (Change(kind: .edit, taskCount: 1, text: "Buy milk"), ["Buy milk", "Pay rent", "★Call mom", "Water the plants"]),
            (Change(kind: .create, taskCount: 1, text: "Water the plants"), ["Buy milk", "Pay rent", "★Call mom"]),
            (Change(kind: .toggleFavorite, taskCount: 1, text: "Call mom", isSet: false), ["Buy milk", "Pay rent", "Call mom"]),
            (Change(kind: .create, taskCount: 1, text: "Call mom"), ["Buy milk", "Pay rent"]),
            (Change(kind: .create, taskCount: 1, text: "Pay rent"), ["Buy milk"]),
            (Change(kind: .create, taskCount: 1, text: "Buy milk"), []),
        ]
        for (change, list) in expected {
            #expect(try database.undo() == change)
            #expect(try database.snapshot() == list)
        }
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
    }

    @Test func theUpgradedStoreIsCurrentAndOpensWithoutUpgradingAgain() throws {
        _ = try SQLiteStorage(path: path)
        let reopened = try SQLiteStorage(path: path)
        #expect(reopened.upgrade == nil)
        let version = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        #expect(version == 7)
    }

    @Test func aNewStoreIsNotReportedAsUpgraded() throws {
        #expect(try SQLiteStorage(path: folder.file("new.sqlite")).upgrade == nil)
    }

    @Test func anUnreadableOldHistoryIsDroppedAndEveryTaskKept() throws {
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE step SET kind = 'mystery' WHERE kind = 'edit'")
        }
        let database = try SQLiteStorage(path: path)
        #expect(database.upgrade == StoreUpgrade(fromVersion: 1, keptHistory: false))
        #expect(try database.snapshot() == ["★After clear", "Second after clear"])
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
    }

    @Test func aStoreOfANewerVersionIsRefusedAndLeftByteIdentical() throws {
        _ = try SQLiteStorage(path: path)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "PRAGMA user_version = 8") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerStore(path: path, version: 8)) { try SQLiteStorage(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aStoreToUpgradeIsRefusedUntouchedWhenNothingMayBeWritten() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.olderStore(path: path)) { try SQLiteStorage(path: path, creatingOrUpgrading: false) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let missing = folder.file("missing/tasks.sqlite")
        #expect(throws: StoreError.olderStore(path: missing)) { try SQLiteStorage(path: missing, creatingOrUpgrading: false) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
    }
}
