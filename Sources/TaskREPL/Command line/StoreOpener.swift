import TaskModel
import TaskPostgres

/// Opens the store a `--db` value (or `TASKS_DB`, or the default path) names: a shared list on a
/// PostgreSQL server for a connection string (`postgresql://…`, `postgres://…`, libpq's
/// `key=value` pairs), else an SQLite file.
enum StoreOpener {
    /// Opens the store at `location`; a missing one is created unless `creating` is false (then
    /// opening fails, and no file or schema is made).
    static func open(_ location: String, creating: Bool = true) throws -> any TaskStorage {
        if PostgresStorage.names(location) { return try PostgresStorage(location, creating: creating) }
        guard creating || Posix.fileExists(location) else {
            throw StoreError.cannotOpen(path: location, cause: StoreError.Cause(code: "ENOENT", message: "no such file"))
        }
        return try SQLiteStorage(path: location)
    }
}
