import Foundation
import GRDB
import Testing
@testable import TaskModel

@Suite struct UndoRedoTests {
    let database: TaskDatabase

    init() throws { database = try TaskDatabase.inMemory() }

    /// The list as (text, favourite) pairs, which is what undo and redo must restore.
    private func snapshot() throws -> [String] {
        try database.allTasks().map { ($0.isFavorite ? "★" : "") + $0.text }
    }

    private func fill(_ texts: [String]) throws -> [TaskItem] {
        try texts.map { try database.create(text: $0) }
    }

    @Test func undoOfCreateRemovesTheTaskAndRedoBringsItBack() throws {
        _ = try fill(["a"])
        let created = try database.create(text: "b")
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "b"))
        #expect(try snapshot() == ["a"])
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "b"))
        #expect(try database.allTasks().last == created)
    }

    @Test func undoOfToggleFavoriteRestoresEachFlag() throws {
        let tasks = try fill(["a", "b", "c"])
        try database.toggleFavorite(ids: [tasks[0].id])
        try database.toggleFavorite(ids: [tasks[0].id, tasks[2].id])
        #expect(try snapshot() == ["a", "b", "★c"])
        #expect(try database.undo() == Change(kind: .toggleFavorite, taskCount: 2, text: nil))
        #expect(try snapshot() == ["★a", "b", "c"])
        try database.redo()
        #expect(try snapshot() == ["a", "b", "★c"])
    }

    @Test func undoOfRemoveRestoresTasksInTheirPlaces() throws {
        let tasks = try fill(["a", "b", "c", "d"])
        try database.toggleFavorite(ids: [tasks[1].id])
        try database.remove(ids: [tasks[1].id, tasks[2].id])
        #expect(try database.undo() == Change(kind: .remove, taskCount: 2, text: nil))
        #expect(try database.allTasks() == [tasks[0], tasks[1].favorited, tasks[2], tasks[3]])
        try database.redo()
        #expect(try snapshot() == ["a", "d"])
    }

    @Test func undoOfRemovingOneTaskNamesIt() throws {
        let tasks = try fill(["a", "b"])
        try database.remove(ids: [tasks[1].id])
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "b"))
        #expect(try database.redo() == Change(kind: .remove, taskCount: 1, text: "b"))
    }

    @Test func undoOfRemoveAllRestoresOrderAndFavourites() throws {
        let tasks = try fill(["a", "b", "c", "d"])
        try database.toggleFavorite(ids: [tasks[0].id, tasks[3].id])
        try database.remove(ids: [tasks[2].id])
        let before = try database.allTasks()
        try database.removeAll()
        #expect(try database.undo() == Change(kind: .removeAll, taskCount: 3, text: nil))
        #expect(try database.allTasks() == before)
        try database.redo()
        #expect(try database.allTasks().isEmpty)
    }

    @Test func tasksAddedAfterAClearAreListedAloneAndUndoingBothRestoresTheOldList() throws {
        let tasks = try fill(["a", "b"])
        try database.toggleFavorite(ids: [tasks[1].id])
        try database.removeAll()
        try database.create(text: "c")
        #expect(try snapshot() == ["c"])
        #expect(try database.read { try $0.missing(ids: [tasks[0].id]) } == [tasks[0].id])
        try database.undo()
        try database.undo()
        #expect(try snapshot() == ["a", "★b"])
        try database.redo()
        #expect(try snapshot() == [])
    }

    @Test func undoOfAClearOfOneTaskNamesIt() throws {
        _ = try fill(["only"])
        try database.removeAll()
        #expect(try database.undo() == Change(kind: .removeAll, taskCount: 1, text: "only"))
    }

    @Test func tasksClearedBeyondTheHistoryArePurged() throws {
        let tasks = try fill(["gone"])
        try database.removeAll()
        try database.write { store in
            for index in 0..<Int(TaskStore.historyLimit + TaskStore.purgeInterval) {
                try store.create(text: "\(index)")
            }
        }
        let rows = try database.read { try Int.fetchCount($0, sql: "SELECT count(*) FROM task WHERE id = \(tasks[0].id)") }
        #expect(rows == 0)
    }

    @Test func undoOfEditRestoresTheOldText() throws {
        let tasks = try fill(["a", "b"])
        try database.edit(id: tasks[1].id, text: "B")
        #expect(try database.undo() == Change(kind: .edit, taskCount: 1, text: "b"))
        #expect(try snapshot() == ["a", "b"])
        #expect(try database.redo() == Change(kind: .edit, taskCount: 1, text: "B"))
        #expect(try snapshot() == ["a", "B"])
    }

    @Test func undoingEverythingReturnsToTheStartAndRedoingEverythingToTheEnd() throws {
        let tasks = try fill(["a", "b", "c"])
        try database.toggleFavorite(ids: [tasks[1].id])
        try database.edit(id: tasks[0].id, text: "A")
        try database.remove(ids: [tasks[2].id])
        try database.removeAll()
        try database.create(text: "d")
        let end = try database.allTasks()
        for _ in 0..<8 { try database.undo() }
        #expect(try database.allTasks().isEmpty)
        #expect(throws: TaskDatabaseError.nothingToUndo) { try database.undo() }
        for _ in 0..<8 { try database.redo() }
        #expect(try database.allTasks() == end)
        #expect(throws: TaskDatabaseError.nothingToRedo) { try database.redo() }
    }

    @Test func aNewChangeAfterUndoDropsTheRedoSteps() throws {
        _ = try fill(["a", "b"])
        try database.undo()
        try database.create(text: "c")
        #expect(throws: TaskDatabaseError.nothingToRedo) { try database.redo() }
        #expect(try snapshot() == ["a", "c"])
        try database.undo()
        try database.undo()
        #expect(try snapshot() == [])
    }

    @Test func aDroppedUndoneCreateIsGoneForGood() throws {
        let tasks = try fill(["a", "b"])
        try database.undo()
        try database.create(text: "c")
        let rows = try database.read { try Int.fetchCount($0, sql: "SELECT count(*) FROM task WHERE id = \(tasks[1].id)") }
        #expect(rows == 0)
    }

    @Test func undoAndRedoStepOverChangesDroppedByALaterChange() throws {
        _ = try fill(["a", "b", "c"])
        try database.undo()
        try database.undo()
        try database.create(text: "d") // drops the undone b and c
        try database.undo()
        #expect(try snapshot() == ["a"])
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "a"))
        #expect(try snapshot() == [])
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "a"))
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "d"))
        #expect(try snapshot() == ["a", "d"])
        #expect(throws: TaskDatabaseError.nothingToRedo) { try database.redo() }
    }

    @Test func redoStepsOverTwoDroppedRangesInARow() throws {
        _ = try fill(["a", "b"])
        try database.undo()
        try database.create(text: "c") // drops the undone b
        try database.undo()
        try database.create(text: "d") // drops the undone c, right after the range dropped for b
        try database.undo()
        try database.undo()
        #expect(try snapshot() == [])
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "a"))
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "d"))
        #expect(try snapshot() == ["a", "d"])
        #expect(throws: TaskDatabaseError.nothingToRedo) { try database.redo() }
    }

    @Test func theIdentityOfADroppedTaskIsNeverGivenToAnother() throws {
        let dropped = try database.create(text: "a")
        try database.undo()
        let next = try database.create(text: "b")
        #expect(next.id != dropped.id)
        #expect(try database.read { try $0.missing(ids: [dropped.id]) } == [dropped.id])
    }

    @Test func undoStopsAtTheStartOfTheKeptHistory() throws {
        _ = try fill(["a"])
        try database.undo()
        #expect(throws: TaskDatabaseError.nothingToUndo) { try database.undo() }
        try database.redo()
        #expect(try snapshot() == ["a"])
    }

    @Test func undoThenNewRemoveThenUndoKeepsEverythingConsistent() throws {
        let tasks = try fill(["a", "b", "c"])
        try database.remove(ids: [tasks[0].id])
        try database.undo()
        try database.remove(ids: [tasks[1].id])
        try database.undo()
        #expect(try snapshot() == ["a", "b", "c"])
        #expect(throws: TaskDatabaseError.nothingToRedo) { try database.redo(); try database.redo() }
    }

    @Test func atLeastTheLastHundredChangesCanBeUndone() throws {
        let changes = Int(TaskStore.historyLimit + 2 * TaskStore.purgeInterval)
        try database.write { store in
            for index in 0..<changes { try store.create(text: "task \(index)") }
        }
        #expect(TaskStore.historyLimit >= 100)
        try database.write { store in
            for _ in 0..<TaskStore.historyLimit { try store.undo() }
        }
        #expect(try database.allTasks().count == changes - Int(TaskStore.historyLimit))
        #expect(throws: TaskDatabaseError.nothingToUndo) { try database.undo() }
    }

    @Test func tasksRemovedBeyondTheHistoryArePurged() throws {
        let tasks = try fill(["gone", "kept"])
        try database.remove(ids: [tasks[0].id])
        try database.write { store in
            for index in 0..<Int(TaskStore.historyLimit + TaskStore.purgeInterval) {
                try store.create(text: "\(index)")
            }
        }
        let rows = try database.read { try Int.fetchCount($0, sql: "SELECT count(*) FROM task WHERE id = \(tasks[0].id)") }
        #expect(rows == 0)
    }
}

extension TaskItem {
    var favorited: TaskItem {
        var copy = self
        copy.isFavorite.toggle()
        return copy
    }
}

extension Int {
    /// Runs a counting query on the store's own connection, to look under the model's API.
    static func fetchCount(_ store: TaskStore, sql: String) throws -> Int {
        try Int.fetchOne(store.db, sql: sql) ?? 0
    }
}
