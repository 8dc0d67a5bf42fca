import TaskModel
import TaskPostgres

/// Opens the store a `--db` value (or `TASKS_DB`, or the default path) names: a shared list on a
/// PostgreSQL server for a connection string (`postgresql://…`, `postgres://…`, libpq's
/// `key=value` pairs), else an SQLite file.
enum StoreOpener {
    /// Opens the store at `location`; a missing one is created, an older one upgraded, unless
    /// `creating` is false (then opening fails, and no file or schema is written).
    static func open(_ location: String, creating: Bool = true) throws -> any TaskStorage {
        if PostgresStorage.names(location) { return try PostgresStorage(location, creating: creating) }
        return try SQLiteStorage(path: location, creatingOrUpgrading: creating)
    }
}
