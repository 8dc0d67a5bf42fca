import Foundation
import TaskInterchange
import TaskModel
import Testing
@testable import TaskSync

/// The order both ways beside the other clients' to-dos that have no order value
/// (`X-APPLE-SORT-ORDER`; todoman writes none): a task the server sends with one goes before the
/// first task of a greater value, else at the end; such a to-do is not written to give it one,
/// unless it was moved here.
@Suite struct SyncOrderTests {
    static let timeZone = TimeZone(identifier: "UTC")!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let lastSync = now.addingTimeInterval(-60)
    static let collection = URL(string: "https://dav.example.com/alice/tasks/")!
    static let one = TaskItem(id: UUID(), text: "One", createdAt: now.addingTimeInterval(-3600))
    static let two = TaskItem(id: UUID(), text: "Two", createdAt: now.addingTimeInterval(-3600))
    static let theirs = TaskItem(id: UUID(), text: "Todoman's", createdAt: now.addingTimeInterval(-3600))

    static func href(_ task: TaskItem) -> String {
        "/alice/tasks/\(task.id.uuidString.lowercased()).ics"
    }

    static func text(_ task: TaskItem, value: Int64?) -> String {
        String(decoding: ICalendarResource.render(task, extra: value.map { ["X-APPLE-SORT-ORDER:\($0)"] } ?? [],
                                                  timeZone: timeZone), as: UTF8.self)
    }

    /// The plan of a sync of `list` (One and Two, order values 1 and 2 gaps, and todoman's to-do,
    /// none; `theirsThere` as the server last sent it) as the last sync left them, when the server
    /// sends `received` with its value.
    static func plan(list: TaskList, theirsThere: TaskItem = theirs, receiving received: (TaskItem, Int64)? = nil) throws -> SyncPlan {
        var state = SyncState(pairing: Pairing(url: collection, user: "alice", passwordCommand: nil, allowsPlainHTTP: false))
        state.lastSync = lastSync
        for (task, value) in [(one, Int64?(1_048_576)), (two, 2_097_152), (theirsThere, nil)] {
            state.items[task.id.uuidString.lowercased()] = SyncState.Item(
                href: href(task), etag: "\"1\"", base: text(task, value: value),
                fingerprint: SyncState.fingerprint(of: SyncFields(task), properties: nil), sortValue: value)
        }
        var server = ServerTasks(token: "2")
        if let (task, value) = received {
            let data = text(task, value: value)
            server.fetched[task.id] = .init(href: href(task), etag: "\"1\"", data: data,
                                            task: try ICalendarResource.read(Array(data.utf8), timeZone: timeZone, now: now))
        }
        return try SyncPlan(list: list, server: server, state: state, timeZone: timeZone, now: now)
    }

    /// A value greater than any goes at the end, after the to-dos that have none: where a task added
    /// in the other copy of the list after they arrived there is. (Placed after the last task that
    /// has a value, before them, such a task took another place in each copy: found by an
    /// independent tester.)
    @Test func aGreaterValueThanAnyGoesAtTheEnd() throws {
        let three = TaskItem(id: UUID(), text: "Three", createdAt: Self.now)
        let plan = try Self.plan(list: [Self.one, Self.two, Self.theirs], receiving: (three, 3_145_728))

        #expect(plan.placements.map(\.id) == [three.id] && plan.placements.map(\.place) == [.after(Self.theirs.id)])
        #expect(plan.writes.isEmpty)
    }

    @Test func aValueBetweenGoesBeforeTheFirstGreater() throws {
        let half = TaskItem(id: UUID(), text: "One and a half", createdAt: Self.now)
        let plan = try Self.plan(list: [Self.one, Self.two, Self.theirs], receiving: (half, 1_572_864))

        #expect(plan.placements.map(\.id) == [half.id] && plan.placements.map(\.place) == [.before(Self.two.id)])
        #expect(plan.writes.isEmpty)
    }

    /// Moved here since the last sync (a move changes the task): written with a value between its
    /// neighbours'. Its move was never sent, and another copy of the list kept it in its old place
    /// (found by an independent tester).
    @Test func aToDoWithNoValueMovedHereIsWrittenWithOne() throws {
        var moved = Self.theirs
        moved.modifiedAt = Self.now.addingTimeInterval(-10)
        let plan = try Self.plan(list: [Self.one, moved, Self.two])

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
        let plan = try Self.plan(list: [Self.one, Self.two, received], theirsThere: received)

        #expect(plan.writes.isEmpty && plan.localWrites.isEmpty)
    }
}
