import Foundation
import GRDB
import TaskTestSupport
import Testing
import TaskModel
import TaskSQLite

/// What the SQLite store deletes for good: hidden tasks whose step left the kept history, tasks
/// whose undone creation a later change dropped among them. Read under the model's API, in the file.
@Suite struct HistoryPurgeTests {
    let folder: TemporaryFolder
    let path: String
    let database: SQLiteStorage

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("tasks.sqlite")
        database = try SQLiteStorage(path: path)
    }

    /// How many rows of `task` hold the task `id`, hidden or not.
    private func storedRows(of id: UUID) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM task WHERE uuid = ?",
                             arguments: [withUnsafeBytes(of: id.uuid) { Data($0) }]) ?? 0
        }
    }

    private func makeChanges(_ count: Int) throws {
        try database.write { store in
            for index in 0..<count { try store.create(text: "\(index)") }
        }
    }

    @Test func aRemovedTaskIsKeptWhileItsRemovalCanBeUndone() throws {
        let tasks = try database.fill(["gone", "kept"])
        try database.remove(ids: [tasks[0].id])
        try makeChanges(900)
        #expect(try storedRows(of: tasks[0].id) == 1)
    }

    @Test func tasksRemovedBeyondTheHistoryArePurged() throws {
        let tasks = try database.fill(["gone", "kept"])
        try database.remove(ids: [tasks[0].id])
        try makeChanges(1_100)
        #expect(try storedRows(of: tasks[0].id) == 0)
        #expect(try storedRows(of: tasks[1].id) == 1)
    }

    @Test func tasksClearedBeyondTheHistoryArePurged() throws {
        let tasks = try database.fill(["gone"])
        try database.removeAll()
        try makeChanges(1_100)
        #expect(try storedRows(of: tasks[0].id) == 0)
    }

    /// Its row stays hidden, a trace for the sync (`untraced`), until the history passes it.
    @Test func aDroppedUndoneCreateIsKeptHiddenUntilTheHistoryPassesIt() throws {
        let tasks = try database.fill(["a", "b"])
        try database.undo()
        try database.create(text: "c")
        #expect(try storedRows(of: tasks[1].id) == 1)
        try makeChanges(1_100)
        #expect(try storedRows(of: tasks[1].id) == 0)
    }
}
