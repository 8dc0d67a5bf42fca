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
    /// A new Radicale, a folder for the list (`path`), and a sync's environment: a netrc with the password.
    private static func server() async throws -> (server: CalDAVTestServer, folder: TemporaryFolder, path: String,
                                                  environment: [String: String]) {
        let server = try await CalDAVTestServer.start(.radicale)
        let folder = try TemporaryFolder()
        let netrc = folder.file("netrc")
        try Data("machine 127.0.0.1 login \(server.user) password \(server.password)\n".utf8).write(to: URL(filePath: netrc))
        return (server, folder, folder.file("tasks.sqlite"), server.trustEnvironment.merging(["NETRC": netrc]) { $1 })
    }

    @Test func aBackgroundSyncWithNothingToTellIsNoNewsAtTheIdlePrompt() async throws {
        let (server, folder, path, environment) = try await Self.server()
        defer { withExtendedLifetime(folder) {} }
        let statePath = path + ".caldav"
        let database = try SQLiteStorage(path: path)
        defer { database.close() }
        try seed(database, with: ["Buy milk"])
        let sync = CalDAVSync(storage: database, statePath: statePath, environment: environment)
        guard case .synced = try sync.pair(.init(address: server.collection.absoluteString)) else {
            Issue.record("not paired")
            return
        }
        let sut = TaskPresenter(storage: database, clock: TestClock().clock, sync: sync)
        let view = ViewSpy()
        sut.view = view
        sut.showList()
        view.reset()
        let background = BackgroundSync(isPaired: { true }, open: {
            CalDAVSync(storage: try SQLiteStorage(path: path, openInThisProcess: true), statePath: statePath,
                       environment: environment)
        }, changeDelay: 0.1, idleInterval: 0.1)
        defer { background.stop() }

        sut.syncInBackground(background)

        // Each sync that changes nothing touches the pairing file: two of them have run.
        func touched() -> Date? {
            try? FileManager.default.attributesOfItem(atPath: statePath)[.modificationDate] as? Date
        }
        var seen: [Date] = []
        let deadline = Date().addingTimeInterval(60)
        while seen.count < 3, Date() < deadline {
            if let time = touched(), time != seen.last { seen.append(time) }
            try await Task.sleep(for: .milliseconds(20))
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
        let (server, folder, path, environment) = try await Self.server()
        defer { withExtendedLifetime(folder) {} }
        let database = try SQLiteStorage(path: path)
        defer { database.close() }
        try seed(database, with: ["Buy milk"])
        let sync = CalDAVSync(storage: database, statePath: path + ".caldav", environment: environment)
        let sut = TaskPresenter(storage: database, clock: TestClock().clock, sync: sync)
        let view = ViewSpy()
        sut.view = view
        sut.handle(line: "sync \(server.collection.absoluteString)")
        sut.handle(line: "sync")
        view.reset()

        sut.handle(line: "add Call mom")
        sut.handle(line: "sync")

        #expect(view.messages == ["synced: sent 1 new"])
        #expect(try await server.client().list().count == 2)
    }
}
