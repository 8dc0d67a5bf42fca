import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// A shared list made by the release of schema 4 (`Fixtures/postgres-v4.sql`, made as the fixtures'
/// README says), with a due date, tags and a recurrence in alice's history: the upgrade to schema 5
/// adds `modified_at` without rewriting a row, keeps every task and each person's history, and the
/// time of a change is then recorded, undone and redone like any other field.
@Suite struct PostgresListOfVersion4Tests: FixtureListSuite {
    let server: PostgresTestServer
    let database: String
    private static let time = Date(timeIntervalSince1970: 1_767_225_600.5)

    /// A database owned by alice holding the schema-4 list, granted to bob.
    init() throws {
        server = try PostgresTestServer.shared()
        database = try server.database(fromFixture: "postgres-v4.sql")
    }

    @Test func theUpgradeKeepsEveryTaskRewritesNoRowAndTheSchemaIsVersion5() throws {
        let files = try tableFiles()
        let alice = try open(as: "alice")
        #expect(alice.upgrade == nil)
        #expect(try alice.snapshot() == ["★Water the plants", "Buy oat milk", "★Call mom", "Renew the passport"])
        let tasks = try alice.allTasks()
        #expect(tasks[0].due == .day(try #require(CalendarDay(year: 2099, month: 1, day: 1))))
        #expect(tasks[0].recurrence == Recurrence(.weeks(1)) && tasks[1].tags == ["shop"])
        #expect(tasks[3].tags == ["errands", "@town"])
        #expect(tasks.allSatisfy { $0.modifiedAt == nil })
        #expect(try tableFiles() == files)
        #expect(try server.psql("SELECT application, version FROM tasks.meta", database: database) == "tasks|6\n")
    }

    @Test func theOldHistoryIsWalkedAndTheTimeOfAChangeJoinsIt() throws {
        let alice = try open(as: "alice")
        // bob's favourite of the first task, his only step, would hold up alice's undo of its recurrence.
        #expect(try open(as: "bob").undo().kind == .toggleFavorite)
        let upgraded = try alice.allTasks()
        try alice.edit(ids: [upgraded[1].id], TaskEdit(text: "Buy milk"), at: Self.time)
        #expect(try alice.allTasks()[1].modifiedAt == Self.time)
        let undone = Self.time.addingTimeInterval(60)
        #expect(try alice.undo(at: undone) == Change(kind: .edit, taskCount: 1, text: "Buy oat milk"))
        #expect(try alice.allTasks().map(\.asChangedAnyTime) == upgraded.map(\.asChangedAnyTime))
        #expect(try alice.allTasks()[1].modifiedAt == undone)
        #expect(try alice.undo() == Change(kind: .setRecurrence, taskCount: 1, text: "Water the plants"))
        #expect(try alice.undo() == Change(kind: .retag, taskCount: 1, text: "Buy oat milk"))
        #expect(try alice.undo() == Change(kind: .setDue, taskCount: 1, text: "Water the plants"))
        #expect(try alice.undo() == Change(kind: .removeDone, taskCount: 2))
        try alice.write { list in for _ in 0..<4 { try list.redo() } }
        #expect(try alice.allTasks().map(\.asChangedAnyTime) == upgraded.map(\.asChangedAnyTime))
        #expect(try alice.redo(at: undone).kind == .edit)
        #expect(try alice.allTasks()[1].modifiedAt == undone)
    }
}
