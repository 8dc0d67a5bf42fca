import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// Where undo and redo put a task back when its old place was taken meanwhile, on every backend.
@Suite struct StorageSpecPlaceTests {
    /// A task moved to the top leaves its place free; a task appended next takes it. Undoing both
    /// puts the moved task just after the hidden one, and every earlier step must still find it
    /// where it left it (the property test found this).
    @Test(arguments: Backend.allCases)
    func aMoveUndoneWhereAnAppendedTaskTookItsPlaceLeavesEveryOtherStepUndoable(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.toggleDone(ids: tasks.map(\.id))
        try database.move(id: tasks[2].id, to: .before(tasks[0].id))
        _ = try database.create(text: "x")
        #expect(try database.snapshot() == ["✓c", "✓a", "✓b", "x"])
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "x"))
        #expect(try database.undo() == Change(kind: .move, taskCount: 1, text: "c"))
        #expect(try database.undo() == Change(kind: .toggleDone, taskCount: 3))
        #expect(try database.snapshot() == ["a", "b", "c"])
        for _ in 0..<3 { try database.redo() }
        #expect(try database.snapshot() == ["✓c", "✓a", "✓b", "x"])
        for _ in 0..<3 { try database.undo() }
        #expect(try database.snapshot() == ["a", "b", "c"])
    }

    /// A task moved twice whose first place was taken: undoing the second move, then the first,
    /// and redoing both, each finds the task as the other left it.
    @Test(arguments: Backend.allCases)
    func aTaskMovedTwiceIsWalkedBackAndForthThroughATakenPlace(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.move(id: tasks[2].id, to: .before(tasks[0].id))
        let x = try database.create(text: "x")
        try database.move(id: tasks[2].id, to: .after(x.id))
        try database.remove(ids: [x.id])
        #expect(try database.snapshot() == ["a", "b", "c"])
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "x"))
        #expect(try database.undo() == Change(kind: .move, taskCount: 1, text: "c"))
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "x"))
        #expect(try database.undo() == Change(kind: .move, taskCount: 1, text: "c"))
        #expect(try database.snapshot() == ["a", "b", "c"])
        for _ in 0..<4 { try database.redo() }
        #expect(try database.snapshot() == ["a", "b", "c"])
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "x"))
        #expect(try database.snapshot() == ["a", "b", "x", "c"])
    }
}

/// A task removed, brought back by an import, and removed again: each removal undoes and redoes
/// on its own (an independent tester found the second one's redo lost on SQLite).
@Suite struct StorageSpecRemovedTwiceTests {
    @Test(arguments: Backend.allCases)
    func aTaskRemovedBroughtBackByAnImportAndRemovedAgainWalksBackAndForth(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["A", "B"])
        let file = tasks.map { TaskImport(id: $0.id, text: $0.text, createdAt: $0.createdAt) }
        try database.remove(ids: [tasks[0].id])
        try database.write { try $0.importTasks(file) }
        #expect(try database.texts() == ["A", "B"])
        try database.remove(ids: [tasks[0].id])
        #expect(try database.texts() == ["B"])
        for list in [["A", "B"], ["B"], ["A", "B"]] {
            try database.undo()
            #expect(try database.texts() == list)
        }
        for list in [["B"], ["A", "B"], ["B"]] {
            try database.redo()
            #expect(try database.texts() == list)
        }
    }
}
