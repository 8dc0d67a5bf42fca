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
