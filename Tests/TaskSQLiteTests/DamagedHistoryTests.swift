import Foundation
import GRDB
import TaskModel
import TaskSQLite
import TaskTestSupport
import Testing

/// A history row this version cannot read is never read as something else: undo and redo throw
/// `damagedHistory`, naming the step and why, and change nothing.
@Suite struct DamagedHistoryTests {
    @Test func aStepOfAnUnknownKindIsRefusedByUndoChangingNothing() throws {
        let path = folder.file("tasks.sqlite")
        let database = try SQLiteStorage(path: path)
        let task = try database.create(text: "milk")
        try database.toggleFavorite(ids: [task.id])
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "UPDATE step SET kind = 'frobnicate'") }
        #expect(throws: StoreError.damagedHistory(path: path, step: 2, cause: StoreError.Cause(
            code: "history", message: "unknown change kind 'frobnicate'"))) {
            try database.undo()
        }
        #expect(try database.snapshot() == ["★milk"])
    }

    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A store whose last step, `done` of "C" (step 4), is then damaged by `damage`.
    private func storeWithADoneStep(damagedBy damage: String) throws -> (SQLiteStorage, String) {
        let path = folder.file("tasks.sqlite")
        let database = try SQLiteStorage(path: path)
        let tasks = try database.fill(["A", "B", "C"])
        try database.toggleDone(ids: [tasks[2].id])
        try DatabaseQueue(path: path).write { db in try db.execute(sql: damage) }
        return (database, path)
    }

    private func damaged(_ path: String, _ reason: String) -> StoreError {
        .damagedHistory(path: path, step: 4, cause: StoreError.Cause(code: "history", message: reason))
    }

    // An independent tester found each of these read as something else.

    @Test func anImageHoldingAValueOfTheWrongKindIsRefusedNotReadAsZero() throws {
        let (database, path) = try storeWithADoneStep(damagedBy: "UPDATE step_task SET before_doneAt = 'abc'")
        #expect(throws: damaged(path, "an image of a task holds a value of the wrong kind")) { try database.undo() }
        #expect(try database.snapshot() == ["A", "B", "✓C"])
    }

    @Test func imagesWhoseStepRowIsLostAreNotTakenForAnAdd() throws {
        let (database, path) = try storeWithADoneStep(damagedBy: "DELETE FROM step WHERE id = 4")
        #expect(throws: damaged(path, "its step row is missing")) { try database.undo() }
        #expect(try database.snapshot() == ["A", "B", "✓C"])
    }

    @Test func aStepWhoseImagesAreLostIsRefusedNotUsedUp() throws {
        let (database, path) = try storeWithADoneStep(damagedBy: "DELETE FROM step_task WHERE step = 4")
        #expect(throws: damaged(path, "it names no task")) { try database.undo() }
        #expect(throws: damaged(path, "it names no task")) { try database.undo() }
        #expect(try database.snapshot() == ["A", "B", "✓C"])
    }

    @Test func anImageThatNoLongerMatchesTheListIsADamagedHistoryNotSomeoneElsesChange() throws {
        let (database, path) = try storeWithADoneStep(damagedBy: "UPDATE step_task SET after_position = 99")
        #expect(throws: damaged(path, "a task it touched is not as it left it")) { try database.undo() }
        #expect(try database.snapshot() == ["A", "B", "✓C"])
    }
}
