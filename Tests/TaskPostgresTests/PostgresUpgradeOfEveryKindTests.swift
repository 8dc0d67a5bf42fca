import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// The upgrade from schema 2 to 3 turns every kind of old step into images of its tasks before and
/// after it: a list made by the release of schema 2 (`Fixtures/postgres-v2-kinds.sql`, made as the
/// fixtures' README says) with each kind in alice's history, an import that updated one task and
/// brought back a removed one, three undone steps and bob's favourite in the way, walks through its
/// history after the upgrade exactly as that release walked through it.
@Suite struct PostgresUpgradeOfEveryKindTests: FixtureListSuite {
    let server: PostgresTestServer
    let database: String

    init() throws {
        server = try PostgresTestServer.shared()
        database = try server.database(fromFixture: "postgres-v2-kinds.sql")
    }

    @Test func theUndoneStepsAreRedoneAsThatReleaseRedidThem() throws {
        let alice = try open(as: "alice")
        #expect(alice.upgrade == nil) // the history was kept: nothing to tell
        #expect(try alice.snapshot() == ["Four", "One imported", "Three edited", "Five", "Six"])
        #expect(try alice.redo() == Change(kind: .toggleFavorite, taskCount: 1, text: "Four", isSet: true))
        #expect(try alice.redo() == Change(kind: .edit, taskCount: 1, text: "Four edited"))
        #expect(throws: StoreError.changedSince(change: Change(kind: .removeAll, taskCount: 5), by: ["bob"], undoing: false)) {
            try alice.redo()
        }
        #expect(try alice.snapshot() == ["★Four edited", "One imported", "Three edited", "Five", "Six"])
    }

    @Test func everyKindIsUndoneAsThatReleaseUndidIt() throws {
        let alice = try open(as: "alice")
        let bob = try open(as: "bob")
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Six"))
        #expect(try alice.undo() == Change(kind: .removeDone, taskCount: 1, text: "Two"))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "Five"))
        #expect(try alice.snapshot() == ["Four", "One imported", "✓Two", "Three edited"])
        #expect(throws: StoreError.changedSince(change: Change(kind: .importTasks, taskCount: 2), by: ["bob"], undoing: true)) {
            try alice.undo()
        }
        #expect(try bob.undo() == Change(kind: .toggleFavorite, taskCount: 1, text: "One imported", isSet: true))
        #expect(try alice.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try alice.snapshot() == ["Four", "★One", "Three edited"])
        #expect(try alice.undo() == Change(kind: .remove, taskCount: 1, text: "Two"))
        #expect(try alice.snapshot() == ["Four", "★One", "✓Two", "Three edited"])
        #expect(try alice.undo() == Change(kind: .move, taskCount: 1, text: "Four"))
        #expect(try alice.snapshot() == ["★One", "✓Two", "Three edited", "Four"])
        #expect(try alice.undo() == Change(kind: .edit, taskCount: 1, text: "Three"))
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 1, text: "Two", isSet: false))
        #expect(try alice.undo() == Change(kind: .toggleFavorite, taskCount: 1, text: "One", isSet: false))
        #expect(try alice.snapshot() == ["One", "Two", "Three", "Four"])
        for text in ["Four", "Three", "Two", "One"] {
            #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: text))
        }
        #expect(throws: StoreError.nothingToUndo) { try alice.undo() }
    }

    @Test func theConvertedStepsAreRedoneAfterTheirUndo() throws {
        let alice = try open(as: "alice")
        try open(as: "bob").undo()
        try alice.write { list in for _ in 0..<13 { try list.undo() } }
        try alice.write { list in for _ in 0..<13 { try list.redo() } }
        #expect(try alice.snapshot() == ["Four", "★One imported", "Three edited", "Five", "Six"])
        #expect(try alice.redo() == Change(kind: .toggleFavorite, taskCount: 1, text: "Four", isSet: true))
    }

    @Test func aStepThatDoesNotDecodeDropsTheHistoryKeepingEveryTaskAndSaysSo() throws {
        try server.psql("UPDATE tasks.step SET kind = 'frobnicate' WHERE id = 7", database: database)
        let alice = try open(as: "alice")
        #expect(alice.upgrade == StoreUpgrade(fromVersion: 2, keptHistory: false))
        #expect(try alice.snapshot() == ["Four", "One imported", "Three edited", "Five", "Six"])
        #expect(throws: StoreError.nothingToUndo) { try alice.undo() }
        #expect(throws: StoreError.nothingToRedo) { try alice.redo() }
        #expect(try server.psql("""
            SELECT (SELECT count(*) FROM tasks.task WHERE removed_by IS NOT NULL), (SELECT count(*) FROM tasks.step_task),
                   (SELECT version FROM tasks.meta)
            """, database: database) == "0|0|6\n")
    }
}
