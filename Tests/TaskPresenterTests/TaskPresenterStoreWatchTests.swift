import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport
import Testing

/// What an idle prompt shows by itself from a store that notifies (`watchStore()`,
/// `hasStoreNews()`, `showStoreNews()`): the list again after another process's change, asked of
/// the store only when it was told of one; a connection lost, said once, and its return.
@Suite("The idle prompt's watch of a store that notifies")
struct TaskPresenterStoreWatchTests {
    /// The folder of the test's store, there for as long as the test runs (a store whose file is
    /// deleted refuses to be read).
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// A presenter that showed A, B and C from a notifying store over a file, and a second
    /// presenter changing the same file (without notifying: the store's `told` does).
    private func makeWatchingSUT() throws -> (sut: TaskPresenter, view: ViewSpy, store: NotifyingStore, other: TaskPresenter) {
        let path = folder.file("tasks.sqlite")
        let store = NotifyingStore(base: try SQLiteStorage(path: path))
        let (sut, view) = try makeSUT(database: store, tasks: ["A", "B", "C"])
        let (other, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(sut.watchStore() == NotifyingStore.descriptor)
        store.reads = 0
        return (sut, view, store, other)
    }

    private static let lost = StoreError.connectionLost(
        location: "postgresql://db/team", cause: StoreError.Cause(code: "57P01", message: "terminating connection"),
        committing: false)

    @Test("with nothing told, the store is not asked")
    func quietAsksNothing() throws {
        let (sut, view, store, other) = try makeWatchingSUT()
        #expect(other.handle(line: "add D") == .succeeded) // not told: not seen
        #expect(!sut.hasStoreNews())
        #expect(store.reads == 0)
        #expect(view.received == [])
    }

    @Test("told of a change, the list is compared, shown again, and numbers refer to it")
    func toldChangeShowsTheList() throws {
        let (sut, view, store, other) = try makeWatchingSUT()
        #expect(other.handle(line: "rm 1") == .succeeded)
        store.told = [.listChanged]
        #expect(sut.hasStoreNews())
        #expect(view.received == [])
        sut.showStoreNews()
        #expect(view.received == [.rows(rows("B", "C"))])
        #expect(!sut.hasStoreNews())
        #expect(store.reads == 2) // the comparison and the list shown; none since
        #expect(sut.handle(line: "rm 1") == .succeeded) // B, shown as 1 now
        #expect(view.received == [.rows(rows("B", "C")), .rows(rows("C"))])
    }

    @Test("told of a change, the whole list is read once: the list the comparison found is the one shown")
    func toldChangeReadsTheListOnce() throws {
        let path = folder.file("tasks.sqlite")
        let counting = ReadCountingStore(base: try SQLiteStorage(path: path))
        let store = NotifyingStore(base: counting)
        let (sut, view) = try makeSUT(database: store, tasks: ["A", "B", "C"])
        let (other, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(sut.watchStore() == NotifyingStore.descriptor)
        let reads = counting.wholeListReads
        #expect(other.handle(line: "add D") == .succeeded)
        store.told = [.listChanged]
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.rows(rows("A", "B", "C", "D"))])
        #expect(counting.wholeListReads == reads + 1)
    }

    @Test("the list changed elsewhere is shown around its first row that differs", arguments: [
        ("rm 2", ["A", "C"], 1), ("add D", ["A", "B", "C", "D"], 3), ("fav 1", ["★ A", "B", "C"], 0),
        ("mv 3 2", ["A", "C", "B"], 1), ("rm 3", ["A", "B"], 1), ("clear", [], nil),
    ] as [(String, [String], Int?)])
    func changedListIsFocusedOnItsFirstDifference(line: String, texts: [String], focus: Int?) throws {
        let (sut, view, store, other) = try makeWatchingSUT()
        #expect(other.handle(line: line) == .succeeded)
        store.told = [.listChanged]
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.rows(rows(texts))])
        #expect(view.lastFocus == focus)
        #expect(sut.handle(line: "list") == .succeeded)
        #expect(view.lastFocus == nil) // a list asked for is shown whole
    }

    @Test("told of a change that left the list as shown, nothing is shown")
    func toldChangeThatChangedNothing() throws {
        let (sut, view, store, other) = try makeWatchingSUT()
        #expect(other.handle(line: "add D") == .succeeded)
        #expect(other.handle(line: "undo") == .succeeded)
        store.told = [.listChanged]
        #expect(!sut.hasStoreNews())
        #expect(view.received == [])
    }

    @Test("news not shown because a key came is asked again at the next check")
    func newsKeptUntilShown() throws {
        let (sut, view, store, other) = try makeWatchingSUT()
        #expect(other.handle(line: "add D") == .succeeded)
        store.told = [.listChanged]
        #expect(sut.hasStoreNews()) // a key came: the prompt does not show it now
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.rows(rows("A", "B", "C", "D"))])
    }

    @Test("a lost connection is said once, in one line; its return is said when the store answers again")
    func lostAndBack() throws {
        let (sut, view, store, _) = try makeWatchingSUT()
        store.told = [.connectionLost(Self.lost)]
        store.isDown = true
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.message(.error(
            "lost the connection to postgresql://db/team (terminating connection); connecting again in the background"))])
        view.reset()
        #expect(sut.watchStore() == nil)
        #expect(!sut.hasStoreNews()) // asked (connecting again), in silence
        #expect(!sut.hasStoreNews())
        #expect(store.reads == 2)
        store.isDown = false
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.message(.info("connected to \(store.location) again"))])
        view.reset()
        #expect(!sut.hasStoreNews())
        #expect(view.received == [])
    }

    @Test("the list changed while the connection was lost is shown when it is back, before saying so")
    func backWithAChangedList() throws {
        let (sut, view, store, other) = try makeWatchingSUT()
        store.told = [.connectionLost(Self.lost)]
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(other.handle(line: "add D") == .succeeded)
        view.reset()
        #expect(sut.watchStore() == nil)
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.rows(rows("A", "B", "C", "D")), .message(.info("connected to \(store.location) again"))])
    }

    @Test("after a command the prompt says nothing more of the connection: the command's outcome did")
    func commandSpeaksForTheConnection() throws {
        let (sut, view, store, _) = try makeWatchingSUT()
        store.told = [.connectionLost(Self.lost)]
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(sut.handle(line: "add D") == .succeeded) // connects again
        view.reset()
        #expect(sut.watchStore() == NotifyingStore.descriptor)
        #expect(!sut.hasStoreNews())
        #expect(view.received == [])
    }

    @Test("a command that failed because the server is away is followed by word of its return")
    func commandFailedWhileAwayThenBack() throws {
        let (sut, view, store, _) = try makeWatchingSUT()
        store.told = [.connectionLost(Self.lost)]
        store.isDown = true
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(sut.handle(line: "list") == .failed) // says the server is away
        view.reset()
        #expect(sut.watchStore() == nil)
        #expect(!sut.hasStoreNews()) // still away: asked in silence
        store.isDown = false
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.message(.info("connected to \(store.location) again"))])
    }

    @Test("a connection lost under the comparison itself is said too")
    func lostWhileComparing() throws {
        let (sut, view, store, _) = try makeWatchingSUT()
        store.told = [.listChanged]
        store.isDown = true
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.message(.error(
            "lost the connection to postgresql://db/team (terminating connection); connecting again in the background"))])
    }
}

/// A store that notifies as a server does: it hands out a descriptor while connected, passes on
/// what the test says it was `told` (a loss disconnects it), counts its read transactions, and
/// fails every transaction with a lost connection while `isDown`; a transaction connects it again,
/// and then it tells that the list may have changed (what a server's new connection cannot know).
private final class NotifyingStore: TaskStorage, @unchecked Sendable {
    static let descriptor: Int32 = 42
    let base: any TaskStorage
    var told: [StoreNotification] = []
    var isDown = false
    var reads = 0
    private var isConnected = true
    var location: String { base.location }

    init(base: any TaskStorage) { self.base = base }

    func read<T>(_ body: (any TaskReading) throws -> T) throws -> T {
        reads += 1
        try connect()
        return try base.read(body)
    }
    func write<T>(_ body: (any TaskWriting) throws -> T) throws -> T {
        try connect()
        return try base.write(body)
    }
    func interrupt() { base.interrupt() }
    func close() { base.close() }

    func watchForChanges() -> Int32? { isConnected ? Self.descriptor : nil }
    func takeNotifications() -> StoreNotification {
        guard !told.isEmpty else { return .quiet }
        let notification = told.removeFirst()
        if case .connectionLost = notification { isConnected = false }
        return notification
    }

    private func connect() throws {
        if isDown {
            isConnected = false
            throw StoreError.connectionLost(location: "postgresql://db/team",
                                            cause: StoreError.Cause(code: "57P01", message: "terminating connection"),
                                            committing: false)
        }
        if !isConnected {
            isConnected = true
            told.append(.listChanged)
        }
    }
}
