import Foundation
import TaskInterchange
import TaskModel
import TaskTestSupport
import Testing
@testable import TaskSync

/// A new task a sync was sending when it was cut short is kept in the pairing, marked `sending`,
/// its base what was sent: the next sync's plan takes it as synced when the server names it, and
/// as new to the server when it does not. A task removed here after such a sync came back, here
/// and there, as the server's new one (found by an independent tester).
@Suite struct SendingItemTests {
    static let timeZone = TimeZone(identifier: "UTC")!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let collection = URL(string: "https://dav.example.com/alice/tasks/")!
    static let task = TaskItem(id: UUID(), text: "Call mom", createdAt: now)
    static let href = "/alice/tasks/\(task.id.uuidString.lowercased()).ics"
    static let sent = String(decoding: ICalendarResource.render(task, extra: ["X-APPLE-SORT-ORDER:1048576"], timeZone: timeZone),
                             as: UTF8.self)

    /// A pairing that was sending `task` when its sync was cut short.
    static var state: SyncState {
        var state = SyncState(pairing: Pairing(url: collection, user: "alice", passwordCommand: nil, allowsPlainHTTP: false))
        state.items[task.id.uuidString.lowercased()] = SyncState.Item(href: href, etag: nil, base: sent, inFlight: .adding)
        return state
    }

    /// The server as a full listing finds it, holding what was sent or not.
    static func server(holding: Bool) throws -> ServerTasks {
        var server = ServerTasks(token: "1")
        if holding {
            let read = try ICalendarResource.read(Array(sent.utf8), timeZone: timeZone, now: now)
            server.fetched[task.id] = .init(href: href, etag: "\"a\"", data: sent, task: read)
        }
        return server
    }

    static func plan(list: TaskList, holding: Bool) throws -> SyncPlan {
        try SyncPlan(list: list, server: try server(holding: holding), state: state, timeZone: timeZone, now: now)
    }

    @Test func arrivedAndRemovedHereItIsRemovedThere() throws {
        let plan = try Self.plan(list: [], holding: true)

        #expect(plan.writes.map(\.href) == [Self.href] && plan.writes.map(\.body) == [nil])
        #expect(plan.writes.first?.etag == "\"a\"")
        #expect(plan.localWrites.isEmpty)
    }

    @Test func arrivedAndKeptHereItIsSyncedAsItIs() throws {
        let plan = try Self.plan(list: [Self.task], holding: true)

        #expect(plan.writes.isEmpty && plan.localWrites.isEmpty && plan.localRemovals.isEmpty)
    }

    @Test func notArrivedItIsSentAsNew() throws {
        let plan = try Self.plan(list: [Self.task], holding: false)

        #expect(plan.writes.map(\.isNew) == [true] && plan.writes.first?.etag == nil)
        #expect(plan.localRemovals.isEmpty)
    }

    @Test func notArrivedAndRemovedHereNothingIsDone() throws {
        let plan = try Self.plan(list: [], holding: false)

        #expect(plan.writes.isEmpty && plan.localWrites.isEmpty)
        #expect(plan.settled[Self.task.id] == .some(nil)) // forgotten
    }
    /// `sync --status` counts the tasks known to be on both sides: not one still being sent (it
    /// counted them, 128 where the server held 64, found by an independent tester).
    @Test func aTaskBeingSentIsNotCountedAsSynced() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite.caldav")
        var state = Self.state
        state.items[UUID().uuidString.lowercased()] = SyncState.Item(href: "/alice/tasks/other.ics", etag: "\"1\"", base: Self.sent)
        try state.save(to: path)

        #expect(try SyncState.summary(at: path)?.itemCount == 1)
    }
}

/// A task the server removed and that changed here, which a sync was putting back when it was cut
/// short (killed before it said anything), is marked `puttingBack` with the text sent: the next
/// sync says it was kept, whether it arrived or not (it said nothing, and the user never learnt
/// that the other device had removed it); arrived as sent, it is what both sides agree on (a task
/// removed here since came back as changed there); held otherwise, another copy put it back, and
/// both changes are merged (all found by independent testers).
@Suite struct PuttingBackItemTests {
    static let timeZone = SendingItemTests.timeZone
    static let now = SendingItemTests.now
    static let agreed = SendingItemTests.task
    static let changed = TaskItem(id: agreed.id, text: "Call mom back", createdAt: now, modifiedAt: now)
    static let href = SendingItemTests.href.replacingOccurrences(of: ".ics", with: "-2.ics")

    static func text(_ task: TaskItem) -> String {
        String(decoding: ICalendarResource.render(task, extra: ["X-APPLE-SORT-ORDER:1048576"], timeZone: timeZone), as: UTF8.self)
    }

    static var state: SyncState {
        var state = SendingItemTests.state
        state.items[agreed.id.uuidString.lowercased()] = SyncState.Item(href: href, etag: nil, base: SendingItemTests.sent,
                                                                         inFlight: .puttingBack(text(changed)))
        return state
    }

    /// The plan of the next sync, the server holding `held` at `href` (nil: nothing there).
    static func plan(list: TaskList, held: TaskItem?) throws -> SyncPlan {
        var server = ServerTasks(token: "1")
        if let held {
            let data = text(held)
            let read = try ICalendarResource.read(Array(data.utf8), timeZone: timeZone, now: now)
            server.fetched[agreed.id] = .init(href: href, etag: "\"b\"", data: data, task: read)
        }
        return try SyncPlan(list: list, server: server, state: state, timeZone: timeZone, now: now)
    }

    @Test func arrivedItIsSaidKept() throws {
        let plan = try Self.plan(list: [Self.changed], held: Self.changed)

        #expect(plan.conflicts[Self.agreed.id] == [.removal(on: .remote)])
        #expect(plan.writes.isEmpty && plan.localWrites.isEmpty && plan.localRemovals.isEmpty)
    }

    @Test func notArrivedItIsSentAgainAndSaidKept() throws {
        let plan = try Self.plan(list: [Self.changed], held: nil)

        #expect(plan.conflicts[Self.agreed.id] == [.removal(on: .remote)])
        #expect(plan.writes.map(\.isNew) == [true] && plan.writes.first?.etag == nil)
        #expect(plan.localRemovals.isEmpty)
    }

    @Test func notArrivedAndRemovedHereSinceNothingIsSaid() throws {
        let plan = try Self.plan(list: [], held: nil)

        #expect(plan.conflicts.isEmpty && plan.writes.isEmpty && plan.localWrites.isEmpty)
    }

    /// It came back here, "removed here and changed on the server", the agreed base taken for the
    /// server's side.
    @Test func arrivedAndRemovedHereSinceItIsRemovedThere() throws {
        let plan = try Self.plan(list: [], held: Self.changed)

        #expect(plan.writes.map(\.href) == [Self.href] && plan.writes.map(\.body) == [nil])
        #expect(plan.writes.first?.etag == "\"b\"")
        #expect(plan.conflicts.isEmpty && plan.localWrites.isEmpty)
    }

    /// Another copy of the list put it back first, with a change of its own: each side's change is kept.
    @Test func putBackByAnotherCopyBothChangesAreKept() throws {
        var theirs = Self.agreed
        theirs.isFavorite = true
        theirs.modifiedAt = Self.now
        let plan = try Self.plan(list: [Self.changed], held: theirs)

        #expect(plan.conflicts[Self.agreed.id] == [.removal(on: .remote)])
        #expect(plan.localWrites[Self.agreed.id].map { ($0.text, $0.isFavorite) } ?? ("", false) == ("Call mom back", true))
        #expect(plan.writes.map(\.href) == [Self.href] && plan.writes.first?.etag == "\"b\"")
    }

    /// A field both sides changed since is said, which side's was kept, rather than the removal
    /// (its line hid the change undo can take back: found by an independent tester).
    @Test func aFieldChangedOnBothSidesSinceIsSaidRatherThanTheRemoval() throws {
        var here = Self.changed
        here.text = "Call mom tonight"
        here.modifiedAt = Self.now.addingTimeInterval(30)
        var theirs = Self.changed
        theirs.text = "Call mom later"
        theirs.modifiedAt = Self.now.addingTimeInterval(60)
        let plan = try Self.plan(list: [here], held: theirs)

        #expect(plan.conflicts[Self.agreed.id] == [.field(.text, kept: .remote)])
        #expect(plan.localWrites[Self.agreed.id]?.text == "Call mom later")
    }

    /// Arrived, then its text changed again here and its tags there by another client: both kept.
    /// The text sent was taken for the server's change, and the later change (the tags') replaced
    /// the text changed here since (found by an independent tester, with a due date).
    @Test func arrivedThenChangedOnEachSideBothChangesAreKept() throws {
        var here = Self.changed
        here.text = "Call mom again"
        here.modifiedAt = Self.now.addingTimeInterval(30)
        var theirs = Self.changed
        theirs.tags = ["srvtag"]
        theirs.modifiedAt = Self.now.addingTimeInterval(60)
        let plan = try Self.plan(list: [here], held: theirs)

        #expect(plan.conflicts[Self.agreed.id] == [.removal(on: .remote)])
        let written = try #require(plan.localWrites[Self.agreed.id])
        #expect(written.text == "Call mom again" && written.tags == ["srvtag"])
    }

    /// Arrived, then its text changed there, and it was checked off here later: the server's text
    /// is the only change of it since, and is taken unsaid. It was taken for both sides' change,
    /// said so, and lost to the later check-off (found by an independent tester, with a due date).
    @Test func arrivedThenAFieldChangedThereOnlyIsTakenUnsaid() throws {
        var theirs = Self.changed
        theirs.text = "Call mom later"
        theirs.modifiedAt = Self.now.addingTimeInterval(60)
        var here = Self.changed
        here.doneAt = Self.now.addingTimeInterval(90)
        here.modifiedAt = Self.now.addingTimeInterval(90)
        let plan = try Self.plan(list: [here], held: theirs)

        #expect(plan.conflicts[Self.agreed.id] == [.removal(on: .remote)])
        let written = try #require(plan.localWrites[Self.agreed.id])
        #expect(written.text == "Call mom later" && written.doneAt == here.doneAt)
    }

    /// Arrived, then its text changed there, and changed back here later to the text both sides
    /// agreed on before (an undo): the later change is kept, and said. It was taken for unchanged
    /// here, and lost to the server's (found by an independent tester, with a due date).
    @Test func arrivedThenChangedThereAndUndoneHereLaterTheUndoIsKept() throws {
        var theirs = Self.changed
        theirs.text = "Call mom later"
        theirs.modifiedAt = Self.now.addingTimeInterval(60)
        var here = Self.changed
        here.text = Self.agreed.text
        here.modifiedAt = Self.now.addingTimeInterval(90)
        let plan = try Self.plan(list: [here], held: theirs)

        #expect(plan.conflicts[Self.agreed.id] == [.field(.text, kept: .local)])
        #expect(plan.localWrites.isEmpty)
        #expect(plan.writes.map(\.href) == [Self.href] && plan.writes.first?.etag == "\"b\"")
    }

    /// The pairing file keeps the mark (2 in its `sending` column) and the text sent (in
    /// `pending`), and `sync --status` does not count the task as on both sides.
    @Test func thePairingFileKeepsTheMark() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite.caldav")
        try Self.state.save(to: path)

        let loaded = try #require(try SyncState.load(from: path))
        #expect(loaded.items[Self.agreed.id.uuidString.lowercased()]?.inFlight == .puttingBack(Self.text(Self.changed)))
        #expect(try SyncState.summary(at: path)?.itemCount == 0)
    }
}
