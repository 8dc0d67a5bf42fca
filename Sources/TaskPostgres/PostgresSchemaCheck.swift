import TaskModel

/// What opening a shared list checks: that the database holds this program's `tasks` schema at a
/// version it knows, creating it on first use. Anything else is refused before a thing is changed.
struct PostgresSchemaCheck {
    let connection: PostgresConnection
    let location: String

    private static let readMeta = "SELECT application, version, current_user::text FROM tasks.meta WHERE id = 1"

    /// Checks the schema, creating it when the database has none and `creating` allows; returns the
    /// database role the connection acts as.
    func run(creating: Bool) throws -> String {
        do {
            switch Result(catching: { () throws(PostgresError) in try connection.query(Self.readMeta) }) {
            case let .success(meta):
                return try check(meta)
            case let .failure(error) where [SQLState.undefinedTable, SQLState.invalidSchemaName].contains(error.sqlState):
                return try create(allowed: creating)
            case let .failure(error) where error.sqlState == SQLState.undefinedColumn:
                throw StoreError.foreignSchema(location: location, schema: PostgresSchema.name)
            case let .failure(error) where error.sqlState == SQLState.insufficientPrivilege:
                // The catalog says, to anyone, whether a `tasks` schema the role may not read is a list.
                let meta = try connection.query("""
                    SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                                   WHERE n.nspname = 'tasks' AND c.relname = 'meta')
                    """)
                if meta.bool(0, 0) == false {
                    throw StoreError.foreignSchema(location: location, schema: PostgresSchema.name)
                }
                throw error
            case let .failure(error):
                throw error
            }
        } catch let error as PostgresError {
            throw StoreError.cannotOpen(path: location, cause: StoreError.Cause(code: error.sqlState ?? "libpq",
                                                                               message: error.message))
        }
    }

    /// The role, once `meta` (one row, read as application, version, role) shows this program's
    /// schema at the current version; migrations would bring an older one up here.
    private func check(_ meta: PostgresResult) throws -> String {
        guard meta.count == 1, meta.string(0, 0) == PostgresSchema.application, let version = meta.int32(0, 1),
              let person = meta.string(0, 2)
        else { throw StoreError.foreignSchema(location: location, schema: PostgresSchema.name) }
        guard Int(version) <= PostgresSchema.version else {
            throw StoreError.newerStore(path: location, version: Int(version))
        }
        return person
    }

    /// Creates the schema, unless one named `tasks` (without `meta`) is there already: another
    /// program's. Processes opening a new list at once take turns (an advisory lock); the later
    /// ones find the schema made.
    private func create(allowed: Bool) throws -> String {
        guard allowed else {
            throw StoreError.cannotOpen(path: location, cause: StoreError.Cause(
                code: "tasks", message: "the database holds no task list"))
        }
        try connection.run("BEGIN; SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))")
        let outcome: Result<PostgresResult?, PostgresError> = Result(catching: { () throws(PostgresError) in
            let found = try connection.query(
                "SELECT current_user::text, EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'tasks')")
            guard found.bool(0, 1) == true else {
                for migration in PostgresSchema.migrations { try connection.run(migration) }
                return nil
            }
            return try connection.query(Self.readMeta) // made meanwhile, or another program's
        })
        switch outcome {
        case let .success(meta):
            try connection.run("COMMIT")
            return try meta.map(check) ?? person()
        case let .failure(error):
            if connection.isOpen { _ = try? connection.run("ROLLBACK") }
            if [SQLState.undefinedTable, SQLState.undefinedColumn].contains(error.sqlState) {
                throw StoreError.foreignSchema(location: location, schema: PostgresSchema.name)
            }
            throw error
        }
    }

    private func person() throws -> String {
        try connection.query("SELECT current_user::text").string(0, 0) ?? ""
    }
}
