import Foundation
import TaskTestSupport
import Testing

/// `sync --unpair` keeps what both sides last agreed on beside the store (`tasks.sqlite.caldav.unpaired`):
/// paired again with the same task list, a task both sides hold merges against it, field by field,
/// and a task one side lacks is added to it, as on a first pairing. Paired with another task list,
/// it is forgotten.
@Suite(.loadsTheMachine) struct PairingAgainTests {
    static let servers: [CalDAVTestServer.Kind] = [.radicale, .xandikos]

    /// The text changed here and the check-off made by another copy of the list while this one was
    /// unpaired are both kept. Pairing again started afresh: each field held differently went to
    /// the side changed later, the check-off was undone, and the sync said both sides changed the
    /// text and the check-off (found by an independent tester).
    @Test(arguments: servers)
    func pairingAgainWithTheSameTaskListKeepsEachSidesChanges(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Alpha\nadd Beta\nadd Gamma\n")
        let other = try SyncedStore(store.server)
        try await other.pair()
        let list = store.server.collection.absoluteString
        #expect(try await store.run("sync", "--unpair") == ProgramRun(output: "unpaired from \(list); no task was removed\n"))
        try await other.script("done 2\nrm 3\n")
        #expect(try await other.run("sync") == ProgramRun(output: "synced: sent 1 changed, 1 removed\n"))
        try await store.script("edit 2 Beta from here\n")

        let paired = try await store.run("sync", list)

        // Gamma, removed there while this list was unpaired, is sent back: it is this side's.
        #expect(paired == ProgramRun(output: "paired with \(list) (Tasks)\nsynced: received 1 changed; sent 1 new, 1 changed\n"))
        let expected = "  1   Alpha\n  2   ✓ Beta from here\n  3   Gamma\n"
        #expect(try await store.list() == expected)
        #expect(!FileManager.default.fileExists(atPath: store.folder.file("tasks.sqlite.caldav.unpaired")))
        #expect(try await other.run("sync") == ProgramRun(output: "synced: received 1 new, 1 changed\n"))
        #expect(try await other.list() == expected)
    }

    /// A store restored from a copy taken before a sync, and paired again: its older values, unchanged
    /// since, go to the later change on the server. Merged against what both had agreed on, they
    /// were taken for changes here and put back on the server (found by an independent tester).
    @Test(arguments: servers)
    func aStoreRestoredFromABackupAndPairedAgainTakesTheLaterValues(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Alpha\nadd Beta\n")
        let file = store.folder.file("tasks.sqlite")
        try FileManager.default.copyItem(atPath: file, toPath: file + ".backup")
        // A change later than the tasks' making, to the second, as the server keeps it.
        let made = Date().timeIntervalSince1970.rounded(.down)
        while Date().timeIntervalSince1970.rounded(.down) == made { try await Task.sleep(for: .milliseconds(10)) }
        try await store.script("edit 1 Alpha renamed\ndone 2\n")
        try await store.run("sync").expectSuccess()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        try FileManager.default.moveItem(atPath: file + ".backup", toPath: file)
        let list = store.server.collection.absoluteString
        try await store.run("sync", "--unpair").expectSuccess()

        let paired = try await store.run("sync", list)

        #expect(paired == ProgramRun(output: "paired with \(list) (Tasks)\nsynced: received 2 changed\n"))
        #expect(try await store.list() == "  1   Alpha renamed\n  2   ✓ Beta\n")
        #expect(try await store.remote().values.compactMap { SyncedStore.line("SUMMARY:", in: $0) }.sorted()
                == ["SUMMARY:Alpha renamed", "SUMMARY:Beta"])
    }

    /// What the list agreed on with one task list is no base for another, into which its tasks go new.
    @Test func pairingWithAnotherTaskListForgetsTheFormerPairing() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\n")
        let errands = store.server.collection.deletingLastPathComponent().appendingPathComponent("errands/")
        let made = try await store.server.client().request("MKCALENDAR", errands, body: Data(PairingTests.makeTaskList("Errands").utf8),
                                                           headers: ["Content-Type": "application/xml; charset=utf-8"])
        try #require(made.status == 201, "\(made.status) \(made.text)")
        try await store.run("sync", "--unpair").expectSuccess()
        #expect(FileManager.default.fileExists(atPath: store.folder.file("tasks.sqlite.caldav.unpaired")))

        let paired = try await store.run("sync", errands.absoluteString)

        #expect(paired == ProgramRun(output: "paired with \(errands.absoluteString) (Errands)\nsynced: sent 1 new\n"))
        #expect(!FileManager.default.fileExists(atPath: store.folder.file("tasks.sqlite.caldav.unpaired")))
    }
}
