import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// A shared list made by the release of schema 3 (`Fixtures/postgres-v3.sql`, made as the fixtures'
/// README says), with every kind of step that release writes in alice's history, two of them undone,
/// and bob's favourite in the way: the upgrade to schema 4 adds the columns of due dates, tags and
/// recurrence without rewriting a row, keeps every task and each person's history, and the new
/// changes are undone and redone on it like any other.
@Suite struct PostgresListOfVersion3Tests: FixtureListSuite {
    let server: PostgresTestServer
    let database: String

    /// A database owned by alice holding the schema-3 list, granted to bob.
    init() throws {
        server = try PostgresTestServer.shared()
        database = try server.database(fromFixture: "postgres-v3.sql")
    }

    @Test func theUpgradeKeepsEveryTaskRewritesNoRowAndTheSchemaIsCurrent() throws {
        let files = try tableFiles()
        let alice = try open(as: "alice")
        #expect(alice.upgrade == nil) // the history was kept: nothing to tell
        #expect(try alice.snapshot() == ["★Water the plants", "Buy oat milk", "★Call mom",
                                         "Renew the passport +errands @town"])
        let tasks = try alice.allTasks()
        #expect(tasks.map(\.foreign) == [[:], [:], [:], ["todo.txt": "B"]])
        #expect(tasks.allSatisfy { $0.due == nil && $0.tags.isEmpty && $0.recurrence == nil })
        #expect(try tableFiles() == files)
        #expect(try server.psql("SELECT application, version FROM tasks.meta", database: database) == "tasks|6\n")
    }

    @Test func theUndoneStepsAreRedoneUntilBobsFavouriteIsInTheWay() throws {
        let alice = try open(as: "alice")
        #expect(try alice.redo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(throws: StoreError.changedSince(change: Change(kind: .removeAll, taskCount: 5), by: ["bob"], undoing: false)) {
            try alice.redo()
        }
        #expect(try alice.snapshot() == ["★Water the plants", "Buy oat milk", "★Call mom",
                                         "Renew the passport +errands @town", "Last"])
    }

    @Test func eachPersonsUndoWalksTheOldHistoryBackAndRedoForwardAgain() throws {
        let alice = try open(as: "alice")
        let bob = try open(as: "bob")
        #expect(try alice.undo() == Change(kind: .removeDone, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 1, text: "Café ☕ 日本", isSet: false))
        #expect(try alice.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Café ☕ 日本"))
        #expect(try alice.undo() == Change(kind: .remove, taskCount: 1, text: "Pay rent"))
        try undoTheEditAndTheMoveBobHoldsUp(alice: alice, bob: bob)
        #expect(try alice.snapshot() == ["Buy milk", "✓Pay rent", "★Call mom", "Water the plants"])
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Water the plants"))
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 1, text: "Pay rent", isSet: false))
        #expect(try alice.undo() == Change(kind: .toggleFavorite, taskCount: 1, text: "Call mom", isSet: false))
        for text in ["Call mom", "Pay rent", "Buy milk"] {
            #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: text))
        }
        #expect(throws: StoreError.nothingToUndo) { try alice.undo() }
        try alice.write { list in for _ in 0..<13 { try list.redo() } }
        #expect(try alice.snapshot() == ["Water the plants", "Buy oat milk", "★Call mom",
                                         "Renew the passport +errands @town"])
        #expect(try alice.redo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try alice.redo() == Change(kind: .removeAll, taskCount: 5))
        #expect(try alice.snapshot() == [])
    }

    @Test func dueDatesTagsAndRecurrenceAreUndoneAndRedoneOnTheUpgradedList() throws {
        let alice = try open(as: "alice")
        let upgraded = try alice.allTasks()
        let ids = upgraded.map(\.id)
        let day = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        try alice.edit(ids: [ids[1]], TaskEdit(due: .some(.day(day))))
        try alice.edit(ids: [ids[1], ids[2]], TaskEdit(addedTags: ["home"]))
        try alice.edit(ids: [ids[3]], TaskEdit(recurrence: .some(Recurrence(.weeks(1)))))
        let checked = try alice.checkOff(ids: [ids[3]], in: TimeZone(identifier: "UTC") ?? .current)
        let next = try #require(checked.next[ids[3]])
        let changed = try alice.allTasks()
        #expect(try open(as: "bob").allTasks() == changed)
        #expect(changed.map(\.id) == ids + [next.id])
        #expect(changed[1].due == .day(day) && changed[1].tags == ["home"] && changed[2].tags == ["home"])
        #expect(changed[3].isDone && changed[3].recurrence == nil && changed[4].recurrence == Recurrence(.weeks(1)))
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .setRecurrence, taskCount: 1, text: "Renew the passport +errands @town"))
        #expect(try alice.undo() == Change(kind: .retag, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .setDue, taskCount: 1, text: "Buy oat milk"))
        #expect(try alice.allTasks() == upgraded)
        try alice.write { list in for _ in 0..<4 { try list.redo() } }
        #expect(try alice.allTasks() == changed)
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .setRecurrence, taskCount: 1, text: "Renew the passport +errands @town"))
        #expect(try alice.undo() == Change(kind: .retag, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .setDue, taskCount: 1, text: "Buy oat milk"))
        // Under the new steps, the old history goes on.
        #expect(try alice.undo() == Change(kind: .removeDone, taskCount: 2))
    }

    @Test func aNewChangeAfterAnUndoneRecurringCheckOffDropsTheTaskItMade() throws {
        let alice = try open(as: "alice")
        let task = try alice.create(text: "Water the cactus", attributes: TaskEdit(recurrence: .some(Recurrence(.days(3)))))
        let checked = try alice.checkOff(ids: [task.id], in: TimeZone(identifier: "UTC") ?? .current)
        let next = try #require(checked.next[task.id])
        try alice.undo()
        try alice.create(text: "Repot it")
        // Hidden for good, its row kept as a trace for a sync (`untraced`) until the history passes it.
        #expect(try server.psql("SELECT count(*) FROM tasks.task WHERE uuid = '\(next.id.uuidString)' AND removed_by IS NOT NULL",
                                database: database) == "1\n")
        #expect(try alice.read { try $0.task(id: next.id) } == nil)
        #expect(try alice.texts().suffix(2) == ["Water the cactus", "Repot it"])
    }
}
