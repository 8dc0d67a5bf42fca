import Foundation
import TaskTestSupport
import Testing
@testable import TaskSync

/// A first sync of many tasks cut off half-way (the server crashing, or `tasks` killed with -9):
/// the next sync completes it, with every task once on each side, none lost, none doubled.
@Suite(.loadsTheMachine) struct InterruptedSyncTests {
    static let count = 400

    /// A store of `count` tasks (`task 1` …) beside a new server of `kind`, and the first sync
    /// started in the background (its standard error in `sync.err` of the store's folder).
    private static func firstSyncUnderWay(_ kind: CalDAVTestServer.Kind) async throws -> (SyncedStore, pid_t) {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        try await store.script((1...count).map { "add task \($0)\n" }.joined())
        let pid = try ChildProcess.start(TasksBinary.path, ["--db", store.folder.file("tasks.sqlite"), "--quiet", "sync",
                                                            store.server.collection.absoluteString],
                                         environment: TasksBinary.environment(in: store.folder, store.environment()),
                                         error: store.folder.file("sync.err"))
        return (store, pid)
    }

    /// Waits until the server holds some of the tasks (but a limit's worth of time at most).
    private static func waitForSomeTasks(on store: SyncedStore) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while try await store.server.client().list().isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The next sync works (`sync` alone: a first sync cut short left the list paired), and both
    /// sides hold each task once.
    private static func expectEveryTaskOnceOnEachSide(_ store: SyncedStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let next = try await store.run("sync")
        #expect(next.status == 0 && next.error.isEmpty, "\(next)\n\(store.server.log.suffix(3000))", sourceLocation: sourceLocation)
        let here = try await store.list().split(separator: "\n").map { String($0.drop { $0 == " " }.drop(while: \.isNumber).dropFirst(3)) }
        let there = try await store.remote().values.compactMap { SyncedStore.line("SUMMARY:", in: $0).map { String($0.dropFirst(8)) } }
        for (side, texts) in [("here", here), ("on the server", there)] {
            let counted = Dictionary(texts.map { ($0, 1) }, uniquingKeysWith: +)
            let doubled = counted.filter { $0.value > 1 }.keys.sorted()
            let missing = (1...count).map { "task \($0)" }.filter { counted[$0] == nil }
            #expect(texts.count == count && doubled.isEmpty && missing.isEmpty,
                    "\(side): \(texts.count) tasks; doubled \(doubled); missing \(missing.count)", sourceLocation: sourceLocation)
        }
        // In their order here: those the cut sync had sent are not taken for tasks the server moved.
        #expect(here == (1...count).map { "task \($0)" }, "\(here.prefix(5))…", sourceLocation: sourceLocation)
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aServerHaltedDuringTheFirstSyncIsCaughtUpByTheNext(kind: CalDAVTestServer.Kind) async throws {
        let (store, pid) = try await Self.firstSyncUnderWay(kind)
        try await Self.waitForSomeTasks(on: store)

        try await store.server.halt()
        let status = try await ChildProcess.exitStatus(of: pid, path: TasksBinary.path)
        try await store.server.resume()

        let error = store.folder.contents(of: "sync.err") ?? ""
        #expect(status == 1 && error.split(separator: "\n").count == 1, "\(status) \(error)")
        try await Self.expectEveryTaskOnceOnEachSide(store)
    }

    /// A task the cut sync had sent, removed here before the next sync, is removed there too: each
    /// batch the sync sends is kept in the pairing as it goes. It came back, here and there, as the
    /// server's new task (found by an independent tester).
    @Test func aTaskRemovedHereAfterAFirstSyncWasKilledIsRemovedThere() async throws {
        let (store, pid) = try await Self.firstSyncUnderWay(.radicale)
        let pairing = store.folder.file("tasks.sqlite.caldav")
        let deadline = ContinuousClock.now + .seconds(120)
        while (try? SyncState.load(from: pairing))??.items.isEmpty ?? true, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        _ = try await ChildProcess.exitStatus(of: pid, path: TasksBinary.path)
        let kept = try #require(try SyncState.load(from: pairing))
        let exported = try JSONSerialization.jsonObject(with: Data(try await store.export().utf8)) as? [[String: Any]]
        let first = try #require(exported?.first { $0["description"] as? String == "task 1" }?["uuid"] as? String)
        try #require(kept.items.count < Self.count && kept.items[first.lowercased()] != nil, "\(kept.items.count) kept")

        try await store.script("rm 1\n")
        let next = try await store.run("sync")

        #expect(next.status == 0 && next.error.isEmpty, "\(next)")
        let here = try await store.list()
        let there = try await store.remote().values.compactMap { SyncedStore.line("SUMMARY:", in: $0) }
        #expect(!here.contains("task 1\n") && !there.contains("SUMMARY:task 1"))
        #expect(here.split(separator: "\n").count == Self.count - 1 && there.count == Self.count - 1)
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func tasksKilledDuringTheFirstSyncIsCaughtUpByTheNext(kind: CalDAVTestServer.Kind) async throws {
        let (store, pid) = try await Self.firstSyncUnderWay(kind)
        try await Self.waitForSomeTasks(on: store)

        kill(pid, SIGKILL)
        let status = try await ChildProcess.exitStatus(of: pid, path: TasksBinary.path)

        #expect(status == 128 + SIGKILL)
        try await Self.expectEveryTaskOnceOnEachSide(store)
    }
    /// Tasks a sync killed with a batch in flight was sending changes of, removed here before the
    /// next sync: removed there too, none back. The change that reached the server came back as
    /// one made there ("removed here and changed on the server: … is back", found by the seventh
    /// tester); each batch's changes are now kept in the pairing as they go (`pending`).
    @Test func tasksAKilledSyncWasChangingThenRemovedHereAreRemovedThere() async throws {
        let store = try await SyncedStore.paired(.radicale, (1...Self.count).map { "add task \($0)\n" }.joined())
        try await store.script((1...Self.count).map { "edit \($0) task \($0) changed\n" }.joined())
        let pairing = store.folder.file("tasks.sqlite.caldav")
        let pid = try ChildProcess.start(TasksBinary.path, ["--db", store.folder.file("tasks.sqlite"), "--quiet", "sync"],
                                         environment: TasksBinary.environment(in: store.folder, store.environment()),
                                         error: store.folder.file("sync.err"))
        let deadline = ContinuousClock.now + .seconds(120)
        while !((try? SyncState.load(from: pairing))??.items.values.contains { if case .changing? = $0.inFlight { true } else { false } } ?? false),
              ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        _ = try await ChildProcess.exitStatus(of: pid, path: TasksBinary.path)
        let kept = try #require(try SyncState.load(from: pairing))
        let pending = Set(kept.items.filter { if case .changing? = $0.value.inFlight { true } else { false } }.keys)
        try #require(!pending.isEmpty)
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(try await store.export().utf8)) as? [[String: Any]])
        let numbers = exported.enumerated().compactMap { index, task in
            (task["uuid"] as? String).map { pending.contains($0.lowercased()) } == true ? index + 1 : nil
        }
        try await store.script("rm \(numbers.map(String.init).joined(separator: " "))\n")

        let next = try await store.run("sync")

        #expect(next.status == 0 && next.error.isEmpty && !next.output.contains("is back"), "\(next)")
        let here = try await store.list().split(separator: "\n").map { String($0.drop { $0 == " " }.drop(while: \.isNumber).dropFirst(3)) }
        let there = try await store.remote().values.compactMap { SyncedStore.line("SUMMARY:", in: $0).map { String($0.dropFirst(8)) } }
        let left = (1...Self.count).filter { !numbers.contains($0) }.map { "task \($0) changed" }
        #expect(here == left, "\(here.count) here, \(left.count) meant")
        #expect(there.sorted() == left.sorted(), "\(there.count) there, \(left.count) meant")
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }
    /// Tasks a sync killed with a batch of removals in flight was removing from the server, brought
    /// back here by `undo`: sent again, every task once on each side. Those whose removal had
    /// arrived were removed here too, as removed on the server (found by an independent tester).
    @Test func tasksAKilledSyncWasRemovingThenBroughtBackByUndoAreSentAgain() async throws {
        let store = try await SyncedStore.paired(.radicale, (1...Self.count).map { "add task \($0)\n" }.joined())
        try await store.script("rm 1-\(Self.count - 10)\n")
        let pairing = store.folder.file("tasks.sqlite.caldav")
        let pid = try ChildProcess.start(TasksBinary.path, ["--db", store.folder.file("tasks.sqlite"), "--quiet", "sync"],
                                         environment: TasksBinary.environment(in: store.folder, store.environment()),
                                         error: store.folder.file("sync.err"))
        let deadline = ContinuousClock.now + .seconds(120)
        while !((try? SyncState.load(from: pairing))??.items.values.contains { $0.inFlight == .removing } ?? false),
              ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        _ = try await ChildProcess.exitStatus(of: pid, path: TasksBinary.path)
        #expect(try await store.run("undo") == ProgramRun(output: "Undid: rm (\(Self.count - 10) tasks)\n"))

        try await Self.expectEveryTaskOnceOnEachSide(store)
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }
}
