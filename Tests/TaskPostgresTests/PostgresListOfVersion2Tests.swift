import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// A shared list made by the release of schema 2 (`Fixtures/postgres-v2.sql`, made as its README
/// says), with every kind of step in alice's history and one of bob's: today's release reads it as
/// it wrote it, and a later schema must upgrade it keeping every task, flag, order, foreign field
/// and each person's undo history.
@Suite struct PostgresListOfVersion2Tests: FixtureListSuite {
    let server: PostgresTestServer
    let database: String

    /// A database owned by alice holding the schema-2 list, granted to bob.
    init() throws {
        server = try PostgresTestServer.shared()
        database = try server.database(fromFixture: "postgres-v2.sql")
    }

    @Test func everyTaskFlagForeignFieldAndTheOrderAreKept() throws {
        let alice = try open(as: "alice")
        #expect(try alice.snapshot() == ["★Water the plants", "Buy oat milk", "★Call mom",
                                         "Renew the passport +errands @town"])
        #expect(try alice.allTasks().map(\.foreign) == [[:], [:], [:], ["todo.txt": "B"]])
        #expect(try server.psql("SELECT application, version FROM tasks.meta", database: database) == "tasks|6\n")
    }

    @Test func eachPersonsUndoAndRedoWalkTheHistoryAsThatReleaseDid() throws {
        let alice = try open(as: "alice")
        let bob = try open(as: "bob")
        #expect(try alice.redo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try alice.undo() == Change(kind: .removeDone, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 1, text: "Café ☕ 日本", isSet: false))
        #expect(try alice.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Café ☕ 日本"))
        #expect(try alice.undo() == Change(kind: .remove, taskCount: 1, text: "Pay rent"))
        try undoTheEditAndTheMoveBobHoldsUp(alice: alice, bob: bob)
        #expect(try alice.snapshot() == ["Buy milk", "✓Pay rent", "★Call mom", "Water the plants"])
    }
}
