import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// A history row this version cannot read is never read as something else: undo throws
/// `damagedHistory`, naming the step and why, and changes nothing.
@Suite struct PostgresDamagedHistoryTests {
    @Test func aStepOfAnUnknownKindIsRefusedByUndoChangingNothing() throws {
        try expectUndoRefused(damaging: "UPDATE tasks.step SET kind = 'frobnicate' WHERE kind = 'toggleFavorite' RETURNING id",
                              because: "unknown change kind 'frobnicate'")
    }

    @Test func aStepWhoseImageLacksAFieldIsRefusedByUndoChangingNothing() throws {
        try expectUndoRefused(damaging: """
            UPDATE tasks.step_task SET before_text = NULL
            WHERE step = (SELECT id FROM tasks.step WHERE kind = 'toggleFavorite') RETURNING step
            """, because: "its task 1: an image is incomplete")
    }

    @Test func aStepWhoseImageHasForeignFieldsThatDoNotDecodeIsRefusedByUndo() throws {
        try expectUndoRefused(damaging: """
            UPDATE tasks.step_task SET after_foreign = '\\x39'
            WHERE step = (SELECT id FROM tasks.step WHERE kind = 'toggleFavorite') RETURNING step
            """, because: "its task 1: its foreign fields do not decode")
    }

    /// Makes a list of one favourite task, damages its history with `sql` (which returns the
    /// damaged step's number), and expects undo to refuse, saying `reason`, and to change nothing.
    private func expectUndoRefused(damaging sql: String, because reason: String) throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let list = try PostgresStorage(server.url(database: database))
        let task = try list.create(text: "milk")
        try list.toggleFavorite(ids: [task.id])
        let step = try server.psql(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(throws: StoreError.damagedHistory(path: list.location, step: try #require(Int64(step)), cause: StoreError.Cause(
            code: "history", message: reason))) {
            try list.undo()
        }
        #expect(try list.snapshot() == ["★milk"])
    }
}
