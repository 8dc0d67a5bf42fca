import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

extension PostgresTestServer {
    /// A new database owned by alice holding the list dumped in `Fixtures/<name>` (a release's
    /// list, made as the fixtures' README says), granted to bob; returns the database's name.
    func database(fromFixture name: String) throws -> String {
        let database = try makeDatabase(owner: "alice")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)")
        try psql(try String(contentsOf: fixture, encoding: .utf8), database: database, user: "alice")
        try grantList(in: database, to: "bob")
        return database
    }
}

/// A suite over a release's list loaded from a fixture into `database`: it opens the list as one
/// person or another.
protocol FixtureListSuite {
    var server: PostgresTestServer { get }
    var database: String { get }
}

extension FixtureListSuite {
    func open(as user: String) throws -> PostgresStorage {
        try PostgresStorage(server.url(database: database, user: user))
    }

    /// The files that hold the rows of the list's tables: the same after an upgrade that rewrote none.
    func tableFiles() throws -> String {
        try server.psql("""
            SELECT relname, relfilenode FROM pg_class
            WHERE oid IN ('tasks.task'::regclass, 'tasks.step_task'::regclass) ORDER BY relname
            """, database: database)
    }

    /// alice's undo of her edit of `Buy milk`, then of her move of `Water the plants`, which bob's
    /// favourite of it holds up until he undoes it: where the histories of every fixture's list end
    /// (their scripts begin alike).
    func undoTheEditAndTheMoveBobHoldsUp(alice: PostgresStorage, bob: PostgresStorage) throws {
        #expect(try alice.undo() == Change(kind: .edit, taskCount: 1, text: "Buy milk"))
        #expect(throws: StoreError.changedSince(change: Change(kind: .move, taskCount: 1, text: "Water the plants"),
                                                by: ["bob"], undoing: true)) {
            try alice.undo()
        }
        #expect(try bob.undo() == Change(kind: .toggleFavorite, taskCount: 1, text: "Water the plants", isSet: false))
        #expect(try alice.undo() == Change(kind: .move, taskCount: 1, text: "Water the plants"))
    }
}
