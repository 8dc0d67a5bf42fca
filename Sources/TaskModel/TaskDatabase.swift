import Foundation
internal import GRDB

/// The persistent task list: one SQLite database, in a file or in memory, owned through one GRDB writer.
///
/// Every method runs in its own transaction; `write(_:)` runs many operations in one, all or nothing.
/// Errors thrown are `TaskDatabaseError`s (or, from `write(_:)`, whatever its closure throws).
public final class TaskDatabase: Sendable {
    /// How long a process waits for another one that holds the database, before failing with `busy`.
    public static let busyTimeout: TimeInterval = 5

    /// The file path, or `:memory:` for an in-memory database.
    public let path: String
    private let writer: DatabaseQueue

    /// Opens the store at `path`, creating it and its missing parent folders when absent.
    ///
    /// A file that is not a tasks store (not SQLite, truncated, another program's database)
    /// is refused with an error naming it, and left byte-identical.
    public init(path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw TaskDatabaseError.cannotCreateFolder(path: folder, reason: Self.reason(of: error))
            }
        } else if !folder.isEmpty && !isFolder.boolValue {
            throw TaskDatabaseError.cannotOpen(path: path, reason: "\(folder) is not a folder")
        }
        let isCurrent = try StoreFile.check(path: path) // when it is, opening runs no migrator
        var configuration = Self.configuration
        configuration.prepareDatabase { db in
            // mmap_size: pages are read from a mapping of the file instead of being copied into SQLite's
            // page cache, which saves a 10,000-task list about 130 page faults and as many reads. Writes
            // still go through write(2) and the log, so durability is unchanged.
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA mmap_size = 268435456")
        }
        do {
            writer = try DatabaseQueue(path: path, configuration: configuration)
            if !isCurrent { try Self.migrate(writer) }
        } catch {
            throw TaskDatabaseError.mapping(error, path: path, opening: true)
        }
    }

    /// Brings the schema up to date. Processes opening a new store at once each see it without the
    /// schema and try to create it; the ones that wait for the first fail (`table task already exists`)
    /// with nothing changed, and find the schema complete.
    private static func migrate(_ writer: DatabaseQueue) throws {
        do {
            try Schema.migrator.migrate(writer)
        } catch {
            guard try writer.read(Schema.migrator.hasCompletedMigrations) else { throw error }
        }
    }

    private init(memoryWriter: DatabaseQueue) throws {
        path = ":memory:"
        writer = memoryWriter
        try Schema.migrator.migrate(writer)
    }

    /// A new, empty store in memory (for tests and benchmarks).
    public static func inMemory() throws -> TaskDatabase {
        do {
            return try TaskDatabase(memoryWriter: DatabaseQueue(configuration: configuration))
        } catch {
            throw TaskDatabaseError.mapping(error, path: ":memory:")
        }
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = false // the schema has no foreign keys: one statement less per open
        configuration.label = "tasks"
        return configuration
    }

    /// Closes the connection now (a WAL checkpoint); later calls fail. Errors are ignored: every
    /// change is already committed, and SQLite recovers the log on the next open.
    public func close() {
        try? writer.close()
    }

    // MARK: Transactions

    /// Runs `body` in one write transaction: committed when it returns, rolled back when it throws.
    public func write<T>(_ body: (TaskStore) throws -> T) throws -> T {
        do {
            return try writer.write { db in
                let store = TaskStore(db: db, path: path)
                let result = try body(store)
                try store.finish()
                return result
            }
        } catch {
            throw TaskDatabaseError.mapping(error, path: path)
        }
    }

    /// Runs `body` with a read-only, consistent view of the store.
    public func read<T>(_ body: (TaskStore) throws -> T) throws -> T {
        do {
            return try writer.read { db in try body(TaskStore(db: db, path: path)) }
        } catch {
            throw TaskDatabaseError.mapping(error, path: path)
        }
    }

    /// A number that changes whenever another connection commits a change (SQLite's `data_version`),
    /// so a caller can skip reloading when nothing changed.
    public func dataVersion() throws -> Int {
        try read { store in try store.externalVersion() }
    }

    // MARK: One operation, one transaction

    /// All tasks in list order.
    public func allTasks() throws -> TaskList { try read { try $0.allTasks() } }

    /// Appends a task with `text` and returns it.
    @discardableResult
    public func create(text: String) throws -> TaskItem { try write { try $0.create(text: text) } }

    /// Toggles the favourite flag of each task in `ids`.
    public func toggleFavorite(ids: [TaskItem.ID]) throws { try write { try $0.toggleFavorite(ids: ids) } }

    /// Removes each task in `ids`.
    public func remove(ids: [TaskItem.ID]) throws { try write { try $0.remove(ids: ids) } }

    /// Removes every task and returns how many there were.
    @discardableResult
    public func removeAll() throws -> Int { try write { try $0.removeAll() } }

    /// Replaces the text of task `id`.
    public func edit(id: TaskItem.ID, text: String) throws { try write { try $0.edit(id: id, text: text) } }

    /// Reverts the latest change.
    @discardableResult
    public func undo() throws -> Change { try write { try $0.undo() } }

    /// Re-applies the latest undone change.
    @discardableResult
    public func redo() throws -> Change { try write { try $0.redo() } }

    /// Why a file operation failed, as the system says it (`no such file or directory`).
    static func reason(of error: Error) -> String {
        guard let error = error as? CocoaError else { return (error as NSError).localizedDescription }
        // On Linux the underlying error is a POSIXError, which does not cast to NSError.
        if let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue)).lowercased()
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue)).lowercased()
        }
        return error.localizedDescription
    }
}

extension TaskDatabaseError {
    /// Turns any error met while using the store into a `TaskDatabaseError`; others pass through.
    static func mapping(_ error: Error, path: String, opening: Bool = false) -> Error {
        guard let error = error as? DatabaseError else { return error }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return TaskDatabaseError.busy(path: path, seconds: Int(TaskDatabase.busyTimeout))
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return TaskDatabaseError.corrupt(path: path, reason: reason)
        case .SQLITE_READONLY:
            return TaskDatabaseError.readOnly(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return TaskDatabaseError.cannotOpen(path: path, reason: reason)
        default:
            return opening ? TaskDatabaseError.cannotOpen(path: path, reason: reason)
                           : TaskDatabaseError.storage(path: path, reason: reason)
        }
    }
}
