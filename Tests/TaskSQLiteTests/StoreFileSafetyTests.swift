import Foundation
import GRDB
import TaskTestSupport
import Testing
@testable import TaskSQLite
import TaskModel

@Suite struct StoreFileSafetyTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// Writes `bytes` to a file, opens it as a store, and returns the error, checking the file is unchanged.
    private func refusal(of bytes: Data, named name: String = "store.sqlite") throws -> StoreError? {
        let path = folder.file(name)
        try bytes.write(to: URL(fileURLWithPath: path))
        var caught: StoreError?
        do {
            _ = try SQLiteStorage(path: path)
        } catch let error as StoreError {
            caught = error
        }
        #expect(FileManager.default.contents(atPath: path) == bytes, "the file must be left byte-identical")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        return caught
    }

    /// The bytes of a real tasks store holding a few tasks.
    private func storeBytes() throws -> Data {
        let path = folder.file("real.sqlite")
        do {
            let database = try SQLiteStorage(path: path)
            for index in 0..<300 { try database.create(text: "task number \(index) with some padding text") }
        }
        return try #require(FileManager.default.contents(atPath: path))
    }

    @Test func aTextFileIsRefusedAndLeftIdentical() throws {
        let path = folder.file("store.sqlite")
        #expect(try refusal(of: Data("buy milk\npay rent\n".utf8)) == .notADatabase(path: path))
    }

    @Test func randomBytesAreRefusedAndLeftIdentical() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let path = folder.file("store.sqlite")
        #expect(try refusal(of: bytes) == .notADatabase(path: path))
    }

    @Test func aTruncatedStoreIsRefusedAndLeftIdentical() throws {
        let bytes = try storeBytes()
        #expect(bytes.count > 8192)
        let half = bytes.prefix(bytes.count / 2)
        let path = folder.file("store.sqlite")
        let error = try refusal(of: half)
        guard case let .truncated(errorPath, size, expected)? = error else {
            Issue.record("expected truncated, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path && size == Int64(half.count) && expected == Int64(bytes.count))
    }

    @Test func aStoreCutInsideItsHeaderIsRefusedAndLeftIdentical() throws {
        let bytes = try storeBytes().prefix(40)
        let path = folder.file("store.sqlite")
        #expect(try refusal(of: bytes) == .truncated(path: path, size: 40, expected: 100))
    }

    @Test func anotherProgramsSQLiteDatabaseIsRefusedAndLeftIdentical() throws {
        let path = folder.file("other.sqlite")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["python3", "-c", """
            import sqlite3; c = sqlite3.connect('\(path)')
            c.execute('CREATE TABLE contacts(name TEXT)'); c.execute("INSERT INTO contacts VALUES ('Ada')")
            c.commit(); c.close()
            """]
        try sqlite.run()
        sqlite.waitUntilExit()
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(try refusal(of: bytes, named: "other.sqlite") == .foreignDatabase(path: path))
    }

    @Test func aStoreWithAGarbledPageIsReportedAsDamagedAndLeftIdentical() throws {
        var bytes = try storeBytes()
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        for offset in pageSize..<bytes.count { bytes[offset] = 0xA5 } // every page after the first is garbage
        let path = folder.file("store.sqlite")
        try bytes.write(to: URL(fileURLWithPath: path))
        var caught: Error?
        do {
            let database = try SQLiteStorage(path: path)
            _ = try database.allTasks()
            try database.create(text: "x")
        } catch {
            caught = error
        }
        guard case .corrupt(let errorPath, _)? = caught as? StoreError else {
            Issue.record("expected corrupt, got \(String(describing: caught))")
            return
        }
        #expect(errorPath == path)
        #expect(FileManager.default.contents(atPath: path) == bytes)
    }

    /// The state a process killed while checkpointing leaves: the file's header already gives the new
    /// size, the file is not grown to it yet, and the write-ahead log holds every committed page.
    @Test func aStoreCutShortWhileCheckpointingItsLogOpensWithEveryTask() throws {
        let source = folder.file("source.sqlite")
        try SQLiteStorage(path: source).create(text: "first")
        let queue = try DatabaseQueue(path: source)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO task (position, uuid, text, createdAt, createdBy)
                SELECT i << 32, randomblob(16), 'task ' || i, 0, i FROM n
                """)
        }
        let before = try #require(FileManager.default.contents(atPath: source))
        let log = try #require(FileManager.default.contents(atPath: source + "-wal"))
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        let after = try #require(FileManager.default.contents(atPath: source))
        let pageSize = Int(after[16]) << 8 | Int(after[17])
        #expect(after.count > before.count)

        let path = folder.file("store.sqlite")
        try (after.prefix(pageSize) + before.dropFirst(pageSize)).write(to: URL(fileURLWithPath: path))
        try log.write(to: URL(fileURLWithPath: path + "-wal"))
        let tasks = try SQLiteStorage(path: path).allTasks()
        #expect(tasks.count == 2000)
        #expect(tasks.last?.text == "task 2000")
    }

    @Test func aFolderThatCannotBeCreatedIsAClearError() throws {
        let blocker = folder.file("file")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        #expect {
            _ = try SQLiteStorage(path: blocker + "/sub/tasks.sqlite")
        } throws: { error in
            guard case let .cannotCreateFolder(path, cause) = error as? StoreError else { return false }
            return path == blocker + "/sub" && cause.message == "not a directory"
        }
    }

    @Test func aFolderAtTheStoresPathIsAClearError() throws {
        let path = folder.file("folder.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(throws: StoreError.notAFile(path: path, kind: .folder)) {
            _ = try SQLiteStorage(path: path)
        }
    }

    @Test func aStoreInsideARegularFileIsAClearError() throws {
        let blocker = folder.file("notes.txt")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        #expect(throws: StoreError.cannotOpen(path: blocker + "/tasks.sqlite", cause: StoreError.Cause(
            code: "ENOTDIR", message: "\(blocker) is not a folder"))) {
            _ = try SQLiteStorage(path: blocker + "/tasks.sqlite")
        }
    }

    @Test func aFileThatCannotBeCreatedIsAClearError() throws {
        #expect {
            _ = try SQLiteStorage(path: "/proc/tasks-test.sqlite")
        } throws: { error in
            guard case let .cannotOpen(path, _) = error as? StoreError else { return false }
            return path == "/proc/tasks-test.sqlite"
        }
    }

    @Test func aFolderInsideAReadOnlyFileSystemIsAClearError() throws {
        #expect {
            _ = try SQLiteStorage(path: "/proc/tasks-test/tasks.sqlite")
        } throws: { error in
            guard case let .cannotCreateFolder(path, cause) = error as? StoreError else { return false }
            return path == "/proc/tasks-test" && cause.message == "no such file or directory"
        }
    }

    @Test(.enabled(if: getuid() != 0, "root can write anywhere"))
    func aReadOnlyFolderIsAClearError() throws {
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o555)
        defer { chmod(locked, 0o755) }
        #expect(throws: StoreError.self) { _ = try SQLiteStorage(path: locked + "/tasks.sqlite") }
    }

    @Test func aReadOnlyStoreRefusesChangesWithAClearError() throws {
        let path = folder.file("tasks.sqlite")
        try SQLiteStorage(path: path).create(text: "x")
        let database = try SQLiteStorage(path: path)
        // Simulate a store that cannot be written: open it read-only at the SQLite level.
        #expect(throws: StoreError.readOnly(path: path)) {
            try database.write { store in
                try #require(store as? SQLiteTransaction).db.execute(sql: "PRAGMA query_only = 1")
                try store.create(text: "y")
            }
        }
    }

    @Test func onlyATasksStoreWithTheCurrentSchemaOpensWithoutMigrating() throws {
        let path = folder.file("tasks.sqlite")
        #expect(try StoreFile.check(path: path) == false) // missing
        FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try StoreFile.check(path: path) == false) // empty: a new database
        try SQLiteStorage(path: path).create(text: "x")
        #expect(try StoreFile.check(path: path) == true)
        var header = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        header[63] = 1 // PRAGMA user_version = 1: an older schema, to be migrated
        try Data(header).write(to: URL(fileURLWithPath: path))
        #expect(try StoreFile.check(path: path) == false)
        header[63] = 8 // PRAGMA user_version = 8: a schema this build does not know
        try Data(header).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerStore(path: path, version: 8)) { try StoreFile.check(path: path) }
    }

    // MARK: The file under an open store

    @Test func aStoreWhoseFileIsDeletedRefusesEveryChangeInsteadOfSavingItWhereNoOneFindsIt() throws {
        let path = folder.file("store.sqlite")
        let database = try SQLiteStorage(path: path)
        try database.create(text: "kept")
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: StoreError.fileGone(path: path, replaced: false)) { try database.create(text: "lost") }
        #expect(throws: StoreError.fileGone(path: path, replaced: false)) { try database.allTasks() }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aStoreWhoseFileIsReplacedRefusesToReadOrChangeTheOldOne() throws {
        let path = folder.file("store.sqlite")
        let database = try SQLiteStorage(path: path)
        try database.create(text: "old")
        let other = folder.file("other.sqlite")
        do { try SQLiteStorage(path: other).create(text: "new") }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: other, toPath: path)
        #expect(throws: StoreError.fileGone(path: path, replaced: true)) { try database.create(text: "lost") }
        #expect(throws: StoreError.fileGone(path: path, replaced: true)) { try database.allTasks() }
        // The old file's log, named for the path, was emptied: the new file's pages are its own.
        #expect(StoreFile.size(of: path + "-wal") == 0)
        #expect(try SQLiteStorage(path: path).allTasks().map(\.text) == ["new"])
    }

    @Test func aStoreRewrittenInPlaceIsStillTheSameFile() throws {
        let path = folder.file("store.sqlite")
        let database = try SQLiteStorage(path: path)
        try database.create(text: "a")
        try SQLiteStorage(path: path).create(text: "b") // another process writes the same file
        #expect(try database.allTasks().map(\.text) == ["a", "b"])
    }
}
