import Foundation
import TaskModel

/// The task list on a PostgreSQL server, shared by everyone who connects to the same database: a
/// `TaskStorage` backend over one libpq connection, made again when it was lost.
///
/// Writers run one at a time (each takes the row of `tasks.meta` first), so a script is one
/// transaction that sees no one else's changes until it commits, as on SQLite; readers read a
/// snapshot. Undo and redo are each person's own: a change is recorded with the name of the person
/// who made it (`person`: their database role, or the name they gave).
public final class PostgresStorage: TaskStorage, @unchecked Sendable {
    /// How long a writer waits for another one to commit before failing with `busy`, in seconds.
    public static let lockTimeout = 5
    /// How long connecting may take, in seconds, unless `PGCONNECT_TIMEOUT` or the string says.
    static let connectTimeout = 10

    /// The connection string as given, without its password.
    public let location: String
    /// Whose changes `undo` and `redo` act on, and the name each change is recorded with: the name
    /// given when opening (`--user`), else the database role this list is used as.
    public let person: String
    /// What opening did to a list of an earlier schema, when its history could not be kept.
    public let upgrade: StoreUpgrade?
    /// The database role the connection acts as: whose rights on the list the server checks.
    let role: String
    /// Whether the role could only read the list when the latest transaction began.
    private var readOnlyForRole: Bool
    private let connectionString: ConnectionString
    /// Serializes the use of `connection` (and the counters) between threads.
    let lock = NSLock()
    /// The connection; nil once lost (the next transaction connects again) or closed.
    var connection: PostgresConnection?
    /// Whether others' changes are watched (`watchForChanges()`): each new connection listens.
    var isWatching = false
    /// Whether the list may have changed unheard: listening has just begun, on a new connection.
    var mayHaveChangedUnheard = false
    /// The loss found while starting to listen, for `takeNotifications()` to tell.
    var lostWhileIdle: StoreError?
    private var isClosed = false
    /// How many of the commits counted by `meta.list_version` this storage made: `externalVersion`
    /// leaves them out, so that it changes only when someone else commits.
    private var ownCommits: Int64 = 0
    /// The connection of the transaction running now, and whether it was asked to stop: guarded by
    /// a lock of its own, since `interrupt()` comes from another thread while `lock` is held.
    private let running = NSLock()
    private var runningConnection: PostgresConnection?
    private var stopping = false

    /// Whether `value` (a `--db` or `TASKS_DB` value) names a PostgreSQL database rather than a file:
    /// a `postgresql://` or `postgres://` URI, or libpq's `key=value` pairs. A value written as a
    /// connection string that is not a valid one (`postgressql://…`, `host=db passwd=…`) is
    /// refused (`StoreError.invalidConnectionString`), so that it never becomes a file.
    public static func names(_ value: String) throws(StoreError) -> Bool {
        switch ConnectionString.read(value) {
        case .path: false
        case .connectionString: true
        case let .invalid(shown, scheme, reason): throw .invalidConnectionString(shown: shown, scheme: scheme, reason: reason)
        }
    }

    /// The byte ranges of the passwords `value` holds when it is written as a connection string,
    /// valid or not: what a program hides from the process's arguments once it has read them.
    public static func passwordRanges(in value: String) -> [Range<Int>] {
        guard ConnectionString.read(value) != .path else { return [] }
        return ConnectionString.Secrets(value).ranges
    }

    /// Connects to the database `connectionString` names and makes sure it holds the list, creating
    /// its schema on first use unless `creating` is false (then a database without it is refused).
    /// A database whose `tasks` schema is another program's, or a newer tasks's, is refused untouched.
    /// `person`, when given, is whose changes undo and redo act on instead of the role's (people who
    /// connect as one role tell themselves apart so).
    public init(_ connectionString: String, creating: Bool = true, person: String? = nil) throws {
        let parsed = ConnectionString(unchecked: connectionString)
        self.connectionString = parsed
        location = parsed.withoutPassword
        let connection = try Self.connect(parsed, location: location)
        let checked = try PostgresSchemaCheck(connection: connection, location: location).run(creating: creating)
        self.person = person ?? checked.role
        role = checked.role
        readOnlyForRole = checked.readOnly
        upgrade = checked.upgrade
        self.connection = connection
    }

    private static func connect(_ connectionString: ConnectionString, location: String) throws -> PostgresConnection {
        var defaults = [(key: "fallback_application_name", value: "tasks")]
        if ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil {
            defaults.append((key: "connect_timeout", value: "\(connectTimeout)"))
        }
        do {
            let connection = try PostgresConnection(connectionString.text, defaults: defaults)
            try connection.run("SET lock_timeout = '\(lockTimeout)s'")
            return connection
        } catch {
            throw StoreError.cannotOpen(path: location, cause: StoreError.Cause(code: error.sqlState ?? "libpq",
                                                                               message: connectionString.scrubbed(error.message)))
        }
    }

    /// Whether the list is shared with this role read-only, as the latest transaction found.
    public var isReadOnly: Bool {
        lock.withLock { readOnlyForRole }
    }

    public func interrupt() {
        running.withLock {
            guard let runningConnection else { return }
            stopping = true
            runningConnection.cancel()
        }
    }

    /// Runs `body` as the transaction that `interrupt()` stops.
    private func interruptible<T>(_ connection: PostgresConnection, _ body: () throws -> T) rethrows -> T {
        running.withLock {
            runningConnection = connection
            stopping = false
        }
        connection.stopRequested = { [unowned self] in running.withLock { stopping } }
        defer {
            running.withLock {
                runningConnection = nil
                stopping = false
            }
            connection.stopRequested = { false }
        }
        return try body()
    }

    /// Ends the connection; what was committed is kept. Later calls fail.
    public func close() {
        lock.withLock {
            connection = nil
            isClosed = true
        }
    }

    // MARK: Transactions

    public func read<T>(_ body: (any TaskReading) throws -> T) throws -> T {
        try lock.withLock {
            let connection = try connected()
            return try interruptible(connection) {
                let transaction = try begin("""
                    BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; \(Self.readVersion) FROM tasks.meta WHERE id = 1
                    """, on: connection)
                do {
                    let result = try body(transaction)
                    try connection.run("COMMIT")
                    return result
                } catch {
                    throw failed(error, on: connection)
                }
            }
        }
    }

    public func write<T>(_ body: (any TaskWriting) throws -> T) throws -> T {
        try lock.withLock {
            let connection = try connected()
            return try interruptible(connection) {
                // Taking the row of `meta` makes writers take turns.
                let transaction = try begin("BEGIN; \(Self.readVersion) FROM tasks.meta WHERE id = 1 FOR UPDATE",
                                            on: connection)
                let result: T
                do {
                    result = try body(transaction)
                    try transaction.finish()
                } catch {
                    throw failed(error, on: connection)
                }
                do {
                    try connection.run("COMMIT") // asked to stop by now: rolled back instead
                } catch {
                    throw failed(error, on: connection, committing: true)
                }
                if transaction.changedList { ownCommits += 1 }
                return result
            }
        }
    }

    /// What a transaction reads first: the list's version, and whether this role may change the
    /// list (the prompt says when it may not; asked here, it costs no round trip of its own).
    private static let readVersion = "SELECT list_version, has_table_privilege('tasks.meta', 'UPDATE')"

    /// Begins a transaction with `sql`, which reads the list's version, in one round trip.
    private func begin(_ sql: String, on connection: PostgresConnection) throws -> PostgresTransaction {
        do {
            let found = try connection.run(sql)
            let version = found.textInteger(0, 0) ?? 0
            readOnlyForRole = found.string(0, 1) == "f"
            return PostgresTransaction(connection: connection, location: location, person: person,
                                       listVersion: version - ownCommits)
        } catch {
            throw failed(error, on: connection)
        }
    }

    /// The open connection, made again when the last one was lost.
    private func connected() throws -> PostgresConnection {
        guard !isClosed else {
            throw StoreError.storage(path: location, cause: StoreError.Cause(code: "closed", message: "the list was closed"))
        }
        // A connection the server closed meanwhile (a restart while the prompt waited) is made
        // again before the transaction begins, rather than failing its first statement.
        if let connection, connection.isAlive { return connection }
        connection = nil
        let made = try Self.connect(connectionString, location: location)
        if isWatching { try listen(on: made) }
        connection = made
        return made
    }

    /// Rolls back what `connection` has open after `error`, forgets a connection that was lost, and
    /// returns the error to throw: a store error for the server's failures, others as they are.
    private func failed(_ error: Error, on connection: PostgresConnection, committing: Bool = false) -> Error {
        if connection.isOpen, connection.isInTransaction {
            _ = try? connection.run("ROLLBACK")
        }
        if !connection.isOpen { self.connection = nil }
        let storeError = (error as? PostgresError).map { StoreError($0, location: location, committing: committing) }
        if case .permissionDenied = storeError ?? error as? StoreError, let refusal = refusal(on: connection) {
            return refusal
        }
        return storeError ?? error
    }

    /// Why the server refused this role, when it is the sharing of the list: not shared with it
    /// (any more), or shared to read only. Nil when the role has both rights (another privilege
    /// was missing) or the server cannot tell.
    private func refusal(on connection: PostgresConnection) -> StoreError? {
        guard connection.isOpen, let rights = try? connection.query("""
            SELECT has_schema_privilege(n.oid, 'USAGE'), has_table_privilege(c.oid, 'UPDATE')
            FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = 'meta'
            WHERE n.nspname = '\(PostgresSchema.name)'
            """), rights.count == 1 else { return nil }
        if rights.bool(0, 0) == false { return .notShared(location: location, role: role) }
        if rights.bool(0, 1) == false {
            readOnlyForRole = true
            return .readOnlyForRole(location: location, role: role)
        }
        return nil
    }
}
