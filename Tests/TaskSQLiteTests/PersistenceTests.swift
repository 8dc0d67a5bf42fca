import Foundation
import TaskTestSupport
import Testing
@testable import TaskSQLite
import TaskModel

/// The SQLite backend's files: reopening, folders, the log, several processes.
@Suite struct PersistenceTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func tasksSurviveReopeningTheFile() throws {
        let path = folder.file("tasks.sqlite")
        let saved: TaskList
        do {
            let database = try SQLiteStorage(path: path)
            let a = try database.create(text: "a")
            try database.create(text: "b")
            try database.toggleFavorite(ids: [a.id])
            saved = try database.allTasks()
        }
        #expect(try SQLiteStorage(path: path).allTasks() == saved)
    }

    @Test func undoHistorySurvivesReopeningTheFile() throws {
        let path = folder.file("tasks.sqlite")
        do {
            let database = try SQLiteStorage(path: path)
            try database.create(text: "a")
            try database.create(text: "b")
            try database.undo()
        }
        let reopened = try SQLiteStorage(path: path)
        #expect(try reopened.redo() == Change(kind: .create, taskCount: 1, text: "b"))
        try reopened.undo()
        try reopened.undo()
        #expect(try reopened.allTasks().isEmpty)
    }

    @Test func openingCreatesMissingParentFolders() throws {
        let path = folder.file("a/b/c/tasks.sqlite")
        try SQLiteStorage(path: path).create(text: "x")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aNewStoreIsPrivateInFoldersItMadePrivateWhateverTheUmask() throws {
        let path = folder.file("made/for/it/tasks.sqlite")
        let database = try SQLiteStorage(path: path)
        try database.create(text: "x") // the log and its shared memory exist while the store is open
        func mode(_ path: String) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
        }
        for file in [path, path + "-wal", path + "-shm"] { #expect(mode(file) == 0o600, "\(file)") }
        for folder in ["made", "made/for", "made/for/it"] { #expect(mode(self.folder.file(folder)) == 0o700, "\(folder)") }
        database.close()
    }

    @Test func theStoreUsesWriteAheadLogging() throws {
        let path = folder.file("tasks.sqlite")
        try SQLiteStorage(path: path).create(text: "x")
        let header = try #require(FileManager.default.contents(atPath: path))
        #expect(header[18] == 2 && header[19] == 2) // WAL read and write versions
    }

    @Test func anEmptyExistingFileBecomesAStore() throws {
        let path = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        try SQLiteStorage(path: path).create(text: "x")
        #expect(try SQLiteStorage(path: path).allTasks().map(\.text) == ["x"])
    }

    @Test func connectionsCreatingANewStoreAtOnceAllOpenIt() throws {
        for round in 0..<10 {
            let path = folder.file("new-\(round).sqlite")
            let failures = EventLog()
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                do {
                    try SQLiteStorage(path: path).create(text: "opener \(index)")
                } catch {
                    failures.append("opener \(index): \(error)")
                }
            }
            #expect(failures.entries == [])
            #expect(try SQLiteStorage(path: path).allTasks().count == 4)
        }
    }

    @Test func aWriterWaitsForAnotherThatHoldsTheStoreInsteadOfFailing() async throws {
        let path = folder.file("busy.sqlite")
        let holder = try SQLiteStorage(path: path)
        let waiter = try SQLiteStorage(path: path)
        let events = EventLog()
        let holding = Thread {
            try? holder.write { store in
                try store.create(text: "first")
                events.append("held")
                while !events.contains("waiting") { Thread.sleep(forTimeInterval: 0.01) }
                Thread.sleep(forTimeInterval: 0.1) // the waiter is inside its write by now
                events.append("released")
            }
        }
        holding.start()
        while !events.contains("held") { try await Task.sleep(for: .milliseconds(10)) }
        events.append("waiting")
        try waiter.create(text: "second") // blocks until the holder commits
        events.append("written")
        #expect(events.entries == ["held", "waiting", "released", "written"])
        #expect(try waiter.allTasks().map(\.text) == ["first", "second"])
    }


    @Test func theFileAloneHoldsEveryCommittedChangeWhileAnotherConnectionKeepsTheLogOpen() throws {
        let path = folder.file("tasks.sqlite")
        let prompt = try SQLiteStorage(path: path) // a prompt left open elsewhere
        _ = try prompt.allTasks()
        let oneShot = try SQLiteStorage(path: path)
        try oneShot.create(text: "saved")
        try prompt.create(text: "saved too")
        let copy = folder.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy) // the file alone, as a backup takes it
        #expect(try SQLiteStorage(path: copy).texts() == ["saved", "saved too"])
        withExtendedLifetime((prompt, oneShot)) {}
    }
}

/// A thread-safe list of event names, to check the order in which threads did things.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ event: String) { lock.withLock { list.append(event) } }
    func contains(_ event: String) -> Bool { lock.withLock { list.contains(event) } }
    var entries: [String] { lock.withLock { list } }
}
