import Foundation
import TaskInterchange
import TaskModel
import Testing
@testable import TaskSync

/// A task moved on both sides of a sync: a move made here with an edit is read from the list's
/// order, the later move keeps its place and is said, and a move to the same place on both is no
/// conflict.
@Suite struct SyncMovesTests {
    static let timeZone = TimeZone(identifier: "UTC")!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let collection = URL(string: "https://dav.example.com/alice/tasks/")!
    /// A1 to A5, with order values 1 to 5 gaps at the last sync, a minute ago.
    static let tasks = (1...5).map { TaskItem(id: UUID(), text: "A\($0)", createdAt: now.addingTimeInterval(-3600)) }
    static let gap = SortOrder.gap

    static func href(_ task: TaskItem) -> String {
        "/alice/tasks/\(task.id.uuidString.lowercased()).ics"
    }

    static func text(_ task: TaskItem, value: Int64) -> String {
        String(decoding: ICalendarResource.render(task, extra: ["X-APPLE-SORT-ORDER:\(value)"], timeZone: timeZone), as: UTF8.self)
    }

    /// `tasks[index]` (or another's) changed here `secondsAgo`, its text `text` if given.
    static func changed(_ index: Int, secondsAgo: Double, text: String? = nil, in tasks: [TaskItem] = tasks) -> TaskItem {
        var task = tasks[index]
        task.text = text ?? task.text
        task.modifiedAt = now.addingTimeInterval(-secondsAgo)
        return task
    }

    /// Todoman's two to-dos, with no order value at the last sync where the list has them.
    static let theirs = ["td1", "td2"].map { TaskItem(id: UUID(), text: $0, createdAt: now.addingTimeInterval(-3600)) }

    /// The plan of a sync of `list` when the server sends `tasks[index]` moved to `value`
    /// `secondsAgo`.
    static func plan(list: [TaskItem], receiving index: Int, value: Int64, secondsAgo: Double) throws -> SyncPlan {
        try plan(list: list, receiving: [(tasks[index], value, secondsAgo)])
    }

    /// The plan of a sync of `list` when the server sends each of `received` with its value, changed
    /// so many seconds ago (nil: as it was), and has `removed` no more.
    static func plan(list: [TaskItem], receiving received: [(TaskItem, Int64, Double?)], removed: [TaskItem] = []) throws -> SyncPlan {
        var state = SyncState(pairing: Pairing(url: collection, user: "alice", passwordCommand: nil, allowsPlainHTTP: false))
        state.lastSync = now.addingTimeInterval(-60)
        // Todoman's to-dos where the list has them.
        let those = theirs.filter { task in list.contains { $0.id == task.id } }
        let values = tasks.indices.map { Int64($0 + 1) * gap } + those.map { _ in Int64?.none }
        for (task, value) in zip(tasks + those, values) {
            let base = String(decoding: ICalendarResource.render(task, extra: value.map { ["X-APPLE-SORT-ORDER:\($0)"] } ?? [],
                                                                 timeZone: timeZone), as: UTF8.self)
            state.items[task.id.uuidString.lowercased()] = SyncState.Item(
                href: href(task), etag: "\"1\"", base: base,
                fingerprint: SyncState.fingerprint(of: SyncFields(task), properties: nil), sortValue: value)
        }
        var server = ServerTasks(token: "2")
        server.removed = Set(removed.map(\.id))
        for (task, value, secondsAgo) in received {
            var there = task
            there.modifiedAt = secondsAgo.map { now.addingTimeInterval(-$0) }
            let data = text(there, value: value)
            server.fetched[there.id] = .init(href: href(there), etag: "\"2\"", data: data,
                                             task: try ICalendarResource.read(Array(data.utf8), timeZone: timeZone, now: now))
        }
        return try SyncPlan(list: TaskList(list), server: server, state: state, timeZone: timeZone, now: now)
    }

    static func written(_ plan: SyncPlan) throws -> [(text: String?, value: Int64?)] {
        try plan.writes.map { write in
            let body = String(decoding: try #require(write.body), as: UTF8.self)
            let task = try ICalendarResource.read(Array(body.utf8), timeZone: timeZone, now: now)
            return (task.text, SortOrder.value(in: body))
        }
    }

    /// A2 moved to the top there; moved to 4th here, and renamed, later: this place is kept, and
    /// said. Its move was not seen, the task being changed here, and the first sync's place was
    /// kept unsaid (found by an independent tester).
    @Test func aTaskMovedAndEditedHereLaterKeepsThisPlace() throws {
        let list = [Self.tasks[0], Self.tasks[2], Self.tasks[3], Self.changed(1, secondsAgo: 5, text: "A2x"), Self.tasks[4]]
        let plan = try Self.plan(list: list, receiving: 1, value: 0, secondsAgo: 20)

        #expect(plan.conflicts[Self.tasks[1].id] == [.moved(kept: .local)])
        #expect(plan.placements.isEmpty)
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["A2x"] && written.map(\.value) == [4 * Self.gap + Self.gap / 2])
    }

    /// The same, moved there later: the server's place is kept, and said; the edit made here is sent.
    @Test func aTaskMovedAndEditedHereMovedThereLaterTakesThatPlace() throws {
        let list = [Self.tasks[0], Self.tasks[2], Self.tasks[3], Self.changed(1, secondsAgo: 20, text: "A2x"), Self.tasks[4]]
        let plan = try Self.plan(list: list, receiving: 1, value: 0, secondsAgo: 5)

        #expect(plan.conflicts[Self.tasks[1].id] == [.moved(kept: .remote)])
        #expect(plan.placements.map(\.id) == [Self.tasks[1].id] && plan.placements.map(\.place) == [.before(Self.tasks[0].id)])
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["A2x"] && written.map(\.value) == [0])
    }

    /// Moved to the same place on both sides: no conflict, and nothing written. It was said as one
    /// (found by an independent tester).
    @Test func aTaskMovedToTheSamePlaceOnBothSidesIsNoConflict() throws {
        let list = [Self.tasks[0], Self.tasks[2], Self.tasks[3], Self.changed(1, secondsAgo: 5), Self.tasks[4]]
        let plan = try Self.plan(list: list, receiving: 1, value: 4 * Self.gap + Self.gap / 2, secondsAgo: 20)

        #expect(plan.conflicts.isEmpty && plan.placements.isEmpty && plan.writes.isEmpty)
    }

    /// Renamed here but not moved: the server's move is taken, unsaid, and the new name sent.
    @Test func aTaskEditedHereButNotMovedTakesThePlaceThere() throws {
        let list = [Self.tasks[0], Self.changed(1, secondsAgo: 5, text: "A2x"), Self.tasks[2], Self.tasks[3], Self.tasks[4]]
        let plan = try Self.plan(list: list, receiving: 1, value: 0, secondsAgo: 20)

        #expect(plan.conflicts.isEmpty)
        #expect(plan.placements.map(\.id) == [Self.tasks[1].id] && plan.placements.map(\.place) == [.before(Self.tasks[0].id)])
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["A2x"] && written.map(\.value) == [0])
    }

    /// A4 renamed here, A2 moved past it here: A4 is not taken for moved, and takes the server's
    /// move to the top, unsaid; A2 keeps its place here, given a value between A3's and A5's.
    @Test func aNeighbourEditedHereOfATaskMovedHereIsNotTakenForMoved() throws {
        let list = [Self.tasks[0], Self.tasks[2], Self.changed(3, secondsAgo: 5, text: "A4x"), Self.changed(1, secondsAgo: 10),
                    Self.tasks[4]]
        let plan = try Self.plan(list: list, receiving: 3, value: 0, secondsAgo: 20)

        #expect(plan.conflicts.isEmpty)
        #expect(plan.placements.map(\.id) == [Self.tasks[3].id] && plan.placements.map(\.place) == [.before(Self.tasks[0].id)])
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["A4x", "A2"] && written.map(\.value) == [0, 4 * Self.gap])
    }

    /// A2 moved to the top there; here renamed with A3 and A4 (one command may change many tasks),
    /// then moved past them, later: this place is kept, and said. Out of order only with the tasks
    /// changed with it, its move was not seen (found by an independent tester).
    @Test func aTaskMovedHereAmongOthersChangedWithItIsSeenMoved() throws {
        let list = [Self.tasks[0], Self.changed(2, secondsAgo: 5, text: "A3x"), Self.changed(3, secondsAgo: 5, text: "A4x"),
                    Self.changed(1, secondsAgo: 5, text: "A2x"), Self.tasks[4]]
        let plan = try Self.plan(list: list, receiving: 1, value: 0, secondsAgo: 20)

        #expect(plan.conflicts[Self.tasks[1].id] == [.moved(kept: .local)])
        #expect(plan.placements.isEmpty)
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["A3x", "A4x", "A2x"] && written.map(\.value) == [3 * Self.gap, 4 * Self.gap, 4 * Self.gap + Self.gap / 2])
    }

    /// A2 moved there between todoman's two to-dos, which that move gave values; moved here after
    /// both, later: two places, and this one is kept. Read against the tasks the server did not
    /// move alone, they were taken for one place, and the first sync's was kept unsaid (found by an
    /// independent tester).
    @Test func placesThatDifferByToDosWithNoValueAreTwo() throws {
        let list = [Self.tasks[0], Self.tasks[2], Self.tasks[3], Self.tasks[4], Self.theirs[0], Self.theirs[1],
                    Self.changed(1, secondsAgo: 5)]
        let plan = try Self.plan(list: list, receiving: [(Self.theirs[0], 6 * Self.gap, 20), (Self.tasks[1], 7 * Self.gap, 20),
                                                         (Self.theirs[1], 8 * Self.gap, 20)])

        #expect(plan.conflicts == [Self.tasks[1].id: [.moved(kept: .local)]])
        #expect(plan.placements.map(\.id) == [Self.theirs[0].id, Self.theirs[1].id])
        #expect(plan.placements.map(\.place) == [.after(Self.tasks[4].id), .before(Self.tasks[1].id)])
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["A2"] && written.map(\.value) == [9 * Self.gap])
    }

    /// The same, A2 moved there before todoman's first to-do, and here after it, later: it stays
    /// between the two here. Placed among them by value, it went back before the first (found by an
    /// independent tester).
    @Test func aTaskMovedHereBetweenToDosGivenValuesThereStaysBetweenThem() throws {
        let list = [Self.tasks[0], Self.tasks[2], Self.tasks[3], Self.tasks[4], Self.theirs[0], Self.changed(1, secondsAgo: 5),
                    Self.theirs[1]]
        let plan = try Self.plan(list: list, receiving: [(Self.tasks[1], 6 * Self.gap, 20), (Self.theirs[0], 7 * Self.gap, 20),
                                                         (Self.theirs[1], 8 * Self.gap, 20)])

        #expect(plan.conflicts == [Self.tasks[1].id: [.moved(kept: .local)]])
        #expect(plan.placements.map(\.id) == [Self.theirs[0].id, Self.theirs[1].id])
        #expect(plan.placements.map(\.place) == [.before(Self.tasks[1].id), .after(Self.tasks[1].id)])
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["A2"] && written.map(\.value) == [7 * Self.gap + Self.gap / 2])
    }

    /// Todoman's first to-do moved here to the top, while a move on the other copy gave it a value
    /// (there, its `LAST-MODIFIED` as it was): this side's move, unsaid. It was said as a move on
    /// both sides (found by an independent tester).
    @Test func aToDoGivenAValueThereBesideAMoveAndMovedHereIsNoConflict() throws {
        let list = [Self.changed(0, secondsAgo: 5, in: Self.theirs)] + Self.tasks + [Self.theirs[1]]
        let plan = try Self.plan(list: list, receiving: [(Self.theirs[0], 6 * Self.gap, nil)])

        #expect(plan.conflicts.isEmpty && plan.placements.isEmpty)
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["td1"] && written.map(\.value) == [0])
    }

    /// A5, the last task with a value, removed here; todoman's first to-do moved there just before
    /// it (given a value between A4's and A5's): it goes after A4, before the other to-do with none,
    /// as on the copy that moved it and on a new one. It went after that one, and every later sync
    /// was quiet (found by an independent tester).
    @Test func aToDoMovedThereBeforeTheLastTaskWithAValueRemovedHereGoesBeforeThoseWithNone() throws {
        let list = Array(Self.tasks[0..<4]) + Self.theirs
        let plan = try Self.plan(list: list, receiving: [(Self.theirs[0], 4 * Self.gap + Self.gap / 2, 20)])

        #expect(plan.placements.map(\.id) == [Self.theirs[0].id] && plan.placements.map(\.place) == [.before(Self.theirs[1].id)])
        #expect(plan.writes.map(\.href) == [Self.href(Self.tasks[4])] && plan.writes.first?.body == nil)
        #expect(plan.conflicts.isEmpty)
    }

    /// Todoman's to-dos given values there behind a task added at the end, and a task added at the
    /// end here too: this one stays after them, the other goes after it. Placed among the tasks that
    /// have a value, it went before them (found by an independent tester).
    @Test func aTaskAddedHereStaysAfterToDosGivenValuesThere() throws {
        let mine = TaskItem(id: UUID(), text: "Added here", createdAt: Self.now)
        let theirs = TaskItem(id: UUID(), text: "Added there", createdAt: Self.now)
        let plan = try Self.plan(list: Self.tasks + Self.theirs + [mine],
                                 receiving: [(Self.theirs[0], 6 * Self.gap, nil), (Self.theirs[1], 7 * Self.gap, nil),
                                             (theirs, 8 * Self.gap, 10)])

        #expect(plan.placements.map(\.id) == [Self.theirs[0].id, Self.theirs[1].id, theirs.id])
        #expect(plan.placements.map(\.place) == [.after(Self.tasks[4].id), .before(mine.id), .after(mine.id)])
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["Added here"] && written.map(\.value) == [7 * Self.gap + Self.gap / 2])
    }

    /// A2 moved here after todoman's last to-do, later, and there before it (the one before given a
    /// value): two places, since the server's copy goes before the to-do with none. Taken for one,
    /// the first sync's place was kept unsaid, and the to-dos changed order (found by an
    /// independent tester).
    @Test func placesOnEitherSideOfAToDoWithNoValueAreTwo() throws {
        let list = [Self.tasks[0], Self.tasks[2], Self.tasks[3], Self.tasks[4]] + Self.theirs + [Self.changed(1, secondsAgo: 5)]
        let plan = try Self.plan(list: list, receiving: [(Self.theirs[0], 6 * Self.gap, nil),
                                                         (Self.tasks[1], 6 * Self.gap + Self.gap / 2, 20)])

        #expect(plan.conflicts == [Self.tasks[1].id: [.moved(kept: .local)]])
        #expect(plan.placements.map(\.id) == [Self.theirs[0].id] && plan.placements.map(\.place) == [.before(Self.theirs[1].id)])
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["td2"] && written.map(\.value) == [6 * Self.gap + Self.gap / 4])
    }

    /// Removed there, moved here: kept, and said, as a task changed here is. Taken for unchanged, it
    /// was removed on both (found by an independent tester).
    @Test func aTaskRemovedThereAndMovedHereIsKept() throws {
        let list = [Self.changed(1, secondsAgo: 5), Self.tasks[0], Self.tasks[2], Self.tasks[3], Self.tasks[4]]
        let plan = try Self.plan(list: list, receiving: [], removed: [Self.tasks[1]])

        #expect(plan.conflicts == [Self.tasks[1].id: [.removal(on: .remote)]])
        #expect(plan.localRemovals.isEmpty)
        let written = try Self.written(plan)
        #expect(written.map(\.text) == ["A2"] && written.map(\.value) == [0] && plan.writes.map(\.isNew) == [true])
    }

    /// Removed here, moved there: back here, in the server's place, and said.
    @Test func aTaskRemovedHereAndMovedThereIsKept() throws {
        let list = [Self.tasks[0], Self.tasks[2], Self.tasks[3], Self.tasks[4]]
        let plan = try Self.plan(list: list, receiving: 1, value: 0, secondsAgo: 5)

        #expect(plan.conflicts == [Self.tasks[1].id: [.removal(on: .local)]])
        #expect(plan.localWrites[Self.tasks[1].id]?.text == "A2")
        #expect(plan.placements.map(\.id) == [Self.tasks[1].id] && plan.placements.map(\.place) == [.before(Self.tasks[0].id)])
        #expect(plan.writes.isEmpty)
    }
}
