import Foundation
import TaskModel

/// The shared list inside one open transaction of a `PostgresStorage`: the PostgreSQL backend of
/// `TaskWriting`, valid only inside the `read` or `write` closure that received it.
///
/// Its jobs are split by file: reading (`+Reading`), changing (`+Changes`), importing (`+Import`),
/// the undo history (`+History`) and the spacing of positions (`+Positions`).
final class PostgresTransaction {
    /// How many of each person's latest changes are kept for undo.
    static let historyLimit: Int64 = 1000
    /// The history is purged when a step's number is a multiple of this.
    static let purgeInterval: Int64 = 100

    let connection: PostgresConnection
    let location: String
    /// Whose changes this transaction records, undoes and redoes.
    let person: String
    /// The list's version (others' commits) as this transaction found it.
    let listVersion: Int64
    /// Whether this transaction changed the list (its commit then counts in `meta.list_version`).
    var changedList = false
    /// Whether this person's undone changes were dropped already (a new change drops them once).
    var droppedUndone = false
    /// Whether the history is due for a purge at the end of the transaction.
    var purgeDue = false
    /// Where new tasks' identities come from.
    var identities = IdentityGenerator()
    /// The position of the task this transaction appended last, while no move has happened since.
    var appendPosition: Int64?

    init(connection: PostgresConnection, location: String, person: String, listVersion: Int64) {
        self.connection = connection
        self.location = location
        self.person = person
        self.listVersion = listVersion
    }

    /// Runs one statement, the server's failures thrown as store errors.
    @discardableResult
    func query(_ sql: String, _ parameters: PostgresValue...) throws -> PostgresResult {
        try query(sql, parameters)
    }

    /// Runs one statement with `parameters`, the server's failures thrown as store errors.
    @discardableResult
    func query(_ sql: String, _ parameters: [PostgresValue]) throws -> PostgresResult {
        do {
            return try connection.query(sql, parameters)
        } catch {
            throw StoreError(error, location: location)
        }
    }

    /// Before commit: purges the history when due, counts the commit in the list's version and
    /// tells the listening prompts, in the same statement (the server delivers the notification when
    /// the transaction commits, and drops it when it rolls back).
    func finish() throws {
        if purgeDue { try purgeHistory() }
        if changedList {
            try query("""
                UPDATE tasks.meta SET list_version = list_version + 1 WHERE id = 1
                RETURNING pg_notify('\(PostgresSchema.changeChannel)', '')
                """)
        }
    }

    /// Runs `body` in a savepoint: if it throws, what it changed is rolled back and the error rethrown,
    /// while the enclosing transaction goes on.
    func savepoint<T>(_ body: () throws -> T) throws -> T {
        let state = (changedList, droppedUndone, purgeDue, appendPosition)
        try runStatements("SAVEPOINT line")
        do {
            let result = try body()
            try runStatements("RELEASE SAVEPOINT line")
            return result
        } catch {
            (changedList, droppedUndone, purgeDue, appendPosition) = state // as the rolled-back rows are
            if connection.isOpen { try runStatements("ROLLBACK TO SAVEPOINT line; RELEASE SAVEPOINT line") }
            throw error
        }
    }

    /// Runs statements without parameters, the server's failures thrown as store errors.
    func runStatements(_ sql: String) throws {
        do {
            try connection.run(sql)
        } catch {
            throw StoreError(error, location: location)
        }
    }
}
