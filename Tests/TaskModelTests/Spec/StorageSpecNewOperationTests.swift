import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// Done, move, clear done and guarded edits, with their undo and redo, on every backend.
@Suite struct StorageSpecNewOperationTests {
    // MARK: Done

    @Test(arguments: Backend.allCases) func toggleDoneChecksOffAndUnchecksEachTaskInPlace(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        let time = try database.toggleDone(ids: [tasks[0].id, tasks[2].id])
        #expect(try database.snapshot() == ["✓a", "b", "✓c"])
        #expect(try database.allTasks().map(\.doneAt) == [time, nil, time])
        try database.toggleDone(ids: [tasks[0].id, tasks[1].id])
        #expect(try database.snapshot() == ["a", "✓b", "✓c"])
    }

    @Test(arguments: Backend.allCases) func undoOfDoneRestoresEachCompletionTimeExactly(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        let first = try database.toggleDone(ids: [tasks[0].id])
        try database.toggleDone(ids: [tasks[0].id, tasks[1].id])
        #expect(try database.undo() == Change(kind: .toggleDone, taskCount: 2))
        #expect(try database.allTasks().map(\.doneAt) == [first, nil])
        try database.redo()
        #expect(try database.snapshot() == ["a", "✓b"])
        #expect(try database.undo() == Change(kind: .toggleDone, taskCount: 2))
        #expect(try database.undo() == Change(kind: .toggleDone, taskCount: 1, text: "a", isSet: false))
        #expect(try database.redo() == Change(kind: .toggleDone, taskCount: 1, text: "a", isSet: true))
    }

    @Test(arguments: Backend.allCases) func toggleDoneOfAMissingTaskChangesNothing(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        let ghost = UUID()
        #expect(throws: StoreError.tasksNotFound(ids: [ghost])) { try database.toggleDone(ids: [a.id, ghost]) }
        #expect(try database.snapshot() == ["a"])
    }

    @Test(arguments: Backend.allCases) func removeDoneTakesOnlyTheDoneTasksAsOneStep(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        try database.toggleFavorite(ids: [tasks[1].id])
        try database.toggleDone(ids: [tasks[1].id, tasks[2].id])
        #expect(try database.removeDone() == 2)
        #expect(try database.snapshot() == ["a", "d"])
        #expect(try database.undo() == Change(kind: .removeDone, taskCount: 2))
        #expect(try database.snapshot() == ["a", "★✓b", "✓c", "d"])
        try database.redo()
        #expect(try database.snapshot() == ["a", "d"])
    }

    @Test(arguments: Backend.allCases) func removeDoneWithNothingDoneRecordsNoChange(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["a"])
        try database.undo()
        #expect(try database.removeDone() == 0)
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "a"))
    }

    // MARK: Move

    @Test(arguments: Backend.allCases) func moveBeforeAndAfterKeepsTheOthersInOrder(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d", "e"])
        try database.move(id: tasks[4].id, to: .before(tasks[0].id))
        #expect(try database.texts() == ["e", "a", "b", "c", "d"])
        try database.move(id: tasks[0].id, to: .after(tasks[3].id))
        #expect(try database.texts() == ["e", "b", "c", "d", "a"])
        try database.move(id: tasks[2].id, to: .after(tasks[0].id))
        #expect(try database.texts() == ["e", "b", "d", "a", "c"])
    }

    @Test(arguments: Backend.allCases) func undoAndRedoOfMovesRestoreEachOrder(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        try database.move(id: tasks[3].id, to: .before(tasks[0].id))
        try database.move(id: tasks[1].id, to: .after(tasks[2].id))
        #expect(try database.texts() == ["d", "a", "c", "b"])
        #expect(try database.undo() == Change(kind: .move, taskCount: 1, text: "b"))
        #expect(try database.texts() == ["d", "a", "b", "c"])
        try database.undo()
        #expect(try database.texts() == ["a", "b", "c", "d"])
        try database.redo()
        try database.redo()
        #expect(try database.texts() == ["d", "a", "c", "b"])
    }

    @Test(arguments: Backend.allCases) func manyMovesIntoTheSameGapKeepEveryOrderAndEveryUndo(_ backend: Backend) throws {
        // Each move halves the gap between the first task and the one moved before: positions run
        // out after a few dozen and are renumbered, which must not disturb the order or the history.
        let database = try backend.makeStorage()
        let tasks = try database.fill((0..<80).map { "t\($0)" })
        var expected = tasks.map(\.text)
        var orders = [expected]
        for index in stride(from: 79, to: 9, by: -1) {
            let moving = tasks[index]
            let second = try database.allTasks()[1].id
            try database.move(id: moving.id, to: .before(second))
            expected.removeAll { $0 == moving.text }
            expected.insert(moving.text, at: 1)
            #expect(try database.texts() == expected)
            orders.append(expected)
        }
        let removed = try database.allTasks()[1].id
        try database.remove(ids: [removed])
        try database.undo()
        #expect(try database.texts() == expected)
        for order in orders.reversed().dropFirst() {
            try database.undo()
            #expect(try database.texts() == order)
        }
        for _ in 0..<70 { try database.redo() }
        #expect(try database.texts() == expected)
    }

    @Test(arguments: Backend.allCases) func undoOfAMoveWhosePlaceWasTakenPutsItNextToIt(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        try database.move(id: tasks[1].id, to: .after(tasks[3].id)) // a c d b
        try database.write { store in
            try store.move(id: tasks[2].id, to: .after(tasks[0].id)) // a c d b: c takes b's old place
        }
        try database.move(id: tasks[2].id, to: .after(tasks[3].id)) // a d c b
        try database.undo() // a c d b
        try database.undo() // the no-op move recorded nothing; this undoes b's move
        #expect(try database.texts() == ["a", "b", "c", "d"])
    }

    @Test(arguments: Backend.allCases) func moveOfAMissingTaskChangesNothing(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.remove(ids: [tasks[1].id])
        #expect(throws: StoreError.tasksNotFound(ids: [tasks[1].id])) {
            try database.move(id: tasks[0].id, to: .after(tasks[1].id))
        }
        #expect(try database.texts() == ["a"])
    }

    @Test(arguments: Backend.allCases) func aRemovedTaskComesBackToItsPlaceAfterMovesAroundIt(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.remove(ids: [tasks[1].id])
        try database.move(id: tasks[2].id, to: .before(tasks[0].id)) // c a
        try database.undo()
        try database.undo()
        #expect(try database.texts() == ["a", "b", "c"])
    }

    // MARK: Guarded edit

    @Test(arguments: Backend.allCases) func editExpectingTheStoredTextReplacesIt(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        try database.edit(id: a.id, text: "A", expected: "a")
        #expect(try database.texts() == ["A"])
    }

    @Test(arguments: Backend.allCases) func editExpectingAnotherTextRefusesAndSaysWhatItIsNow(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "seen")
        try database.edit(id: a.id, text: "changed elsewhere")
        #expect(throws: StoreError.textChanged(id: a.id, current: "changed elsewhere")) {
            try database.edit(id: a.id, text: "mine", expected: "seen")
        }
        #expect(try database.texts() == ["changed elsewhere"])
        #expect(try database.undo() == Change(kind: .edit, taskCount: 1, text: "seen"))
    }

    @Test(arguments: Backend.allCases) func anEditIsComparedByBytesNotByCanonicalEquivalence(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "e\u{301}")
        #expect(throws: StoreError.textChanged(id: a.id, current: "e\u{301}")) {
            try database.edit(id: a.id, text: "x", expected: "\u{E9}")
        }
    }

    // MARK: Identity

    @Test(arguments: Backend.allCases) func identitiesAreVersionSevenUUIDsInCreationOrder(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        for task in tasks {
            #expect(task.id.uuid.6 >> 4 == 7)
            #expect(task.id.uuid.8 >> 6 == 0b10)
        }
        let times = tasks.map { task in withUnsafeBytes(of: task.id.uuid) { $0.prefix(6).reduce(0) { $0 << 8 | UInt64($1) } } }
        #expect(times[0] <= times[1])
        #expect(abs(Double(times[0]) / 1000 - tasks[0].createdAt.timeIntervalSince1970) < 1)
    }
}
