import Foundation
import TaskModel
import TaskPresenter
import TaskSQLite
import TaskSync
import TaskTestSupport
import Testing

/// As the prompt closes, what was changed there and not sent yet is sent in the foreground, for a
/// few seconds at most, and said in a line; with nothing unsent, nothing is sent or said.
@Suite(.loadsTheMachine) struct TaskPresenterClosingSyncTests {
    /// A presenter on a list paired with a real Radicale, syncing in the background only when
    /// closing asks (changes would wait a minute), and the server.
    private struct Paired {
        let server: CalDAVTestServer
        let folder: TemporaryFolder
        let database: SQLiteStorage
        let sut: TaskPresenter
        let view: ViewSpy
        let background: BackgroundSync

        init() async throws {
            server = try await CalDAVTestServer.start(.radicale)
            folder = try TemporaryFolder()
            let netrc = folder.file("netrc")
            try Data("machine 127.0.0.1 login \(server.user) password \(server.password)\n".utf8).write(to: URL(filePath: netrc))
            let environment = server.trustEnvironment.merging(["NETRC": netrc]) { $1 }
            let path = folder.file("tasks.sqlite")
            let statePath = path + ".caldav"
            database = try SQLiteStorage(path: path)
            try seed(database, with: ["Buy milk"])
            let sync = CalDAVSync(storage: database, statePath: statePath, environment: environment)
            guard case .synced = try sync.pair(.init(address: server.collection.absoluteString)) else { throw Unpaired() }
            sut = TaskPresenter(storage: database, clock: TestClock().clock, sync: sync)
            view = ViewSpy()
            sut.view = view
            background = BackgroundSync(isPaired: { true }, open: {
                CalDAVSync(storage: try SQLiteStorage(path: path, openInThisProcess: true), statePath: statePath,
                           environment: environment)
            }, changeDelay: 600, idleInterval: 600)
            sut.showList()
            let paired = try FileManager.default.attributesOfItem(atPath: statePath)[.modificationDate] as? Date
            sut.syncInBackground(background)
            // The sync as the prompt opens touches the pairing file as it ends: a server stopped
            // after it does not cut it off, and what closing sends is sent by closing.
            let deadline = Date().addingTimeInterval(60)
            while try FileManager.default.attributesOfItem(atPath: statePath)[.modificationDate] as? Date == paired,
                  Date() < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// The summaries of the tasks on the server.
        func remoteSummaries() async throws -> [String] {
            let client = server.client()
            var summaries: [String] = []
            for resource in try await client.list() {
                let text = try await client.get(resource.name).text
                summaries += text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
            }
            return summaries.sorted()
        }
    }

    private struct Unpaired: Error {}

    @Test func aTaskAddedJustBeforeClosingIsSentAsItCloses() async throws {
        let paired = try await Paired()
        defer { paired.database.close() }
        _ = paired.sut.handle(line: "add Call mom")
        paired.view.reset()

        paired.sut.finishSyncing { false }

        #expect(paired.view.messages == ["synced: sent 1 new"])
        #expect(try await paired.remoteSummaries() == ["SUMMARY:Buy milk", "SUMMARY:Call mom"])
    }

    @Test func closingWithNothingChangedHereSaysNothing() async throws {
        let paired = try await Paired()
        defer { paired.database.close() }
        paired.view.reset()

        paired.sut.finishSyncing { false }

        #expect(paired.view.messages == [])
    }

    @Test func aSyncTypedAfterTheLastChangeLeavesNothingToSendAsItCloses() async throws {
        let paired = try await Paired()
        defer { paired.database.close() }
        _ = paired.sut.handle(line: "add Call mom")
        _ = paired.sut.handle(line: "sync")
        paired.view.reset()
        try await paired.server.halt() // a request now would fail, and say so

        paired.sut.finishSyncing { false }

        #expect(paired.view.messages == [])
    }

    @Test func aServerDownIsSaidInOneLineAsItCloses() async throws {
        let paired = try await Paired()
        defer { paired.database.close() }
        try await paired.server.halt()
        _ = paired.sut.handle(line: "add Call mom")
        paired.view.reset()

        paired.sut.finishSyncing { false }

        #expect(paired.view.messages == ["unsent until the next sync: cannot reach 127.0.0.1: connection refused"])
    }

    /// The task list removed on the server: no sync sends the change until the list is unpaired,
    /// which is said whole (it said "unsent until the next sync", cut at 80 columns before
    /// "sync --unpair": found by an independent tester).
    @Test func aTaskListRemovedOnTheServerIsSaidWithTheWayOutAsItCloses() async throws {
        let paired = try await Paired()
        defer { paired.database.close() }
        #expect((200..<300).contains(try await paired.server.client().request("DELETE", paired.server.collection).status))
        _ = paired.sut.handle(line: "add Call mom")
        paired.view.reset()

        paired.sut.finishSyncing { false }

        #expect(paired.view.messages == ["unsent: the task list paired with is no longer on the server (sync --unpair)"])
    }

    /// The store's file deleted or replaced before a change made at the prompt was sent: the change
    /// went with the file, which no later sync reads (it said "unsent until the next sync": found
    /// by an independent tester). The server keeps what it had.
    @Test(arguments: [false, true]) func aChangeLeftInAStoreDeletedOrReplacedIsSaidLostAsItCloses(replaced: Bool) async throws {
        let paired = try await Paired()
        defer { paired.database.close() }
        _ = paired.sut.handle(line: "add Call mom")
        let path = paired.folder.file("tasks.sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        if replaced { try SQLiteStorage(path: path).close() }
        paired.view.reset()

        paired.sut.finishSyncing { false }

        // The path's folders shortened to fit 80 columns, the file's name whole (it was cut to
        // "…e.sqlite": found by an independent tester): 18 columns, 19 beside the shorter "deleted".
        let shown = path.prefix(replaced ? 4 : 5) + "…/tasks.sqlite"
        #expect(paired.view.messages == ["unsent changes are lost: \(shown) was \(replaced ? "replaced" : "deleted") while tasks had it open"])
        #expect(try await paired.remoteSummaries() == ["SUMMARY:Buy milk"])
    }

    /// Another sync of the list (a one-shot `tasks sync`, stopped) holding it all the time closing
    /// waits (8 s: the prompt's sync starts waiting for it well before), with the server
    /// answering: said so, not "no answer" (found by an independent tester).
    @Test func anotherSyncHoldingTheListAsItClosesIsSaid() async throws {
        let paired = try await Paired()
        defer { paired.database.close() }
        let lock = open(paired.folder.file("tasks.sqlite.caldav.lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        _ = paired.sut.handle(line: "add Call mom")
        paired.view.reset()

        paired.sut.finishSyncing { false }

        #expect(paired.view.messages == ["unsent until the next sync: another sync of this list was under way for 8 s"])
    }

    /// What closing says, and how long it took, when the server does not answer: the prompt's syncs
    /// never end (until the test lets them).
    private static func closingWithoutAnswer(finishLimit: TimeInterval, giveUp: @escaping (Duration) -> Bool)
        throws -> (messages: [String], took: Duration) {
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        let sut = TaskPresenter(storage: try SQLiteStorage.inMemory(), clock: TestClock().clock)
        let view = ViewSpy()
        sut.view = view
        sut.syncInBackground(BackgroundSync(isPaired: { true }, open: {
            gate.wait()
            throw SyncError.notPaired
        }, changeDelay: 600, idleInterval: 600, finishLimit: finishLimit))
        _ = sut.handle(line: "add Call mom")
        view.reset()
        let start = ContinuousClock.now

        sut.finishSyncing { giveUp(ContinuousClock.now - start) }

        return (view.messages, ContinuousClock.now - start)
    }

    @Test func aServerThatDoesNotAnswerIsGivenUpAfterTheLimit() throws {
        let closing = try Self.closingWithoutAnswer(finishLimit: 1) { _ in false }

        #expect(closing.messages == ["unsent until the next sync: the sync was not done within 1 s"])
        #expect(closing.took < .seconds(30))
    }

    @Test func ctrlCStopsTheWaitAtOnce() throws {
        let closing = try Self.closingWithoutAnswer(finishLimit: 600) { $0 > .milliseconds(100) }

        #expect(closing.messages == ["unsent until the next sync: interrupted"])
        #expect(closing.took < .seconds(30))
    }
}
