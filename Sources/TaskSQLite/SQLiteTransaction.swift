import Foundation
internal import GRDB
import TaskModel

/// The task list inside one open transaction of an `SQLiteStorage`: the SQLite backend of
/// `TaskWriting`, valid only inside the `read` or `write` closure that received it.
///
/// Its jobs are split by file: reading (`+Reading`), changing (`+Changes`), the undo history
/// (`+History`) and the spacing of positions (`+Positions`).
final class SQLiteTransaction {
    /// How many steps of history are kept for undo at the least.
    static let historyLimit: Int64 = 1000
    /// The history beyond `historyLimit` is purged once it has grown by this many steps.
    static let purgeInterval: Int64 = 100

    let db: Database
    let path: String
    /// The undo history's counters as this transaction changes them, loaded on first use.
    var history: History?
    /// The counters as stored, to save them only when they changed.
    var storedHistory: History?
    /// Where new tasks' identities come from.
    var identities = IdentityGenerator()
    /// The statement that appends a task, once prepared.
    var insertTask: SQLiteStatement?
    /// The same for a task with nothing but its text, the most common add by far.
    var insertPlainTask: SQLiteStatement?
    /// The position of the task this transaction appended last, while no move has happened since:
    /// the next append goes after it without asking for the largest position again.
    var appendPosition: Int64?

    /// The store's path, for errors.
    var location: String { path }

    init(db: Database, path: String) {
        self.db = db
        self.path = path
    }

    /// A statement prepared once per connection, run through SQLite's C API.
    func statement(_ sql: String) throws -> SQLiteStatement {
        SQLiteStatement(try db.cachedStatement(sql: sql), path: path)
    }

    /// Runs `body`, turning the engine's errors into `StoreError`s.
    func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StoreError.mapping(error, path: path)
        }
    }
}
