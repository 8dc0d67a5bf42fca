import Synchronization
internal import GRDB
internal import GRDBSQLite
import TaskModel

/// What `SQLiteStorage.interrupt()` sets and SQLite reads while it runs a statement: SQLite's
/// progress handler makes the statement fail (`SQLITE_INTERRUPT`), so its transaction rolls back.
///
/// A flag rather than `sqlite3_interrupt`, which only reaches statements running at that instant:
/// a change of many rows runs many short statements, and the request must reach the next one.
/// A request made while no transaction runs is dropped, never left for the next one.
final class SQLiteInterruption: Sendable {
    private static let idle = 0, running = 1, stopping = 2
    private let state = Atomic<Int>(SQLiteInterruption.idle)

    /// A transaction starts.
    func begin() { state.store(Self.running, ordering: .relaxed) }

    /// The transaction ended, whether it stopped or not.
    func end() { state.store(Self.idle, ordering: .relaxed) }

    /// Asks the transaction running now, if any, to stop.
    func request() {
        _ = state.compareExchange(expected: Self.running, desired: Self.stopping, ordering: .relaxed)
    }

    /// Whether the transaction running now was asked to stop.
    var isRequested: Bool { state.load(ordering: .relaxed) == Self.stopping }

    /// Has SQLite ask, every thousand steps of each statement on `db`, whether to stop.
    func install(on db: Database) {
        sqlite3_progress_handler(db.sqliteConnection, 1000, { context in
            guard let context else { return 0 }
            return Unmanaged<SQLiteInterruption>.fromOpaque(context).takeUnretainedValue().isRequested ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
