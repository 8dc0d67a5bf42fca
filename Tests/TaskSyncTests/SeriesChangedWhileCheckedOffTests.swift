import Foundation
import TaskTestSupport
import Testing

/// A series renamed or retagged on one side while the other checked it off, before either synced:
/// the next task, made from the series as it was, takes the change too, on both sides. It kept the
/// old name (found by an independent tester).
@Suite(.loadsTheMachine) struct SeriesChangedWhileCheckedOffTests {
    static let servers: [CalDAVTestServer.Kind] = [.radicale, .xandikos]
    static let series = "add Water plants due:2031-12-01 every:week\n"

    /// What todoman shows, checked off or not, in order.
    private static func shown(_ device: TodomanDevice) async throws -> [String] {
        try await device.items().map { "\($0.completed ? "done" : "open") \($0.summary)" }.sorted()
    }

    @Test(arguments: servers)
    func renamedHereAndCheckedOffInTodoman(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, Self.series)
        let device = try await TodomanDevice(server: store.server)
        try await device.sync()
        try await store.script("edit 1 Water the roses\n")
        try await device.todo("done", String(try #require(try await device.items().first?.id)))
        try await device.sync()

        let synced = try await store.run("sync")
        try await device.sync()

        #expect(synced == ProgramRun(output: "synced: received 1 new, 1 changed; sent 2 changed\n"))
        #expect(try await store.list().split(separator: "\n").map { $0.contains("Water the roses") } == [true, true])
        #expect(try await Self.shown(device) == ["done Water the roses", "open Water the roses"])
    }

    @Test(arguments: servers)
    func renamedInTodomanAndCheckedOffHere(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, Self.series)
        let device = try await TodomanDevice(server: store.server)
        try await device.sync()
        try await device.editRaw(try #require(try await device.items().first?.id), sed: "s/^SUMMARY:.*/SUMMARY:Water the roses/")
        try await device.sync()
        #expect(try await store.run("done", "1") == ProgramRun())

        let synced = try await store.run("sync")
        try await device.sync()

        #expect(synced == ProgramRun(output: "synced: received 2 changed; sent 1 new, 1 changed\n"))
        #expect(try await store.list() == "  1   ✓ Water the roses  1 dec 2031\n  2   Water the roses  8 dec 2031 ↻\n")
        #expect(try await Self.shown(device) == ["done Water the roses", "open Water the roses"])
    }

    /// Two copies of the list: one renames and tags the series, the other checks it off; either
    /// syncs first. A tag of its own given to the next task stays.
    @Test(arguments: servers, [false, true])
    func changedInOneCopyAndCheckedOffInTheOther(kind: CalDAVTestServer.Kind, checkedOffSyncsFirst: Bool) async throws {
        let store = try await SyncedStore.paired(kind, Self.series)
        let other = try SyncedStore(store.server)
        try await other.pair()
        try await other.script("edit 1 Water the roses +garden\n")
        try await store.script("done 1\nedit 2 Water plants +weekly\n")

        let first = checkedOffSyncsFirst ? store : other
        let second = checkedOffSyncsFirst ? other : store
        for side in [first, second, first, second] { try await side.run("sync").expectSuccess() }

        let expected = "  1   ✓ Water the roses  +garden  1 dec 2031\n  2   Water the roses  +weekly  8 dec 2031 ↻\n"
        #expect(try await store.list() == expected)
        #expect(try await other.list() == expected)
        #expect(try await first.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }
}
