import Foundation
import TaskInterchange
import TaskModel
import TaskTestSupport
import Testing
@testable import TaskSync

/// A change a sync was sending when it was cut short is kept in the pairing (`pending`): the next
/// sync's plan takes it as synced when the server holds what was sent, and sends the change again
/// over the base when it does not. A task changed here, synced by a sync that was killed with its
/// write in flight, then removed here, came back as changed on the server (found by the seventh
/// tester).
@Suite struct PendingChangeTests {
    static let timeZone = TimeZone(identifier: "UTC")!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let collection = URL(string: "https://dav.example.com/alice/tasks/")!
    static let before = TaskItem(id: UUID(), text: "Call mom", createdAt: now)
    static let changed = TaskItem(id: before.id, text: "Call mom today", createdAt: now, modifiedAt: now.addingTimeInterval(60))
    static let href = "/alice/tasks/\(before.id.uuidString.lowercased()).ics"
    static func text(_ task: TaskItem) -> String {
        String(decoding: ICalendarResource.render(task, extra: ["X-APPLE-SORT-ORDER:1048576"], timeZone: timeZone), as: UTF8.self)
    }

    /// A pairing that agreed on `before` (ETag "1") and was sending `changed` when its sync was cut short.
    static var state: SyncState {
        var state = SyncState(pairing: Pairing(url: collection, user: "alice", passwordCommand: nil, allowsPlainHTTP: false))
        var item = SyncState.Item(href: href, etag: "\"1\"", base: text(before), sortValue: 1_048_576)
        item.fingerprint = SyncState.fingerprint(of: SyncFields(before), properties: nil)
        item.inFlight = .changing(text(changed))
        state.items[before.id.uuidString.lowercased()] = item
        return state
    }

    /// The server as a full listing finds it: holding what was sent (fetched, ETag "2"), or as agreed.
    static func server(holdingTheChange: Bool) throws -> ServerTasks {
        var server = ServerTasks(token: "1")
        if holdingTheChange {
            let data = text(changed)
            server.fetched[before.id] = .init(href: href, etag: "\"2\"", data: data,
                                              task: try ICalendarResource.read(Array(data.utf8), timeZone: timeZone, now: now))
        }
        return server
    }

    static func plan(list: TaskList, holdingTheChange: Bool) throws -> SyncPlan {
        try SyncPlan(list: list, server: try server(holdingTheChange: holdingTheChange), state: state, timeZone: timeZone, now: now)
    }

    @Test func arrivedAndRemovedHereItIsRemovedThere() throws {
        let plan = try Self.plan(list: [], holdingTheChange: true)

        #expect(plan.writes.map(\.body) == [nil] && plan.writes.first?.etag == "\"2\"")
        #expect(plan.conflicts.isEmpty && plan.localWrites.isEmpty)
    }

    @Test func arrivedAndKeptHereItIsSyncedAsItIs() throws {
        let plan = try Self.plan(list: [Self.changed], holdingTheChange: true)

        #expect(plan.writes.isEmpty && plan.localWrites.isEmpty && plan.localRemovals.isEmpty && plan.conflicts.isEmpty)
        let settled = try #require(plan.settled[Self.before.id] ?? nil)
        #expect(settled.etag == "\"2\"" && settled.base == Self.text(Self.changed) && settled.inFlight == nil)
    }

    @Test func notArrivedTheChangeIsSentAgain() throws {
        let plan = try Self.plan(list: [Self.changed], holdingTheChange: false)

        #expect(plan.writes.count == 1 && plan.writes.first?.etag == "\"1\"" && plan.writes.first?.isNew == false)
        #expect(plan.writes.first.flatMap(\.body).map { String(decoding: $0, as: UTF8.self) }?.contains("SUMMARY:Call mom today") == true)
        #expect(plan.localWrites.isEmpty && plan.conflicts.isEmpty)
    }

    @Test func notArrivedAndRemovedHereItIsRemovedThere() throws {
        let plan = try Self.plan(list: [], holdingTheChange: false)

        #expect(plan.writes.map(\.body) == [nil] && plan.writes.first?.etag == "\"1\"")
        #expect(plan.conflicts.isEmpty)
    }

    /// Before each batch, the changed tasks it sends are kept with their text; once answered, as synced.
    @Test func aBatchKeepsItsChangesPendingUntilAnswered() throws {
        var agreed = Self.state
        let key = Self.before.id.uuidString.lowercased()
        agreed.items[key]?.inFlight = nil
        let plan = try SyncPlan(list: [Self.changed], server: ServerTasks(token: "1"), state: agreed, timeZone: Self.timeZone, now: Self.now)
        var written: [(SyncState, [String])] = []
        var checkpoints = SyncCheckpoints(state: agreed, plan: plan) { state, keys in written.append((state, keys)) }

        try checkpoints.markSending(plan.writes)
        let sent = try #require(plan.writes.first?.body).map { $0 }
        try checkpoints.record(plan.writes, settled: [Self.before.id: SyncState.Item(href: Self.href, etag: "\"2\"",
                                                                                     base: String(decoding: sent, as: UTF8.self))])

        #expect(written.map(\.1) == [[key], [key]])
        #expect(written.first?.0.items[key]?.inFlight == .changing(String(decoding: sent, as: UTF8.self)))
        #expect(written.first?.0.items[key]?.etag == "\"1\"")
        #expect(written.last?.0.items[key]?.inFlight == nil && written.last?.0.items[key]?.etag == "\"2\"")
    }

    /// The pairing file keeps the text sent, and forgets it once the change is synced; a file of the
    /// version before, which has no table for it, is read as holding none.
    @Test func thePairingFileKeepsThePendingText() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite.caldav")
        try Self.state.save(to: path)
        let key = Self.before.id.uuidString.lowercased()
        #expect(try SyncState.load(from: path)?.items[key]?.inFlight == .changing(Self.text(Self.changed)))

        var synced = try #require(try SyncState.load(from: path))
        synced.items[key]?.inFlight = nil
        try synced.save(to: path, since: try SyncState.load(from: path))
        #expect(try SyncState.load(from: path)?.items[key]?.inFlight == nil)

        try #require(ChildProcess.runBlocking("/usr/bin/sqlite3", [path, "DROP TABLE pending;"]) == 0)
        #expect(try SyncState.load(from: path)?.items[key]?.etag == "\"1\"")
        try Self.state.save(to: path, since: try SyncState.load(from: path))
        #expect(try SyncState.load(from: path)?.items[key]?.inFlight == .changing(Self.text(Self.changed)))
    }
    /// The server's copy is the text sent though rewritten (Radicale writes the properties in an
    /// order of its own), and is not with a note another client added.
    @Test func aCopyRewrittenByTheServerIsTheTextSentButNotOneWithANoteAdded() throws {
        let sent = Self.text(Self.changed)
        var lines = sent.components(separatedBy: "\r\n")
        let start = try #require(lines.firstIndex(of: "BEGIN:VTODO")) + 1
        let end = try #require(lines.firstIndex(of: "END:VTODO"))
        lines[start..<end].sort()
        let rewritten = lines.joined(separator: "\r\n")
        lines.insert("DESCRIPTION:before noon", at: end)
        let noted = lines.joined(separator: "\r\n")
        func same(_ held: String) -> Bool {
            ServerWrites.sameTask(Array(held.utf8), Array(sent.utf8), timeZone: Self.timeZone, now: Self.now)
        }

        #expect(rewritten != sent && same(rewritten))
        #expect(!same(noted))
    }
    /// A pairing that agreed on `before` and was removing it from the server when its sync was cut short.
    static var removingState: SyncState {
        var state = Self.state
        state.items[before.id.uuidString.lowercased()]?.inFlight = .removing
        return state
    }

    /// The server as a full listing finds it after such a sync: without the task (the removal
    /// arrived), or as agreed.
    static func server(removed: Bool) -> ServerTasks {
        var server = ServerTasks(token: "1")
        if removed { server.removed = [before.id] }
        return server
    }

    /// The removal arrived, and an undo since brought the task back here: it is sent again, as
    /// new (it was removed here as removed on the server, found by an independent tester).
    @Test func aRemovalThatArrivedOfATaskBroughtBackHereSendsItAgain() throws {
        let plan = try SyncPlan(list: [Self.before], server: Self.server(removed: true), state: Self.removingState,
                                timeZone: Self.timeZone, now: Self.now)

        #expect(plan.writes.map(\.isNew) == [true] && plan.writes.first?.etag == nil && plan.writes.first?.body != nil)
        #expect(plan.localRemovals.isEmpty && plan.localWrites.isEmpty)
    }

    @Test func aRemovalThatArrivedOfATaskStillRemovedHereIsForgotten() throws {
        let plan = try SyncPlan(list: [], server: Self.server(removed: true), state: Self.removingState,
                                timeZone: Self.timeZone, now: Self.now)

        #expect(plan.writes.isEmpty && plan.localWrites.isEmpty)
        #expect(plan.settled[Self.before.id] == .some(nil))
    }

    @Test func aRemovalThatDidNotArriveIsSentAgainOrUndone() throws {
        let removedHere = try SyncPlan(list: [], server: Self.server(removed: false), state: Self.removingState,
                                       timeZone: Self.timeZone, now: Self.now)
        let broughtBack = try SyncPlan(list: [Self.before], server: Self.server(removed: false), state: Self.removingState,
                                       timeZone: Self.timeZone, now: Self.now)

        #expect(removedHere.writes.map(\.body) == [nil] && removedHere.writes.first?.etag == "\"1\"")
        #expect(broughtBack.writes.isEmpty && broughtBack.localRemovals.isEmpty && broughtBack.localWrites.isEmpty)
    }

    /// The pairing file keeps a removal under way as a pending row without text.
    @Test func thePairingFileKeepsARemovalUnderWay() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite.caldav")
        try Self.removingState.save(to: path)
        let item = try SyncState.load(from: path)?.items[Self.before.id.uuidString.lowercased()]

        #expect(item?.inFlight == .removing)
    }
}
