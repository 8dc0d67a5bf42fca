import Foundation
import TaskInterchange
import TaskModel
import Testing
@testable import TaskSync

/// The order both ways beside the other clients' to-dos that have no order value
/// (`X-APPLE-SORT-ORDER`; todoman writes none): a task the server sends with one goes before the
/// first task of a greater value, else before those to-dos at the end; such a to-do is not written
/// to give it one, unless it was moved here or a task with one comes after it.
@Suite struct SyncOrderTests {
    static let timeZone = TimeZone(identifier: "UTC")!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let lastSync = now.addingTimeInterval(-60)
    static let collection = URL(string: "https://dav.example.com/alice/tasks/")!
    static let one = TaskItem(id: UUID(), text: "One", createdAt: now.addingTimeInterval(-3600))
    static let two = TaskItem(id: UUID(), text: "Two", createdAt: now.addingTimeInterval(-3600))
    static let theirs = TaskItem(id: UUID(), text: "Todoman's", createdAt: now.addingTimeInterval(-3600))
    static let theirsToo = TaskItem(id: UUID(), text: "Todoman's too", createdAt: now.addingTimeInterval(-3600))

    static func href(_ task: TaskItem) -> String {
        "/alice/tasks/\(task.id.uuidString.lowercased()).ics"
    }

    static func text(_ task: TaskItem, value: Int64?) -> String {
        String(decoding: ICalendarResource.render(task, extra: value.map { ["X-APPLE-SORT-ORDER:\($0)"] } ?? [],
                                                  timeZone: timeZone), as: UTF8.self)
    }

    /// The plan of a sync of `list` (One and Two, order values 1 and 2 gaps, and todoman's two
    /// to-dos, none; the first as the server last sent it `theirsThere`) as the last sync left
    /// them, when the server sends `received` with its value.
    static func plan(list: TaskList, theirsThere: TaskItem = theirs, receiving received: (TaskItem, Int64)? = nil,
                     server: ServerTasks = ServerTasks(token: "2")) throws -> SyncPlan {
        var state = SyncState(pairing: Pairing(url: collection, user: "alice", passwordCommand: nil, allowsPlainHTTP: false))
        state.lastSync = lastSync
        for (task, value) in [(one, Int64?(1_048_576)), (two, 2_097_152), (theirsThere, nil), (theirsToo, nil)] {
            state.items[task.id.uuidString.lowercased()] = SyncState.Item(
                href: href(task), etag: "\"1\"", base: text(task, value: value),
                fingerprint: SyncState.fingerprint(of: SyncFields(task), properties: nil), sortValue: value)
        }
        var server = server
        if let (task, value) = received {
            let data = text(task, value: value)
            server.fetched[task.id] = .init(href: href(task), etag: "\"1\"", data: data,
                                            task: try ICalendarResource.read(Array(data.utf8), timeZone: timeZone, now: now))
        }
        return try SyncPlan(list: list, server: server, state: state, timeZone: timeZone, now: now)
    }

    /// A value greater than any goes after the last task that has one, before the to-dos at the end
    /// that have none, as a new copy of the list puts it. Put after them, such a task took another
    /// place here than there, and every later sync was quiet (found by an independent tester).
    @Test func aGreaterValueThanAnyGoesBeforeTheToDosWithNoneAtTheEnd() throws {
        let three = TaskItem(id: UUID(), text: "Three", createdAt: Self.now)
        let plan = try Self.plan(list: [Self.one, Self.two, Self.theirs, Self.theirsToo], receiving: (three, 3_145_728))

        #expect(plan.placements.map(\.id) == [three.id] && plan.placements.map(\.place) == [.before(Self.theirs.id)])
        #expect(plan.writes.isEmpty)
    }

    /// A task added here after the to-dos that have none: they are given values before its, which
    /// keep it after them on the other copies of the list. A new copy put it before them (found
    /// when a tester's finding was fixed).
    @Test func aTaskAddedHereAfterToDosWithNoValueGivesThemValues() throws {
        let three = TaskItem(id: UUID(), text: "Three", createdAt: Self.now)
        let plan = try Self.plan(list: [Self.one, Self.two, Self.theirs, Self.theirsToo, three])

        #expect(plan.writes.map(\.href) == [Self.theirs, Self.theirsToo, three].map(Self.href))
        #expect(plan.writes.map(\.isNew) == [false, false, true])
        let values = try plan.writes.map { SortOrder.value(in: String(decoding: try #require($0.body), as: UTF8.self)) }
        #expect(values == [3_145_728, 4_194_304, 5_242_880])
    }

    /// Received with no value, they go among the to-dos at the end that have none by when they were
    /// made, then by UID, as a new copy of the list has them. Appended as they came, they were in
    /// another order on each copy (found by an independent tester).
    @Test func toDosWithNoValueReceivedGoAmongThoseAtTheEndByWhenTheyWereMade() throws {
        let early = TaskItem(id: UUID(), text: "Made early", createdAt: Self.now.addingTimeInterval(-7200))
        let late = TaskItem(id: UUID(), text: "Made late", createdAt: Self.now)
        var server = ServerTasks(token: "2")
        for task in [late, early] {
            let data = Self.text(task, value: nil)
            server.fetched[task.id] = .init(href: Self.href(task), etag: "\"1\"", data: data,
                                            task: try ICalendarResource.read(Array(data.utf8), timeZone: Self.timeZone, now: Self.now))
        }
        let plan = try Self.plan(list: [Self.one, Self.two, Self.theirs, Self.theirsToo], server: server)

        #expect(plan.order.suffix(2) == [early.id, late.id])
        #expect(plan.placements.map(\.id) == [early.id] && plan.placements.map(\.place) == [.before(Self.theirs.id)])
        #expect(plan.writes.isEmpty)
    }

    /// The same beside a to-do moved here, at the head of those: it is given a value, and the one
    /// received goes after it. Put before it, the one received was then given a value too, and
    /// the copies kept two orders (found by an independent tester).
    @Test func aToDoWithNoValueReceivedGoesAfterOneMovedHere() throws {
        let early = TaskItem(id: UUID(), text: "Made early", createdAt: Self.now.addingTimeInterval(-7200))
        var server = ServerTasks(token: "2")
        let data = Self.text(early, value: nil)
        server.fetched[early.id] = .init(href: Self.href(early), etag: "\"1\"", data: data,
                                         task: try ICalendarResource.read(Array(data.utf8), timeZone: Self.timeZone, now: Self.now))
        var moved = Self.theirsToo
        moved.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.one, Self.two, moved, Self.theirs], server: server)

        #expect(plan.placements.map(\.id) == [early.id] && plan.placements.map(\.place) == [.before(Self.theirs.id)])
        #expect(plan.writes.map(\.href) == [Self.href(moved)])
    }

    @Test func aValueBetweenGoesBeforeTheFirstGreater() throws {
        let half = TaskItem(id: UUID(), text: "One and a half", createdAt: Self.now)
        let plan = try Self.plan(list: [Self.one, Self.two, Self.theirs, Self.theirsToo], receiving: (half, 1_572_864))

        #expect(plan.placements.map(\.id) == [half.id] && plan.placements.map(\.place) == [.before(Self.two.id)])
        #expect(plan.writes.isEmpty)
    }

    /// Moved here since the last sync (a move changes the task): written with a value between its
    /// neighbours'. Its move was never sent, and another copy of the list kept it in its old place
    /// (found by an independent tester).
    @Test func aToDoWithNoValueMovedHereIsWrittenWithOne() throws {
        var moved = Self.theirs
        moved.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.one, moved, Self.two, Self.theirsToo])

        #expect(plan.writes.map(\.href) == [Self.href(moved)] && plan.writes.first?.etag == "\"1\"")
        let body = String(decoding: try #require(plan.writes.first?.body), as: UTF8.self)
        let value = try #require(SortOrder.value(in: body))
        #expect(value > 1_048_576 && value < 2_097_152)
    }

    /// Received changed, at the time its `LAST-MODIFIED` says, after the last sync began (another
    /// machine's clock, or a change made while it ran): not moved here, and not written.
    @Test func aToDoWithNoValueReceivedChangedIsNotWritten() throws {
        var received = Self.theirs
        received.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.one, Self.two, received, Self.theirsToo], theirsThere: received)

        #expect(plan.writes.isEmpty && plan.localWrites.isEmpty)
    }

    /// Moved after the last task that has a value, before the other that has none: it alone is
    /// written, with a value after the last; the other copies of the list put it before the to-dos
    /// that have none, as a new one does. (They put it after them, until those were written with
    /// values too: found by an independent tester.)
    @Test func aToDoWithNoValueMovedFirstAmongOthersThatHaveNoneIsWrittenAlone() throws {
        var moved = Self.theirs
        moved.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.one, Self.two, moved, Self.theirsToo])

        #expect(plan.writes.map(\.href) == [Self.href(moved)])
        let values = try plan.writes.map { SortOrder.value(in: String(decoding: try #require($0.body), as: UTF8.self)) }
        #expect(values == [3_145_728])
    }

    /// Moved here after another client changed it, its `LAST-MODIFIED` years ahead (2030), or in the
    /// same second: written. The move was taken for the time it was received, and never sent
    /// (found by independent testers, the second in a script).
    @Test(arguments: [(1_893_456_000.0, -10.0), (-10.0, -9.5)])
    func aToDoWithNoValueMovedHereAfterAChangeThereIsWrittenWithOne(changedThere: Double, movedHere: Double) throws {
        var there = Self.theirs
        there.modifiedAt = changedThere > 0 ? Date(timeIntervalSince1970: changedThere) : Self.now.addingTimeInterval(changedThere)
        var moved = Self.theirs
        moved.modifiedAt = Self.now.addingTimeInterval(movedHere)
        let plan = try Self.plan(list: [moved, Self.one, Self.two, Self.theirsToo], theirsThere: there)

        #expect(plan.writes.map(\.href) == [Self.href(moved)])
    }

    /// A task that has a value moved here below the to-dos that have none is the one given a new
    /// value, after theirs, and they are given values before it. The task before it was given a
    /// new value, and the other copies of the list put the moved one before those to-dos (found by
    /// an independent tester).
    @Test func aTaskMovedHereBelowToDosWithNoValueIsTheOneGivenANewValue() throws {
        var moved = Self.one
        moved.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.two, Self.theirs, Self.theirsToo, moved])

        #expect(plan.writes.map(\.href) == [Self.theirs, Self.theirsToo, moved].map(Self.href))
        let values = try plan.writes.map { SortOrder.value(in: String(decoding: try #require($0.body), as: UTF8.self)) }
        #expect(values == [3_145_728, 4_194_304, 5_242_880])
    }

    /// Changed back here since the last sync (an undo of an edit), in order with the tasks that have
    /// a value, and before the to-dos that have none: not written, nor are they.
    @Test func aTaskInOrderChangedBackHereIsNotWritten() throws {
        var changedBack = Self.two
        changedBack.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.one, changedBack, Self.theirs, Self.theirsToo])

        #expect(plan.writes.isEmpty)
    }

    /// A task that has a value moved here between to-dos that have none, still in order with the
    /// tasks that have one: the one before it is given a value that pins it down after that one.
    /// The other copies of the list kept it before them all (found by an independent tester).
    @Test func aTaskMovedHereAmongToDosWithNoValueGivesThoseBeforeItValues() throws {
        var moved = Self.two
        moved.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.one, Self.theirs, moved, Self.theirsToo])

        #expect(plan.writes.map(\.href) == [Self.href(Self.theirs)])
        let values = try plan.writes.map { SortOrder.value(in: String(decoding: try #require($0.body), as: UTF8.self)) }
        #expect(values == [1_572_864])
    }

    /// Moved on both sides: the later move is kept, and said. The first sync's was kept unsaid
    /// (found by an independent tester). Here later: its place stays, pinned down after the to-do
    /// before it, given a value; there later: it takes the server's, before the to-dos with none.
    @Test(arguments: [SyncSide.local, .remote])
    func aTaskMovedOnBothSidesTakesTheLaterMove(later: SyncSide) throws {
        var there = Self.one
        there.modifiedAt = Self.now.addingTimeInterval(later == .local ? -20 : -5)
        var moved = Self.one
        moved.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.two, Self.theirs, moved, Self.theirsToo], receiving: (there, 3_145_728))

        #expect(plan.conflicts[Self.one.id] == [.moved(kept: later)])
        if later == .local {
            #expect(plan.placements.isEmpty)
            #expect(plan.writes.map(\.href) == [Self.href(Self.theirs)])
        } else {
            #expect(plan.placements.map(\.id) == [Self.one.id] && plan.placements.map(\.place) == [.before(Self.theirs.id)])
            #expect(plan.writes.isEmpty)
        }
    }

    /// A first sync puts the tasks that have a value before those that have none, as the copies of
    /// the list that received them later have them: one moved first on a copy stayed among those
    /// with none, where the import put it (found by an independent tester).
    @Test func aFirstSyncPutsTheTasksWithAValueBeforeThoseWithNone() throws {
        let none = TaskItem(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, text: "Todoman's", createdAt: Self.now)
        let first = TaskItem(id: UUID(uuidString: "FFFFFFFF-0000-4000-8000-000000000001")!, text: "Moved first", createdAt: Self.now)
        var server = ServerTasks(token: "1")
        for (task, value) in [(none, Int64?.none), (first, 0)] {
            let data = Self.text(task, value: value)
            server.fetched[task.id] = .init(href: Self.href(task), etag: "\"1\"", data: data,
                                            task: try ICalendarResource.read(Array(data.utf8), timeZone: Self.timeZone, now: Self.now))
        }
        let state = SyncState(pairing: Pairing(url: Self.collection, user: "alice", passwordCommand: nil, allowsPlainHTTP: false))
        let plan = try SyncPlan(list: [], server: server, state: state, timeZone: Self.timeZone, now: Self.now)

        #expect(plan.placements.map(\.id) == [first.id] && plan.placements.map(\.place) == [.before(none.id)])
    }

    /// Edited here, not moved: written without a value, as it came. Given one, the other copies of
    /// the list placed it after the to-dos that have none, or before them, another place in each
    /// (found by an independent tester).
    @Test func aToDoWithNoValueEditedHereIsWrittenWithNone() throws {
        var edited = Self.theirs
        edited.text = "Todoman's, edited"
        edited.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.one, Self.two, edited, Self.theirsToo])

        #expect(plan.writes.map(\.href) == [Self.href(edited)])
        let body = String(decoding: try #require(plan.writes.first?.body), as: UTF8.self)
        #expect(body.contains("SUMMARY:Todoman's\\, edited") && SortOrder.value(in: body) == nil)
    }

    /// Given a value beside a task moved here, a to-do that came with no `LAST-MODIFIED` is written
    /// with none (the list took the time it arrived for its own): it was not moved, and the other
    /// copies of the list took the time for a move there (found by an independent tester).
    @Test func aToDoGivenAValueBesideAMoveKeepsTheLastModifiedTheServerHolds() throws {
        var moved = Self.two
        moved.modifiedAt = Self.now.addingTimeInterval(-10)
        var arrived = Self.theirs
        arrived.modifiedAt = Self.lastSync.addingTimeInterval(-100)
        let plan = try Self.plan(list: [Self.one, arrived, moved, Self.theirsToo])

        #expect(plan.writes.map(\.href) == [Self.href(Self.theirs)])
        let bodies = try plan.writes.map { String(decoding: try #require($0.body), as: UTF8.self) }
        #expect(bodies.filter { $0.contains("LAST-MODIFIED") }.isEmpty)
    }
}
