import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// A shared list made by the release of schema 1 (`Fixtures/postgres-v1.sql`, made as its README
/// says) is upgraded in place when its owner opens it: every task, flag, the order and each
/// person's undo history kept, and it gains foreign fields and imports.
@Suite struct PostgresSchemaUpgradeTests: FixtureListSuite {
    let server: PostgresTestServer
    let database: String

    /// A database owned by alice holding the schema-1 list (granted to bob as that release's README said).
    init() throws {
        server = try PostgresTestServer.shared()
        database = try server.database(fromFixture: "postgres-v1.sql")
    }

    @Test func everyTaskFlagAndTheOrderAreKeptAndTheSchemaIsVersion2() throws {
        let alice = try open(as: "alice")
        #expect(try alice.snapshot() == ["★Water the plants", "Buy oat milk", "★Call mom", "✓Café ☕ 日本"])
        #expect(try alice.allTasks().allSatisfy { $0.foreign.isEmpty })
        #expect(try server.psql("SELECT application, version FROM tasks.meta", database: database) == "tasks|6\n")
    }

    @Test func eachPersonsUndoAndRedoWalkTheOldHistoryAsThatReleaseDid() throws {
        let alice = try open(as: "alice")
        let bob = try open(as: "bob")
        #expect(try alice.redo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Last"))
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 1, text: "Café ☕ 日本", isSet: false))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Café ☕ 日本"))
        #expect(try alice.undo() == Change(kind: .removeDone, taskCount: 1, text: "Pay rent"))
        #expect(try alice.snapshot() == ["★Water the plants", "Buy oat milk", "✓Pay rent", "★Call mom"])
        #expect(try alice.undo() == Change(kind: .remove, taskCount: 1, text: "Old task"))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Old task"))
        try undoTheEditAndTheMoveBobHoldsUp(alice: alice, bob: bob)
        #expect(try alice.texts() == ["Buy milk", "Pay rent", "Call mom", "Water the plants"])
    }

    @Test func theUpgradedListImportsAndKeepsForeignFields() throws {
        let alice = try open(as: "alice")
        try alice.importTasks([TaskImport(id: nil, text: "t", createdAt: Date(timeIntervalSince1970: 0),
                                          foreign: ["todo.txt": "B"])])
        #expect(try open(as: "bob").allTasks().last?.foreign == ["todo.txt": "B"])
        #expect(try alice.undo() == Change(kind: .importTasks, taskCount: 1, text: "t"))
        #expect(try alice.texts() == ["Water the plants", "Buy oat milk", "Call mom", "Café ☕ 日本"])
    }

    @Test func foreignFieldsStoredInTheNewColumnAreReadBack() throws {
        let alice = try open(as: "alice")
        try server.psql("""
            UPDATE tasks.task SET foreign_fields = convert_to('8:todo.txt1:B11:taskwarrior2:{}', 'UTF8')
            WHERE text = convert_to('Call mom', 'UTF8')
            """, database: database)
        let callMom = try alice.allTasks()[2]
        #expect(callMom.foreign == ["todo.txt": "B", "taskwarrior": "{}"])
        #expect(try alice.read { try $0.task(id: callMom.id)?.foreign } == ["todo.txt": "B", "taskwarrior": "{}"])
    }

    @Test func onlyTheOwnerCanUpgradeAndAnotherRoleIsRefusedLeavingItUntouched() throws {
        #expect(throws: StoreError.cannotOpen(path: server.url(database: database, user: "bob"),
                                              cause: StoreError.Cause(code: "42501", message: "must be owner of table task"))) {
            try open(as: "bob")
        }
        #expect(try server.psql("SELECT version FROM tasks.meta", database: database) == "1\n")
        _ = try open(as: "alice")
        #expect(try open(as: "bob").texts() == ["Water the plants", "Buy oat milk", "Call mom", "Café ☕ 日本"])
    }

    @Test func processesOpeningTheOldListAtOnceUpgradeItOnce() async throws {
        let url = server.url(database: database, user: "alice")
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 1...4 { group.addTask { try PostgresStorage(url).read { try $0.count() } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == [4, 4, 4, 4])
        #expect(try server.psql("SELECT version FROM tasks.meta", database: database) == "6\n")
    }

    @Test func aListOfANewerVersionIsRefusedAndNotUpgraded() throws {
        try server.psql("UPDATE tasks.meta SET version = 7", database: database)
        #expect(throws: StoreError.newerStore(path: server.url(database: database, user: "alice"), version: 7)) {
            try open(as: "alice")
        }
        #expect(try server.psql("""
            SELECT count(*) FROM information_schema.columns WHERE table_schema = 'tasks' AND column_name = 'foreign_fields'
            """, database: database) == "0\n")
    }
}
