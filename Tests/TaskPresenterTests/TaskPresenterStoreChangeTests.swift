import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

/// Whether the store changed since the list was shown, as the prompt asks while it waits for a key
/// (issue 13): `hasStoreNews()` on a store that cannot notify (SQLite), so compared at every check.
@Suite("Whether the store changed since the list was shown")
struct TaskPresenterStoreChangeTests {
    /// The folder of the test's store, there for as long as the test runs (a store whose file is
    /// deleted refuses to be read).
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// A presenter that showed A, B and C from a file, and a second connection to the same file.
    private func makeSUTWithOtherConnection() throws -> (sut: TaskPresenter, view: ViewSpy, other: TaskPresenter) {
        let path = folder.file("tasks.sqlite")
        let (sut, view) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C"])
        let (other, _) = try makeSUT(database: SQLiteStorage(path: path))
        return (sut, view, other)
    }

    @Test("not while nothing changed, nor after the presenter's own changes")
    func unchangedAndOwnChanges() throws {
        let (sut, view, _) = try makeSUTWithOtherConnection()
        #expect(!sut.hasStoreNews())
        #expect(sut.handle(line: "add D") == .succeeded)
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(!sut.hasStoreNews())
        #expect(view.received == [.rows(rows("A", "B", "C", "D")), .rows(rows("B", "C", "D"))])
    }

    @Test("after another connection's change; asking shows nothing and numbers keep the list shown")
    func othersChangeIsReportedOnly() throws {
        let (sut, view, other) = try makeSUTWithOtherConnection()
        #expect(other.handle(line: "rm 1") == .succeeded)
        #expect(sut.hasStoreNews())
        #expect(sut.hasStoreNews()) // asking changes nothing
        #expect(view.received == [])
        #expect(sut.handle(line: "rm 2") == .succeeded) // B, shown as 2
        #expect(view.received == [.rows(rows("C"))])
        #expect(!sut.hasStoreNews())
    }

    @Test("not when the store's version moved but its list did not (a change undone elsewhere)")
    func versionMovedListDidNot() throws {
        let (sut, view, other) = try makeSUTWithOtherConnection()
        #expect(other.handle(line: "add D") == .succeeded)
        #expect(other.handle(line: "undo") == .succeeded)
        #expect(!sut.hasStoreNews())
        #expect(other.handle(line: "fav 1") == .succeeded)
        #expect(sut.hasStoreNews())
        #expect(view.received == [])
    }

    @Test("no more once the list is shown again, numbers then referring to it")
    func showingAgainSettlesIt() throws {
        let (sut, view, other) = try makeSUTWithOtherConnection()
        #expect(other.handle(line: "rm 1") == .succeeded)
        sut.showList()
        #expect(!sut.hasStoreNews())
        #expect(sut.handle(line: "rm 1") == .succeeded) // B, shown as 1 now
        #expect(view.received == [.rows(rows("B", "C")), .rows(rows("C"))])
    }

    @Test("under find, showing again shows the matching tasks of the new list")
    func showingAgainUnderFind() throws {
        let (sut, view, other) = try makeSUTWithOtherConnection()
        #expect(sut.handle(line: "find b") == .succeeded)
        #expect(other.handle(line: "add bb") == .succeeded)
        view.reset()
        #expect(sut.hasStoreNews())
        sut.showList()
        #expect(view.received == [
            .rows(rows((2, "B"), (4, "bb"))),
            .message(.info("2 of 4 tasks match “b”; `list` shows all")),
        ])
        #expect(sut.prompt == "tasks (find b)> ")
    }

    @Test("a change whose list cannot be read is reported once, its error shown once")
    func unreadableChangeOnce() throws {
        let path = folder.file("tasks.sqlite")
        let store = try UnlistableStore(base: SQLiteStorage(path: path))
        let (sut, view) = try makeSUT(database: store, tasks: ["A"])
        try SQLiteStorage(path: path).create(text: "B")
        store.listingFails = true
        #expect(sut.hasStoreNews())
        sut.showList()
        #expect(!sut.hasStoreNews()) // the prompt does not show the same error again and again
        #expect(view.received == [.message(.error(TaskPresenter.message(forOpening: UnlistableStore.failure)))])
        try SQLiteStorage(path: path).create(text: "C")
        #expect(sut.hasStoreNews())
        store.listingFails = false
        view.reset()
        sut.showList()
        #expect(view.received == [.rows(rows("A", "B", "C"))])
        #expect(!sut.hasStoreNews())
    }

    @Test("not before a list was shown (a one-shot command asks nothing)")
    func notBeforeShown() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (sut, _) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A"], shown: false)
        try SQLiteStorage(path: path).create(text: "B")
        #expect(!sut.hasStoreNews())
    }
}

/// A store whose list cannot be read while `listingFails` (as when a newer program changed its
/// tables), though its version can.
private final class UnlistableStore: TaskStorage, @unchecked Sendable {
    static let failure = StoreError.busy(path: "tasks.sqlite", seconds: 5)
    let base: any TaskStorage
    var listingFails = false
    var location: String { base.location }

    init(base: any TaskStorage) { self.base = base }

    func read<T>(_ body: (any TaskReading) throws -> T) throws -> T {
        try base.read { try body(listingFails ? Unlistable(base: $0) : $0) }
    }
    func write<T>(_ body: (any TaskWriting) throws -> T) throws -> T { try base.write(body) }
    func interrupt() { base.interrupt() }
    func close() { base.close() }

    private struct Unlistable: TaskReading {
        let base: any TaskReading
        func allTasks() throws -> TaskList { throw UnlistableStore.failure }
        func firstTasks(_ count: Int) throws -> TaskList { throw UnlistableStore.failure }
        func tasks(at indices: [ClosedRange<Int>]) throws -> [Int: TaskItem] { throw UnlistableStore.failure }
        func task(id: TaskItem.ID) throws -> TaskItem? { try base.task(id: id) }
        func untraced(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID] { try base.untraced(ids) }
        func count() throws -> Int { try base.count() }
        func externalVersion() throws -> Int { try base.externalVersion() }
    }
}
