import Foundation
internal import GRDB
import Synchronization
import TaskModel

/// The task list in one SQLite database, in a file or in memory, owned through one GRDB writer:
/// the default, embedded backend of `TaskStorage`.
public final class SQLiteStorage: TaskStorage {
    /// How long a process waits for another one that holds the database, before failing with `busy`.
    public static let busyTimeout: TimeInterval = 5
    /// How many steps of history are kept for undo at the least.
    public static let historyLimit = Int(SQLiteTransaction.historyLimit)

    /// The file path, or `:memory:` for an in-memory database.
    public let path: String
    /// What opening did to a store written by an earlier version of tasks; nil when nothing.
    public let upgrade: StoreUpgrade?
    /// Whether the file (or its folder) could not be written when it was opened: every change fails.
    public let isReadOnly: Bool
    private let writer: DatabaseQueue
    /// Set by `interrupt()`; read by SQLite during statements (kept alive as long as the connection).
    private let interruption: SQLiteInterruption
    /// The file that was opened, checked before each transaction (`requireFileAtPath`); nil in memory.
    private let file: StoreFile.Identity?
    /// Why the store was closed when its file went away: every later transaction fails with it.
    private let fileGone = Mutex<StoreError?>(nil)

    public var location: String { path }

    /// Opens the store at `path`, creating it and its missing parent folders when absent, and
    /// bringing a store of an earlier version up to date.
    ///
    /// A file that is not a tasks store (not SQLite, truncated, another program's database, a
    /// newer tasks's store) is refused with an error naming it, and left byte-identical. Without
    /// `creatingOrUpgrading` (a shell asking for completions), a store that is missing or needs
    /// upgrading is refused too (`olderStore`), and nothing is written.
    ///
    /// With `openInThisProcess` (a second connection: the prompt's background sync), the file is not
    /// checked again: checking opens and closes it, and closing any descriptor of a file drops every
    /// POSIX lock the process holds on it, the other connection's SQLite locks among them, which
    /// lets another process's commit corrupt the store.
    public init(path: String, creatingOrUpgrading: Bool = true, openInThisProcess: Bool = false) throws {
        self.path = path
        if creatingOrUpgrading, !openInThisProcess {
            try Self.makeFolder(of: path)
            // A new store is private whatever the umask: SQLite gives its log files the file's mode.
            StoreFile.createPrivately(path: path)
        }
        // Which file is at the path, taken before it is opened: taken after, a file deleted while it
        // was opened had none, and its deletion was never noticed (an open prompt saved on into
        // it; found in loaded test runs). A file put there meanwhile is then taken for replaced.
        let opened = StoreFile.identity(path: path)
        // When it is, opening runs no migrator; a store open in this process was checked then.
        let isCurrent = try openInThisProcess || StoreFile.check(path: path)
        if !isCurrent && !creatingOrUpgrading { throw StoreError.olderStore(path: path) }
        // A store that can be read but not written (its file or folder read-only, a read-only mount)
        // is opened as it is: read-only and immutable, since the log's shared-memory file cannot be
        // made beside it. Listing works; every change fails with `readOnly`.
        let isReadOnly = isCurrent && !StoreFile.isWritable(path: path)
        self.isReadOnly = isReadOnly
        var configuration = Self.configuration
        configuration.readonly = isReadOnly
        let interruption = SQLiteInterruption()
        self.interruption = interruption
        configuration.prepareDatabase { db in
            interruption.install(on: db)
            if !isReadOnly { try Self.useWriteAheadLog(db) }
            // mmap_size: pages are read from a mapping of the file instead of being copied into SQLite's
            // page cache, which saves a 10,000-task list about 130 page faults and as many reads. Writes
            // still go through write(2) and the log, so durability is unchanged.
            try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA mmap_size = 268435456")
        }
        let upgrade = UpgradeReport()
        do {
            writer = try DatabaseQueue(path: isReadOnly ? StoreFile.immutableURI(path: path) : path,
                                       configuration: configuration)
            if !isCurrent {
                // Two migrations may report: the store came from the first one's version, and its
                // history was kept only if each kept it.
                try Self.migrate(writer) { report in
                    upgrade.value.withLock { earlier in
                        earlier = StoreUpgrade(fromVersion: earlier?.fromVersion ?? report.fromVersion,
                                               keptHistory: (earlier?.keptHistory ?? true) && report.keptHistory)
                    }
                }
            }
        } catch {
            throw StoreError.mapping(error, path: path, opening: true)
        }
        self.upgrade = upgrade.value.withLock { $0 }
        file = opened ?? StoreFile.identity(path: path)
    }

    private init(memoryWriter: DatabaseQueue, interruption: SQLiteInterruption) throws {
        path = ":memory:"
        upgrade = nil
        isReadOnly = false
        writer = memoryWriter
        self.interruption = interruption
        file = nil
        try Schema.migrator().migrate(writer)
    }

    /// A new, empty store in memory (for tests and benchmarks).
    public static func inMemory() throws -> SQLiteStorage {
        do {
            let interruption = SQLiteInterruption()
            var configuration = configuration
            configuration.prepareDatabase { db in interruption.install(on: db) }
            return try SQLiteStorage(memoryWriter: DatabaseQueue(configuration: configuration), interruption: interruption)
        } catch {
            throw StoreError.mapping(error, path: ":memory:")
        }
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = false // the schema has no foreign keys: one statement less per open
        configuration.label = "tasks"
        return configuration
    }

    /// Puts the store in write-ahead-log mode. A new, empty file is switched only by its first
    /// write, and until then switching needs the file to itself: a process that opens it while
    /// another is creating the schema is told at once that it is busy, without the busy timeout's
    /// wait, so it waits here, as long as that timeout.
    private static func useWriteAheadLog(_ db: Database) throws {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try db.execute(sql: "PRAGMA journal_mode = WAL")
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(10_000)
            }
        }
    }

    /// Creates the folder that is to hold the store at `path`, and its parents, when missing: each
    /// one private (0700), as the XDG Base Directory specification asks of the folders it names.
    private static func makeFolder(of path: String) throws {
        // A path ending in `/` names a folder: SQLite would make a file at the name before it.
        if path.hasSuffix("/") { throw StoreError.notAFile(path: path, kind: .folder) }
        let folder = StoreFile.folder(of: path)
        guard !folder.isEmpty else { return }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            if let code = StoreFile.makePrivateFolders(folder) {
                throw StoreError.cannotCreateFolder(path: folder, cause: posixCause(code))
            }
        } else if !isFolder.boolValue {
            throw StoreError.cannotOpen(path: path, cause: StoreError.Cause(
                code: "ENOTDIR", message: "\(folder) is not a folder"))
        }
    }

    /// Brings the schema up to date. Processes opening a new store at once each see it without the
    /// schema and try to create it; one that finds a migration already applied meanwhile
    /// (`table task already exists`) changes nothing, and tries again from the migrations still
    /// missing, which another process may be applying: its transaction waits for that one's.
    private static func migrate(_ writer: DatabaseQueue, upgraded: @escaping @Sendable (StoreUpgrade) -> Void) throws {
        let migrator = Schema.migrator(upgraded: upgraded)
        for attempt in 1...3 {
            do {
                return try migrator.migrate(writer)
            } catch {
                if try writer.read(migrator.hasCompletedMigrations) { return }
                if attempt == 3 { throw error }
            }
        }
    }

    public func interrupt() {
        interruption.request()
    }

    /// Closes the connection now (a WAL checkpoint); later calls fail. Errors are ignored: every
    /// change is already committed, and SQLite recovers the log on the next open.
    public func close() {
        try? writer.close()
    }

    // MARK: Transactions

    public func write<T>(_ body: (any TaskWriting) throws -> T) throws -> T {
        try requireFileAtPath()
        let result: T
        interruption.begin()
        defer { interruption.end() }
        do {
            result = try writer.write { db in
                let transaction = SQLiteTransaction(db: db, path: path)
                let result = try body(transaction)
                try transaction.finish()
                // Asked to stop after the last statement: roll back rather than commit.
                if interruption.isRequested { throw StoreError.interrupted(path: path) }
                return result
            }
        } catch {
            throw StoreError.mapping(error, path: path)
        }
        copyLogIntoFile()
        return result
    }

    /// Throws `fileGone` when the path no longer names the file that was opened: deleted (SQLite
    /// would go on writing into a file no name leads to, lost when the connection closes) or
    /// replaced by another. One `stat` per transaction.
    ///
    /// The connection is closed then, at once, its log emptied into the old file first: the log
    /// (`PATH-wal`) is named for the path, and a process opening what is at the path now would read
    /// the old file's pages from it (SQLite's "renaming a database while it is in use"). A process
    /// that opens the new file before this check runs (at the next command, or within 250 ms at an
    /// idle prompt) may still; nothing in this process can prevent that.
    private func requireFileAtPath() throws {
        guard let file else { return }
        try fileGone.withLock { gone in
            if let gone { throw gone }
            let now = StoreFile.identity(path: path)
            guard now != file else { return }
            let error = StoreError.fileGone(path: path, replaced: now != nil)
            gone = error
            // SQLite keeps the log of a file that moved when it closes: emptied first, it gives no
            // page to the file now at the path.
            _ = try? writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            try? writer.close()
            throw error
        }
    }

    /// Copies the committed change from the write-ahead log into the database file, so that the
    /// `.sqlite` file alone holds every change once a command returns, even while another process
    /// (a prompt left open) keeps the log alive; SQLite itself does so only when the last
    /// connection closes. Passive: it waits for no reader. A failure changes nothing: the change is
    /// committed in the log, and the next checkpoint copies it.
    private func copyLogIntoFile() {
        guard path != ":memory:" else { return }
        try? writer.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
    }

    public func read<T>(_ body: (any TaskReading) throws -> T) throws -> T {
        try requireFileAtPath()
        interruption.begin()
        defer { interruption.end() }
        do {
            return try writer.read { db in try body(SQLiteTransaction(db: db, path: path)) }
        } catch {
            throw StoreError.mapping(error, path: path)
        }
    }

    /// The cause for the C library's error number `code`.
    static func posixCause(_ code: Int32) -> StoreError.Cause {
        StoreError.Cause(code: "errno \(code)", message: String(cString: strerror(code)).lowercased())
    }
}

/// Where a migration, which runs on the writer's queue, leaves its report for `init`.
private final class UpgradeReport: Sendable {
    let value = Mutex<StoreUpgrade?>(nil)
}

extension StoreError {
    /// Turns any error met while using an SQLite store into a `StoreError`; others pass through.
    static func mapping(_ error: Error, path: String, opening: Bool = false) -> Error {
        guard let error = error as? DatabaseError else { return error }
        let cause = Cause(code: "SQLITE \(error.extendedResultCode.rawValue)",
                          message: error.message ?? "\(error.resultCode)")
        switch error.resultCode.primaryResultCode {
        case .SQLITE_INTERRUPT:
            return StoreError.interrupted(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError.busy(path: path, seconds: Int(SQLiteStorage.busyTimeout))
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return StoreError.corrupt(path: path, cause: cause)
        case .SQLITE_READONLY:
            return StoreError.readOnly(path: path)
        case .SQLITE_FULL:
            return StoreError.diskFull(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError.cannotOpen(path: path, cause: cause)
        default:
            return opening ? StoreError.cannotOpen(path: path, cause: cause) : StoreError.storage(path: path, cause: cause)
        }
    }
}
