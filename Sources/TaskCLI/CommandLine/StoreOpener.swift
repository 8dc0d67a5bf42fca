import TaskModel
import TaskPostgres
import TaskSQLite

/// Opens the store a `--db` value (or `TASKS_DB`, or the default path) names: a shared list on a
/// PostgreSQL server for a connection string (`postgresql://…`, `postgres://…`, libpq's
/// `key=value` pairs), else an SQLite file.
enum StoreOpener {
    /// Opens the store at `location`; a missing one is created, an older one upgraded, unless
    /// `creating` is false (then opening fails, and no file or schema is written). On a shared list,
    /// `person` (when given) is whose changes undo and redo act on; an SQLite file has one history.
    /// `openInThisProcess`: a second connection of a process that has the store open already
    /// (`SQLiteStorage.init(path:creatingOrUpgrading:openInThisProcess:)` says why it matters).
    static func open(_ location: String, creating: Bool = true, person: String? = nil,
                     openInThisProcess: Bool = false) throws -> any TaskStorage {
        if try isShared(location) { return try PostgresStorage(location, creating: creating, person: person) }
        return try SQLiteStorage(path: location, creatingOrUpgrading: creating, openInThisProcess: openInThisProcess)
    }

    /// Whether `location` names a shared list on a PostgreSQL server rather than an SQLite file;
    /// throws `StoreError.invalidConnectionString` for one written as a connection string that is
    /// not valid, which must not become a file.
    static func isShared(_ location: String) throws -> Bool {
        try PostgresStorage.names(location)
    }

    /// Where the passwords are in `location`, a connection string (UTF-8 byte ranges).
    static func passwordRanges(in location: String) -> [Range<Int>] {
        PostgresStorage.passwordRanges(in: location)
    }
}
