import Foundation
import TaskTestSupport
import Testing

/// Another client puts a to-do back on the server as it was before this list's last sync wrote it
/// or removed it (that client's own undo, a copy of the list paired again). The task list is then
/// as it was when that sync asked what had changed, and Xandikos, asked what changed since,
/// names nothing: the sync asks for what it wrote rather than take it for removed (the task was
/// removed here, and stayed on the server) or never see it come back (found by an independent
/// tester).
@Suite(.loadsTheMachine) struct RestoredThereSyncTests {
    static let servers: [CalDAVTestServer.Kind] = [.radicale, .xandikos]

    /// The store with two tasks, synced, and the server's copy of the second as it is now.
    static func storeAndSecondCopy(_ kind: CalDAVTestServer.Kind) async throws -> (SyncedStore, name: String, copy: String) {
        let store = try await SyncedStore.paired(kind, "add Alpha task\nadd Gamma task\n")
        let name = try #require(try await store.remote().first { $0.value.contains("SUMMARY:Gamma task") }?.key)
        return (store, name, try await store.server.client().get(name).text)
    }

    /// What this list did to the task before the other client put it back: what its sync said of
    /// that, and what the next one says.
    enum Change: String, CaseIterable, Sendable {
        case renamed = "edit 2 Gamma renamed\n"
        case removed = "rm 2\n"

        var sent: String { self == .renamed ? "synced: sent 1 changed\n" : "synced: sent 1 removed\n" }
        var received: String { self == .renamed ? "synced: received 1 changed\n" : "synced: received 1 new\n" }
    }

    @Test(arguments: servers, Change.allCases)
    func aToDoPutBackAsItWasBeforeThisListsChangeIsTakenBack(kind: CalDAVTestServer.Kind, change: Change) async throws {
        let (store, name, copy) = try await Self.storeAndSecondCopy(kind)
        try await store.script(change.rawValue)
        #expect(try await store.run("sync") == ProgramRun(output: change.sent))
        #expect(try await store.server.client().put(name, copy).status / 100 == 2)

        let synced = try await store.run("sync")

        #expect(synced == ProgramRun(output: change.received))
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
        #expect(try await store.list() == "  1   Alpha task\n  2   Gamma task\n")
    }
}
