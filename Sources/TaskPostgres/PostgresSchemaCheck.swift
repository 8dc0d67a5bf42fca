import TaskModel

/// What opening a shared list checks: that the database holds this program's `tasks` schema at a
/// version it knows, creating it on first use and upgrading an older one (`PostgresSchema.migrations`).
/// Anything else is refused before a thing is changed.
struct PostgresSchemaCheck {
    let connection: PostgresConnection
    let location: String

    private static let readMeta = """
        SELECT application, version, current_user::text, has_table_privilege('tasks.meta', 'UPDATE')
        FROM tasks.meta WHERE id = 1
        """

    /// What the check found: the database role the connection acts as, whether the list is shared
    /// with it read-only, and what upgrading an older list did when that is worth telling (its
    /// history could not be kept).
    struct Outcome {
        var role: String
        var readOnly = false
        var upgrade: StoreUpgrade?
    }

    /// Checks the schema, creating it when the database has none and `creating` allows.
    func run(creating: Bool) throws -> Outcome {
        do {
            switch Result(catching: { () throws(PostgresError) in try connection.query(Self.readMeta) }) {
            case let .success(meta):
                return try check(meta)
            case let .failure(error) where [SQLState.undefinedTable, SQLState.invalidSchemaName].contains(error.sqlState):
                return try create(allowed: creating)
            case let .failure(error) where error.sqlState == SQLState.undefinedColumn:
                throw StoreError.foreignSchema(location: location, schema: PostgresSchema.name)
            case let .failure(error) where error.sqlState == SQLState.insufficientPrivilege:
                // The catalog says, to anyone, whether a `tasks` schema the role may not read is a list,
                // and whether the list is shared with the role at all.
                let meta = try connection.query("""
                    SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                                   WHERE n.nspname = 'tasks' AND c.relname = 'meta'),
                           has_schema_privilege('tasks', 'USAGE')
                    """)
                if meta.bool(0, 0) == false {
                    throw StoreError.foreignSchema(location: location, schema: PostgresSchema.name)
                }
                if meta.bool(0, 1) == false { throw StoreError.notShared(location: location, role: try person()) }
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
    /// schema at the current version; an older one is upgraded first.
    private func check(_ meta: PostgresResult) throws -> Outcome {
        guard try version(in: meta) == PostgresSchema.version else { return try migrate() }
        return Outcome(role: try meta.string(0, 2) ?? person(), readOnly: meta.bool(0, 3) == false, upgrade: nil)
    }

    /// The version `meta` records, once it shows this program's schema at a version it knows.
    private func version(in meta: PostgresResult) throws -> Int {
        guard meta.count == 1, meta.string(0, 0) == PostgresSchema.application, let version = meta.int32(0, 1) else {
            throw StoreError.foreignSchema(location: location, schema: PostgresSchema.name)
        }
        guard Int(version) <= PostgresSchema.version else {
            throw StoreError.newerStore(path: location, version: Int(version))
        }
        return Int(version)
    }

    /// Creates the schema, unless one named `tasks` (without `meta`) is there already: another
    /// program's.
    private func create(allowed: Bool) throws -> Outcome {
        guard allowed else {
            throw StoreError.cannotOpen(path: location, cause: StoreError.Cause(
                code: "tasks", message: "the database holds no task list"))
        }
        return try migrate()
    }

    /// Runs the migrations from the version the database holds (none: the schema is made) to the
    /// current one, in one transaction. Processes opening a list at once take turns (an advisory
    /// lock); the later ones find the work done.
    private func migrate() throws -> Outcome {
        try connection.run("BEGIN; SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))")
        let outcome = Result { () throws -> StoreUpgrade? in
            let found = try connection.query("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'tasks')")
            // Made meanwhile, an older version, or another program's.
            let from = found.bool(0, 0) == true ? try version(in: try connection.query(Self.readMeta)) : 0
            var keptHistory = true
            for migration in PostgresSchema.migrations[from...] where try !migration(connection) { keptHistory = false }
            return from > 0 && !keptHistory ? StoreUpgrade(fromVersion: from, keptHistory: false) : nil
        }
        switch outcome {
        case let .success(upgrade):
            try connection.run("COMMIT")
            return Outcome(role: try person(), upgrade: upgrade)
        case let .failure(error):
            if connection.isOpen { _ = try? connection.run("ROLLBACK") }
            if let error = error as? PostgresError,
               [SQLState.undefinedTable, SQLState.undefinedColumn].contains(error.sqlState) {
                throw StoreError.foreignSchema(location: location, schema: PostgresSchema.name)
            }
            throw error
        }
    }

    private func person() throws -> String {
        try connection.query("SELECT current_user::text").string(0, 0) ?? ""
    }
}
