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
