import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// Undo and redo of every kind of change, on every backend.
@Suite struct StorageSpecUndoTests {
    @Test(arguments: Backend.allCases)
    func aChangeAfterAnUndoInTheSameTransactionLeavesNothingToRedo(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.write { store in
            try store.create(text: "a")
            try store.undo()
            try store.create(text: "b") // a script's `add a`, `undo`, `add b`
        }
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
        #expect(try database.texts() == ["b"])
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "b"))
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
    }

    @Test(arguments: Backend.allCases) func undoOfCreateRemovesTheTaskAndRedoBringsItBack(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["a"])
        let created = try database.create(text: "b")
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "b"))
        #expect(try database.snapshot() == ["a"])
        let redone = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(try database.redo(at: redone) == Change(kind: .create, taskCount: 1, text: "b"))
        var back = created
        back.modifiedAt = redone
        #expect(try database.allTasks().last == back)
    }

    @Test(arguments: Backend.allCases) func undoOfToggleFavoriteRestoresEachFlag(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.toggleFavorite(ids: [tasks[0].id])
        try database.toggleFavorite(ids: [tasks[0].id, tasks[2].id])
        #expect(try database.snapshot() == ["a", "b", "★c"])
        #expect(try database.undo() == Change(kind: .toggleFavorite, taskCount: 2, text: nil))
        #expect(try database.snapshot() == ["★a", "b", "c"])
        try database.redo()
        #expect(try database.snapshot() == ["a", "b", "★c"])
    }

    @Test(arguments: Backend.allCases) func undoOfRemoveRestoresTasksInTheirPlaces(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        try database.toggleFavorite(ids: [tasks[1].id])
        try database.remove(ids: [tasks[1].id, tasks[2].id])
        #expect(try database.undo() == Change(kind: .remove, taskCount: 2, text: nil))
        #expect(try database.allTasks() == [tasks[0], tasks[1].favorited, tasks[2], tasks[3]])
        try database.redo()
        #expect(try database.snapshot() == ["a", "d"])
    }

    @Test(arguments: Backend.allCases) func undoOfRemovingOneTaskNamesIt(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.remove(ids: [tasks[1].id])
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "b"))
        #expect(try database.redo() == Change(kind: .remove, taskCount: 1, text: "b"))
    }

    @Test(arguments: Backend.allCases) func undoOfRemoveAllRestoresOrderAndFavourites(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        try database.toggleFavorite(ids: [tasks[0].id, tasks[3].id])
        try database.remove(ids: [tasks[2].id])
        let before = try database.allTasks()
        try database.removeAll()
        #expect(try database.undo() == Change(kind: .removeAll, taskCount: 3, text: nil))
        #expect(try database.allTasks() == before)
        try database.redo()
        #expect(try database.allTasks().isEmpty)
    }

    @Test(arguments: Backend.allCases) func tasksAddedAfterAClearAreListedAloneAndUndoingBothRestoresTheOldList(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.toggleFavorite(ids: [tasks[1].id])
        try database.removeAll()
        try database.create(text: "c")
        #expect(try database.snapshot() == ["c"])
        #expect(try database.read { try $0.task(id: tasks[0].id) } == nil)
        try database.undo()
        try database.undo()
        #expect(try database.snapshot() == ["a", "★b"])
        try database.redo()
        #expect(try database.snapshot() == [])
    }

    @Test(arguments: Backend.allCases) func undoOfAClearOfOneTaskNamesIt(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["only"])
        try database.removeAll()
        #expect(try database.undo() == Change(kind: .removeAll, taskCount: 1, text: "only"))
    }

    @Test(arguments: Backend.allCases) func undoOfEditRestoresTheOldText(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.edit(id: tasks[1].id, text: "B")
        #expect(try database.undo() == Change(kind: .edit, taskCount: 1, text: "b"))
        #expect(try database.snapshot() == ["a", "b"])
        #expect(try database.redo() == Change(kind: .edit, taskCount: 1, text: "B"))
        #expect(try database.snapshot() == ["a", "B"])
    }

    @Test(arguments: Backend.allCases) func undoingEverythingReturnsToTheStartAndRedoingEverythingToTheEnd(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.toggleFavorite(ids: [tasks[1].id])
        try database.edit(id: tasks[0].id, text: "A")
        try database.remove(ids: [tasks[2].id])
        try database.removeAll()
        try database.create(text: "d")
        let end = try database.allTasks()
        for _ in 0..<8 { try database.undo() }
        #expect(try database.allTasks().isEmpty)
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
        for _ in 0..<8 { try database.redo() }
        #expect(try database.allTasks() == end)
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
    }

    @Test(arguments: Backend.allCases) func aNewChangeAfterUndoDropsTheRedoSteps(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["a", "b"])
        try database.undo()
        try database.create(text: "c")
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
        #expect(try database.snapshot() == ["a", "c"])
        try database.undo()
        try database.undo()
        #expect(try database.snapshot() == [])
    }

    @Test(arguments: Backend.allCases) func undoAndRedoStepOverChangesDroppedByALaterChange(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["a", "b", "c"])
        try database.undo()
        try database.undo()
        try database.create(text: "d") // drops the undone b and c
        try database.undo()
        #expect(try database.snapshot() == ["a"])
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "a"))
        #expect(try database.snapshot() == [])
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "a"))
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "d"))
        #expect(try database.snapshot() == ["a", "d"])
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
    }

    @Test(arguments: Backend.allCases) func redoStepsOverTwoDroppedRangesInARow(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["a", "b"])
        try database.undo()
        try database.create(text: "c") // drops the undone b
        try database.undo()
        try database.create(text: "d") // drops the undone c, right after the range dropped for b
        try database.undo()
        try database.undo()
        #expect(try database.snapshot() == [])
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "a"))
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "d"))
        #expect(try database.snapshot() == ["a", "d"])
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
    }

    @Test(arguments: Backend.allCases) func theIdentityOfADroppedTaskIsNeverGivenToAnother(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let dropped = try database.create(text: "a")
        try database.undo()
        let next = try database.create(text: "b")
        #expect(next.id != dropped.id)
        #expect(try database.read { try $0.task(id: dropped.id) } == nil)
    }

    @Test(arguments: Backend.allCases) func undoStopsAtTheStartOfTheKeptHistory(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["a"])
        try database.undo()
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
        try database.redo()
        #expect(try database.snapshot() == ["a"])
    }

    @Test(arguments: Backend.allCases) func undoThenNewRemoveThenUndoKeepsEverythingConsistent(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.remove(ids: [tasks[0].id])
        try database.undo()
        try database.remove(ids: [tasks[1].id])
        try database.undo()
        #expect(try database.snapshot() == ["a", "b", "c"])
        #expect(throws: StoreError.nothingToRedo) { try database.redo(); try database.redo() }
    }

    @Test(arguments: Backend.allCases) func atLeastTheLastThousandChangesCanBeUndone(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let changes = 1_200
        try database.write { store in
            for index in 0..<changes { try store.create(text: "task \(index)") }
        }
        try database.write { store in
            for _ in 0..<1_000 { try store.undo() }
        }
        #expect(try database.allTasks().count == changes - 1_000)
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
    }

}
