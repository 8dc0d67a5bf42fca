import Foundation
import TaskTestSupport
import Testing
import TaskModel
import TaskSQLite

/// Stores of schema 3 whose imports touched tasks that later steps hid or whose creation was
/// undone (`Fixtures/v3-store-brought-back.sqlite`, `v3-store-undone-import.sqlite`, made as the
/// fixtures' README says): upgraded, their histories walk back and forth through every list the
/// commands that made them left.
@Suite struct StoreOfVersion3ImportTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The lists after each command of `v3-store-brought-back.script`, the first before any.
    static let broughtBackLists: [[String]] = [
        [], ["Buy milk"], ["Buy milk", "Call mom"], ["Buy milk", "Call mom", "Pay rent"],
        ["Buy oat milk", "Call mom", "Pay rent"], ["Call mom", "Pay rent"], ["Pay rent"],
        ["Buy milk", "Call mom", "Pay rent"], ["Buy milk", "Pay rent"], ["✓Buy milk", "Pay rent"],
    ]

    @Test func anImportOfTasksLaterRemovedOrBroughtBackUndoesAndRedoesThroughEveryList() throws {
        let database = try SQLiteStorage(path: try Fixture.copy("v3-store-brought-back.sqlite", into: folder))
        #expect(database.upgrade == nil)
        let lists = Self.broughtBackLists
        #expect(try database.snapshot() == lists[8])
        #expect(try database.redo() == Change(kind: .toggleDone, taskCount: 1, text: "Buy milk", isSet: true))
        for list in lists.reversed().dropFirst() {
            try database.undo()
            #expect(try database.snapshot() == list)
        }
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
        for list in lists.dropFirst() {
            try database.redo()
            #expect(try database.snapshot() == list)
        }
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
    }

    @Test func anUndoneImportOfATaskWhoseAddIsUndoneRedoesAfterIt() throws {
        let database = try SQLiteStorage(path: try Fixture.copy("v3-store-undone-import.sqlite", into: folder))
        #expect(try database.snapshot() == [])
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "Buy milk"))
        #expect(try database.redo() == Change(kind: .importTasks, taskCount: 1, text: "Buy oat milk"))
        #expect(try database.snapshot() == ["Buy oat milk"])
        #expect(try database.undo() == Change(kind: .importTasks, taskCount: 1, text: "Buy milk"))
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "Buy milk"))
    }
}
