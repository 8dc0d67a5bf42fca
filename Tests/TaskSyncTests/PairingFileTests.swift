import Foundation
import TaskTestSupport
import Testing
@testable import TaskSync

/// The pairing file beside a list (`tasks.sqlite.caldav`): an SQLite database private to its owner,
/// read and written row by row; a JSON one an earlier version wrote is read and replaced.
@Suite(.loadsTheMachine) struct PairingFileTests {
    static func path(_ store: SyncedStore) -> String {
        store.folder.file("tasks.sqlite.caldav")
    }

    @Test func itIsAnSQLiteDatabaseOnlyItsOwnerReadsAndHoldsNoPassword() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\nadd Buy milk\n")

        let attributes = try FileManager.default.attributesOfItem(atPath: Self.path(store))
        let bytes = try #require(FileManager.default.contents(atPath: Self.path(store)))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(bytes.prefix(16) == Data("SQLite format 3\0".utf8))
        #expect(bytes.range(of: Data(store.server.password.utf8)) == nil)
    }

    /// Each task's row is read without its base; the base is read when the task changes, and what
    /// a sync changes is written back, the other rows as they were.
    @Test func aChangedTaskIsMergedFromItsBaseInTheFile() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\nadd Buy milk\n")
        let loaded = try #require(try SyncState.load(from: Self.path(store)))
        let file = try #require(try PairingFile.open(Self.path(store)))
        let bases = try loaded.items.keys.map { try file.base(of: $0) }
        try await store.script("fav 1\n")
        let remote = try await store.remote()
        let (name, calendar) = try #require(remote.first { $0.value.contains("SUMMARY:Buy milk") })
        _ = try await store.server.client().put(name, calendar.replacingOccurrences(of: "SUMMARY:Buy milk", with: "SUMMARY:Buy oat milk"))

        let run = try await store.run("sync")

        #expect(loaded.items.values.allSatisfy { $0.base == nil })
        #expect(bases.allSatisfy { $0?.contains("BEGIN:VTODO") == true })
        #expect(run == ProgramRun(output: "synced: received 1 changed; sent 1 changed\n"))
        #expect(try await store.list() == "  1 ★ Call mom\n  2   Buy oat milk\n")
        let after = try #require(try SyncState.load(from: Self.path(store)))
        #expect(Set(after.items.keys) == Set(loaded.items.keys))
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }

    /// An SQLite file with the pairing's tables but values of other kinds (a NULL pairing, texts for
    /// numbers) is refused in one line: reading it stopped the program (GRDB's conversion traps).
    @Test func aDatabaseWithOtherValuesIsNotAPairing() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\n")
        try FileManager.default.removeItem(atPath: Self.path(store))
        let made = ChildProcess.runBlocking("/usr/bin/sqlite3", [Self.path(store), """
            CREATE TABLE pairing (only INTEGER PRIMARY KEY, pairing BLOB, syncToken BLOB, putSinceToken BLOB,
                                  lastSync REAL, leftAlone INTEGER);
            INSERT INTO pairing VALUES (1, NULL, NULL, NULL, 'x', 'y');
            CREATE TABLE item (id TEXT PRIMARY KEY, href, etag, fingerprint, sortValue, unreadableThere, sending);
            CREATE TABLE base (id TEXT PRIMARY KEY, text);
            """])
        try #require(made == 0)

        let run = try await store.run("sync")
        let status = try await store.run("sync", "--status")

        #expect(run.status == 1 && run.error.hasSuffix(" is not a pairing: sync --unpair removes it\n"), "\(run)")
        #expect(status.status == 1 && status.error == run.error, "\(status)")
        #expect(try await store.run("sync", "--unpair")
                == ProgramRun(output: "removed the pairing file, which was not one: sync URL pairs again\n"))
    }

    /// A pairing an earlier version kept as one JSON document goes on syncing: the first sync reads
    /// it, and replaces it with the database, bases and all.
    @Test func aJSONFileOfAnEarlierVersionIsReadThenReplaced() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\nadd Buy milk\n")
        var state = try #require(try SyncState.load(from: Self.path(store)))
        let file = try #require(try PairingFile.open(Self.path(store)))
        for key in state.items.keys { state.items[key]?.base = try file.base(of: key) }
        try FileManager.default.removeItem(atPath: Self.path(store))
        try JSONEncoder().encode(state).write(to: URL(fileURLWithPath: Self.path(store)))
        try await store.script("edit 2 Buy oat milk\n")

        let status = try await store.run("sync", "--status")
        let run = try await store.run("sync")

        #expect(status.output.hasPrefix("paired with \(store.server.collection.absoluteString)"))
        #expect(status.output.hasSuffix("; 2 tasks were on both sides\n"))
        #expect(run == ProgramRun(output: "synced: sent 1 changed\n"))
        let bytes = try #require(FileManager.default.contents(atPath: Self.path(store)))
        #expect(bytes.prefix(16) == Data("SQLite format 3\0".utf8))
        let upgraded = try #require(try PairingFile.open(Self.path(store)))
        for key in state.items.keys { #expect(try upgraded.base(of: key)?.contains("BEGIN:VTODO") == true) }
        #expect(try await store.remote().values.contains { $0.contains("SUMMARY:Buy oat milk") })
    }

    /// A file that is neither an SQLite database nor a JSON pairing is said in one line, with how
    /// to be rid of it; `sync --unpair` removes it (it said the same, and nothing removed it:
    /// found by an independent tester).
    @Test(arguments: ["not a pairing\n", "SQLite format 3\0" + String(repeating: "x", count: 200)])
    func aFileThatIsNotAPairingIsSaidAndUnpairRemovesIt(contents: String) async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\n")
        try Data(contents.utf8).write(to: URL(fileURLWithPath: Self.path(store)))

        let run = try await store.run("sync")
        let status = try await store.run("sync", "--status")
        let unpaired = try await store.run("sync", "--unpair")

        // The path, shortened in the middle to fit 80 columns.
        let reason = try #require(run.error.firstMatch(of: /^sync: (\/tmp\/.{2,}….{2,}caldav) is not a pairing: sync --unpair removes it\n$/))
        #expect(run.status == 1 && run.output.isEmpty && run.error.count <= 81)
        #expect(status == ProgramRun(error: "sync: \(reason.1) is not a pairing: sync --unpair removes it\n", status: 1))
        #expect(unpaired == ProgramRun(output: "removed the pairing file, which was not one: sync URL pairs again\n"))
        #expect(!FileManager.default.fileExists(atPath: Self.path(store)))
        #expect(try await store.run("sync", store.server.collection.absoluteString)
                == ProgramRun(output: "paired with \(store.server.collection.absoluteString) (Tasks)\nsynced: nothing changed\n"))
    }
}
