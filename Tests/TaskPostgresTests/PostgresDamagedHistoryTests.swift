import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// A history row this version cannot read is never read as something else: undo throws
/// `damagedHistory`, naming the step and why, and changes nothing.
@Suite struct PostgresDamagedHistoryTests {
    @Test func aStepOfAnUnknownKindIsRefusedByUndoChangingNothing() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let url = server.url(database: database)
        let list = try PostgresStorage(url)
        let task = try list.create(text: "milk")
        try list.toggleFavorite(ids: [task.id])
        let step = try server.psql("UPDATE tasks.step SET kind = 'frobnicate' WHERE kind = 'toggleFavorite' RETURNING id",
                                   database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(throws: StoreError.damagedHistory(path: list.location, step: try #require(Int64(step)), cause: StoreError.Cause(
            code: "history", message: "unknown change kind 'frobnicate'"))) {
            try list.undo()
        }
        #expect(try list.snapshot() == ["★milk"])
    }

    @Test func aStepWhoseImageLacksAFieldIsRefusedByUndoChangingNothing() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let list = try PostgresStorage(server.url(database: database))
        let task = try list.create(text: "milk")
        try list.edit(id: task.id, text: "oat milk", expected: nil)
        let step = try server.psql("""
            UPDATE tasks.step_task SET before_text = NULL WHERE step = (SELECT id FROM tasks.step WHERE kind = 'edit')
            RETURNING step
            """, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(throws: StoreError.damagedHistory(path: list.location, step: try #require(Int64(step)), cause: StoreError.Cause(
            code: "history", message: "its task 1: an image is incomplete"))) {
            try list.undo()
        }
        #expect(try list.snapshot() == ["oat milk"])
    }

    @Test func aStepWhoseImageHasForeignFieldsThatDoNotDecodeIsRefusedByUndo() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let list = try PostgresStorage(server.url(database: database))
        let task = try list.create(text: "milk")
        try list.toggleFavorite(ids: [task.id])
        let step = try server.psql("""
            UPDATE tasks.step_task SET after_foreign = '\\x39' WHERE step = (SELECT max(step) FROM tasks.step_task)
            RETURNING step
            """, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(throws: StoreError.damagedHistory(path: list.location, step: try #require(Int64(step)), cause: StoreError.Cause(
            code: "history", message: "its task 1: its foreign fields do not decode"))) {
            try list.undo()
        }
        #expect(try list.snapshot() == ["★milk"])
    }
}
