import Foundation
import GRDB
import TaskModel
import TaskSQLite
import TaskTestSupport
import Testing

/// A history row this version cannot read is never read as something else: undo and redo throw
/// `damagedHistory`, naming the step and why, and change nothing.
@Suite struct DamagedHistoryTests {
    @Test func aStepOfAnUnknownKindIsRefusedByUndoChangingNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let database = try SQLiteStorage(path: path)
        let task = try database.create(text: "milk")
        try database.toggleFavorite(ids: [task.id])
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "UPDATE step SET kind = 'frobnicate'") }
        #expect(throws: StoreError.damagedHistory(path: path, step: 2, cause: StoreError.Cause(
            code: "history", message: "unknown change kind 'frobnicate'"))) {
            try database.undo()
        }
        #expect(try database.snapshot() == ["★milk"])
    }
}
