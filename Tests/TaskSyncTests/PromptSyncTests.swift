import Foundation
import TaskTestSupport
import Testing

/// An open prompt on a paired list syncs by itself (every TASKS_SYNC_INTERVAL seconds, and soon
/// after a change): what the server got shows without a key pressed, what is done here reaches it.
@Suite(.serialized, .loadsTheMachine) struct PromptSyncTests {
    /// How long the server or the screen is given to show a sync's effect: generous, since the
    /// prompt syncs every second but two busy cores may run many tests beside it.
    static let limit: Duration = .seconds(60)

    /// The prompt on `store`, syncing every second.
    private static func promptSyncingEverySecond(_ store: SyncedStore) async throws -> TerminalSession {
        try await TerminalSession(in: store.folder, environment: store.environment(["TASKS_SYNC_INTERVAL": "1"]), timeout: limit)
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aTaskPutOnTheServerAppearsAtAnIdlePromptWithoutAKey(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Call mom\n")
        let session = try await Self.promptSyncingEverySecond(store)

        _ = try await store.server.client().put("milk.ics", SyncedStore.vtodo(uid: "milk", "SUMMARY:Buy milk"))

        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains("  2   Buy milk") }
        #expect(Array(screen.suffix(3)) == ["  1   Call mom", "  2   Buy milk", "tasks>"])
    }

    /// On a shared list the idle prompt waits on the server's notifications, with no interval: what
    /// the background sync says (here, that the CalDAV server is down, then back) shows as soon as it
    /// is said, though the list did not change and no key was pressed.
    @Test func whatTheSyncSaysShowsAtOnceAtAnIdlePromptOnASharedList() async throws {
        let postgres = try PostgresTestServer.shared()
        let list = postgres.url(database: try postgres.makeDatabase(owner: "alice"), user: "alice")
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale))
        #expect(try await store.run("--db", list, "add", "Buy milk") == ProgramRun())
        try await store.run("--db", list, "sync", store.server.collection.absoluteString).expectSuccess()
        let session = try await TerminalSession(["--db", list], in: store.folder,
                                                environment: store.environment(["TASKS_SYNC_INTERVAL": "1"]),
                                                columns: 200, timeout: Self.limit)

        try await store.server.halt()
        let down = "sync: cannot reach 127.0.0.1: connection refused"
        // A sync under way as the server stops may say first that it closed the connection.
        var screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains(down) }
        #expect(Array(screen.suffix(2)) == [down, "tasks>"])

        try await store.server.resume()
        let back = "synced with 127.0.0.1 again"
        screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains(back) }
        #expect(Array(screen.suffix(3)) == [down, back, "tasks>"])
        #expect(screen.first == "  1   Buy milk")
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aTaskCheckedOffAtThePromptReachesTheServer(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\n")
        let session = try await Self.promptSyncingEverySecond(store)

        #expect(try await session.run("done 1") == ["  1   ✓ Buy milk"])

        let deadline = ContinuousClock.now + Self.limit
        var status: String?
        repeat {
            status = try await store.remote().values.first.flatMap { SyncedStore.line("STATUS:", in: $0) }
            if status == "STATUS:COMPLETED" { break }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        #expect(status == "STATUS:COMPLETED")
    }
}
