import Foundation
import TaskModel
import TaskPresenter
import TaskSQLite
import TaskSync
import TaskTestSupport
import Testing

/// The open prompt's sync in the background, against a real Radicale: what it has to say is news
/// for the idle prompt; a sync with nothing to tell (most of them, one a minute) is not, so the
/// prompt is not redrawn for it.
@Suite(.loadsTheMachine) struct TaskPresenterBackgroundSyncTests {
    /// A list holding "Buy milk" beside a new Radicale, its presenter with a spy view, and the
    /// sync a netrc with the password lets in.
    private final class Prompt {
        let server: CalDAVTestServer
        let folder: TemporaryFolder
        let path: String
        let environment: [String: String]
        let database: SQLiteStorage
        let sync: CalDAVSync
        let sut: TaskPresenter
        let view = ViewSpy()
        var statePath: String { path + ".caldav" }

        init() async throws {
            server = try await CalDAVTestServer.start(.radicale)
            folder = try TemporaryFolder()
            let netrc = folder.file("netrc")
            try Data("machine 127.0.0.1 login \(server.user) password \(server.password)\n".utf8).write(to: URL(filePath: netrc))
            path = folder.file("tasks.sqlite")
            environment = server.trustEnvironment.merging(["NETRC": netrc]) { $1 }
            database = try SQLiteStorage(path: path)
            try seed(database, with: ["Buy milk"])
            sync = CalDAVSync(storage: database, statePath: path + ".caldav", environment: environment)
            sut = TaskPresenter(storage: database, clock: TestClock().clock, sync: sync)
            sut.view = view
        }

        deinit { database.close() }

        /// The prompt's background sync, over a connection of its own, started.
        func syncInBackground(idleInterval: TimeInterval, turnLimit: TimeInterval = BackgroundSync.patience) -> BackgroundSync {
            let (path, statePath, environment) = (path, statePath, environment)
            let background = BackgroundSync(isPaired: { true }, open: {
                CalDAVSync(storage: try SQLiteStorage(path: path, openInThisProcess: true), statePath: statePath,
                           environment: environment)
            }, changeDelay: 0.1, idleInterval: idleInterval, turnLimit: turnLimit)
            sut.syncInBackground(background)
            return background
        }
    }

    @Test func aBackgroundSyncWithNothingToTellIsNoNewsAtTheIdlePrompt() async throws {
        let prompt = try await Prompt()
        defer { withExtendedLifetime(prompt) {} }
        let (sut, view, statePath) = (prompt.sut, prompt.view, prompt.statePath)
        guard case .synced = try prompt.sync.pair(.init(address: prompt.server.collection.absoluteString)) else {
            Issue.record("not paired")
            return
        }
        sut.showList()
        view.reset()

        let background = prompt.syncInBackground(idleInterval: 0.1)
        defer { background.stop() }

        // Each sync that changes nothing touches the pairing file: two of them have run. Watched
        // on a thread of its own: on two cores the test runner's threads may all be blocked by
        // other tests for a minute, and a watch on them saw two touches (in CI).
        let seen = try await onOwnThread { () -> [Date] in
            func touched() -> Date? {
                try? FileManager.default.attributesOfItem(atPath: statePath)[.modificationDate] as? Date
            }
            var seen: [Date] = []
            let deadline = Date().addingTimeInterval(60)
            while seen.count < 3, Date() < deadline {
                if let time = touched(), time != seen.last { seen.append(time) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return seen
        }
        #expect(seen.count == 3)
        #expect(!sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.messages.isEmpty)
    }

    /// A `sync` typed at the prompt just after a change there sends it: the list's version counts
    /// other connections' changes only, and the prompt's own sync took the list for unchanged
    /// ("synced: nothing changed", found by an independent tester).
    @Test func aSyncTypedAfterAChangeAtThePromptSendsIt() async throws {
        let prompt = try await Prompt()
        defer { withExtendedLifetime(prompt) {} }
        let (sut, view) = (prompt.sut, prompt.view)
        sut.handle(line: "sync \(prompt.server.collection.absoluteString)")
        sut.handle(line: "sync")
        view.reset()

        sut.handle(line: "add Call mom")
        sut.handle(line: "sync")

        #expect(view.messages == ["synced: sent 1 new"])
        #expect(try await prompt.server.client().list().count == 2)
    }

    /// A `sync` typed after the prompt's own sync sent the change made there says so: "nothing
    /// changed" alone read as the change not sent (found by an independent tester).
    @Test func aSyncTypedAfterTheBackgroundSyncSentAChangeSaysItWasSent() async throws {
        let prompt = try await Prompt()
        defer { withExtendedLifetime(prompt) {} }
        let (sut, view) = (prompt.sut, prompt.view)
        sut.handle(line: "sync \(prompt.server.collection.absoluteString)")
        let background = prompt.syncInBackground(idleInterval: 3600)
        defer { background.stop() }
        // Each background sync's end makes the descriptor readable until its outcome is taken.
        func waitForTheBackgroundSync() throws {
            var waiting = pollfd(fd: try #require(background.descriptor), events: Int16(POLLIN), revents: 0)
            try #require(poll(&waiting, 1, 60_000) == 1)
        }
        try waitForTheBackgroundSync() // the sync at start
        sut.showStoreNews()
        sut.handle(line: "add Call mom")
        try waitForTheBackgroundSync() // the one the change brought
        #expect(try await prompt.server.client().list().count == 2)
        view.reset()

        sut.handle(line: "sync")
        sut.handle(line: "sync")

        #expect(view.messages == ["synced: nothing changed; the prompt had sent 1 new", "synced: nothing changed"])
    }

    /// The prompt's own sync that gives up waiting for its turn while a `sync` typed there waits
    /// too, or runs, says nothing once the typed one has synced, or was stopped (Ctrl-C): it said
    /// "another sync of this list has been under way" of it (found by independent testers). Here
    /// another process holds the list's lock until the prompt's own sync has given up; then it lets
    /// go, or the typed sync is interrupted as Ctrl-C does.
    @Test(arguments: [false, true])
    func thePromptsOwnSyncGivingUpWhileASyncTypedThereRunsSaysNothing(stopped: Bool) async throws {
        let prompt = try await Prompt()
        defer { withExtendedLifetime(prompt) {} }
        let (sut, view) = (prompt.sut, prompt.view)
        sut.handle(line: "sync \(prompt.server.collection.absoluteString)")
        let background = prompt.syncInBackground(idleInterval: 3600, turnLimit: 2)
        defer { background.stop() }
        let descriptor = try #require(background.descriptor)
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        try #require(poll(&waiting, 1, 60_000) == 1) // the sync at start
        sut.showStoreNews()
        let lock = open(prompt.statePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        sut.handle(line: "add Call mom")
        view.reset()
        // Once the prompt's own sync, brought by the change, has given up.
        let release = Thread { [descriptor, sync = prompt.sync] in
            var gaveUp = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&gaveUp, 1, 60_000)
            if stopped { sync.interrupt() } else { flock(lock, LOCK_UN) }
        }
        release.start()

        sut.handle(line: "sync")
        sut.showStoreNews()

        let waitingLine = "another sync of this list is under way: waiting for it (Ctrl-C stops)"
        #expect(view.messages == [waitingLine, stopped ? "sync: interrupted; nothing is lost: sync again to finish" : "synced: sent 1 new"])
        #expect(try await prompt.server.client().list().count == (stopped ? 1 : 2))
    }
}
