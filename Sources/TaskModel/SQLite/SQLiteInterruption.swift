import Synchronization
internal import GRDB
internal import GRDBSQLite

/// What `SQLiteStorage.interrupt()` sets and SQLite reads while it runs a statement: SQLite's
/// progress handler makes the statement fail (`SQLITE_INTERRUPT`), so its transaction rolls back.
///
/// A flag rather than `sqlite3_interrupt`, which only reaches statements running at that instant:
/// a change of many rows runs many short statements, and the request must reach the next one.
final class SQLiteInterruption: Sendable {
    private let requested = Atomic<Bool>(false)

    /// Asks the transaction running now (or the next one) to stop.
    func request() { requested.store(true, ordering: .relaxed) }

    /// Forgets a request: called when a transaction ends, whether it stopped or not.
    func clear() { requested.store(false, ordering: .relaxed) }

    /// Whether a request is waiting.
    var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// Has SQLite ask, every thousand steps of each statement on `db`, whether to stop.
    func install(on db: Database) {
        sqlite3_progress_handler(db.sqliteConnection, 1000, { context in
            guard let context else { return 0 }
            return Unmanaged<SQLiteInterruption>.fromOpaque(context).takeUnretainedValue().isRequested ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
