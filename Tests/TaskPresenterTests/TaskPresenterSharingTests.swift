import Foundation
import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

/// `share` and `unshare` where there is nothing to share (an SQLite file), and the prompt of a
/// list that cannot be changed. (On a shared list: TaskPostgresTests and the end-to-end tests.)
@Suite("Sharing, and the read-only prompt")
struct TaskPresenterSharingTests {
    @Test("share and unshare on an SQLite store say they need a shared list, and change nothing", arguments: [
        "share bob", "share bob --read-only", "unshare bob",
    ])
    func shareOnAFile(line: String) throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A"])
        #expect(sut.handle(line: line) == .failed)
        let command = line.hasPrefix("share") ? "share" : "unshare"
        #expect(view.received == [.message(.error(
            "\(line): \(command) works on a shared list on a PostgreSQL server; :memory: is a file"))])
        #expect(try storedRows(database) == rows("A"))
        #expect(throws: StoreError.nothingToRedo) { try database.write { try $0.redo() } }
    }

    @Test("in a script, share on an SQLite store fails its line and the script changes nothing")
    func shareInAScript() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A"], shown: false)
        let result = sut.runScript(["add B", "share bob"], keepGoing: false)
        #expect(result == ScriptResult(failedLines: 1, committed: false))
        #expect(view.messages == ["line 2: share bob: share works on a shared list on a PostgreSQL server; :memory: is a file"])
        #expect(try storedRows(database) == rows("A"))
    }

    @Test("the prompt of a list that is read-only says so, before the view in effect")
    func readOnlyPrompt() throws {
        let (sut, _) = try makeSUT(database: ReadOnlyStore(base: SQLiteStorage.inMemory()), tasks: [])
        #expect(sut.prompt == "tasks (read-only)> ")
        _ = sut.handle(line: "today")
        #expect(sut.prompt == "tasks (read-only, today)> ")
    }

    @Test("the prompt of a store that can be written says nothing of it")
    func writablePrompt() throws {
        let (sut, _) = try makeSUT(tasks: ["A"])
        #expect(sut.prompt == "tasks> ")
        _ = sut.handle(line: "find a")
        #expect(sut.prompt == "tasks (find a)> ")
    }
}

/// A store that says it is read-only (as a list shared so, or a file root cannot be kept from
/// writing, would), over a real one.
private final class ReadOnlyStore: TaskStorage, @unchecked Sendable {
    let base: any TaskStorage
    init(base: any TaskStorage) { self.base = base }
    var location: String { base.location }
    var isReadOnly: Bool { true }
    func read<T>(_ body: (any TaskReading) throws -> T) throws -> T { try base.read(body) }
    func write<T>(_ body: (any TaskWriting) throws -> T) throws -> T { try base.write(body) }
    func interrupt() { base.interrupt() }
    func watchForChanges() -> Int32? { nil }
    func takeNotifications() -> StoreNotification { .quiet }
    func close() { base.close() }
}
