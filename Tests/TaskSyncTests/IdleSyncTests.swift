import Foundation
import TaskModel
import TaskSQLite
import TaskTestSupport
import Testing
@testable import TaskSync

/// An open prompt syncs every minute on a connection of its own (one `CalDAVSync`): a sync that
/// finds neither side changed since that connection's last one does not read the list, which on
/// a long list would cost a read of every task each minute; any change on either side does.
@Suite(.loadsTheMachine) struct IdleSyncTests {
    /// The sync of an open prompt on `paired`'s list: a connection of its own, counted.
    static func syncOfItsOwn(_ paired: SyncedStore) throws -> (ReadCountingStore, CalDAVSync) {
        let storage = ReadCountingStore(base: try SQLiteStorage(path: paired.folder.file("tasks.sqlite")))
        let sync = CalDAVSync(storage: storage, statePath: paired.folder.file("tasks.sqlite.caldav"),
                              environment: TasksBinary.environment(in: paired.folder, paired.environment()))
        return (storage, sync)
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aSyncWithNothingNewOnEitherSideDoesNotReadTheList(kind: CalDAVTestServer.Kind) async throws {
        let paired = try await SyncedStore.paired(kind, "add Call mom\nadd Buy milk\n")
        let (storage, sync) = try Self.syncOfItsOwn(paired)
        defer { storage.close() }
        // Each sync: how many times it read the whole list, and what it did.
        func synced() throws -> (reads: Int, report: SyncReport) {
            let before = storage.wholeListReads
            let report = try sync.sync()
            return (storage.wholeListReads - before, report)
        }

        #expect(try synced().reads == 1) // this connection's first sync
        #expect(try synced().reads == 0) // the list's version alone
        #expect(try synced().reads == 0)

        #expect(try await paired.run("add", "Pay rent") == ProgramRun()) // another process's change
        let afterChangeHere = try synced()
        #expect(afterChangeHere.reads == 1 && afterChangeHere.report.sent.added == 1)
        #expect(try synced().reads == 0)

        _ = try await paired.server.client().put("flights.ics", SyncedStore.vtodo(uid: "flights", "SUMMARY:Book flights"))
        let afterChangeThere = try synced()
        #expect(afterChangeThere.reads == 1 && afterChangeThere.report.received.added == 1)
        #expect(try synced().reads == 0)
        #expect(try await paired.list() == "  1   Call mom\n  2   Buy milk\n  3   Pay rent\n  4   Book flights\n")
    }

    /// The server giving a task a copy tasks cannot read is news even when the list did not
    /// change: the pairing keeps it, so that a change made here later is kept here, not sent with
    /// the old ETag and refused at every sync; and said by every sync while it is not sent, even
    /// one that finds nothing new on either side (the second said nothing: found by an
    /// independent tester).
    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aCopyTasksCannotReadIsKeptInThePairingByASyncThatReadsNothingElse(kind: CalDAVTestServer.Kind) async throws {
        let paired = try await SyncedStore.paired(kind, "add Team meeting\n")
        let (storage, sync) = try Self.syncOfItsOwn(paired)
        defer { storage.close() }
        _ = try sync.sync()
        let (name, calendar) = try #require(try await paired.remote().first)
        let uid = String(try #require(SyncedStore.line("UID:", in: calendar)).dropFirst(4))
        _ = try await paired.server.client().put(name, SyncedStore.vtodo(uid: uid, "SUMMARY:Team meeting",
                                                                          "RRULE:FREQ=MONTHLY;BYDAY=2TU"))

        let skipped = try sync.sync()
        #expect(try await paired.run("done", "1") == ProgramRun())
        let changedHere = try sync.sync()

        #expect(skipped.skipped.count == 1)
        #expect(changedHere.notSent == 1 && changedHere.postponed == 0)
        #expect(try sync.sync().notSent == 1)
    }

    /// A fingerprint that does not match a task both sides left as they were (one another version
    /// of `tasks` computed) sends that task through the merge, which reads its base: the sync
    /// renews it, or every later sync would read every such base again.
    @Test func aStaleFingerprintIsRenewedBySyncingOnce() async throws {
        let paired = try await SyncedStore.paired(.radicale, "add Water the plants +home due:2026-12-01\nadd Buy milk\n")
        let path = paired.folder.file("tasks.sqlite.caldav")
        var state = try #require(try SyncState.load(from: path))
        let fingerprints = state.items.mapValues(\.fingerprint)
        for key in state.items.keys { state.items[key]?.fingerprint = 1 }
        try state.save(to: path)

        #expect(try await paired.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
        #expect(try #require(try SyncState.load(from: path)).items.mapValues(\.fingerprint) == fingerprints)
    }
}
