import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// `importTasks`: many tasks as one step, added, updated or brought back, on every backend.
@Suite struct StorageSpecImportTests {
    static let created = Date(timeIntervalSince1970: 1_700_000_000)
    static let done = Date(timeIntervalSince1970: 1_700_086_400)
    static let known = UUID(uuidString: "0190A2B4-0000-7000-8000-000000000001")!

    @Test(arguments: Backend.allCases) func newTasksAreAppendedInOrderWithEveryValueGiven(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["a"])
        let outcome = try database.importTasks([
            TaskImport(id: Self.known, text: "b\n(A) x", isFavorite: true, doneAt: Self.done, createdAt: Self.created,
                       foreign: ["todo.txt": "B", "icalendar": ""]),
            TaskImport(id: nil, text: "c", createdAt: Self.created),
        ])
        #expect(outcome.effects == [.added, .added])
        let tasks = try database.allTasks()
        #expect(tasks.map(\.text) == ["a", "b\n(A) x", "c"])
        #expect(tasks[1] == TaskItem(id: Self.known, text: "b\n(A) x", isFavorite: true, doneAt: Self.done,
                                     createdAt: Self.created, foreign: ["todo.txt": "B"]))
        #expect(tasks[2].id != Self.known && tasks[2].createdAt == Self.created && tasks[2].foreign.isEmpty)
    }

    @Test(arguments: Backend.allCases) func aKnownIdentityIsUpdatedInPlaceKeepingOtherFormatsFields(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.importTasks([TaskImport(id: Self.known, text: "old", createdAt: Self.created,
                                             foreign: ["taskwarrior": "{}", "todo.txt": "C"])])
        _ = try database.fill(["after"])
        let outcome = try database.importTasks([
            TaskImport(id: nil, text: "new", createdAt: Self.created),
            TaskImport(id: Self.known, text: "changed", doneAt: Self.done, createdAt: Self.created, foreign: ["todo.txt": ""]),
        ])
        #expect(outcome.effects == [.added, .updated])
        #expect(try database.snapshot() == ["✓changed", "after", "new"])
        #expect(try database.allTasks()[0].foreign == ["taskwarrior": "{}"])
    }

    @Test(arguments: Backend.allCases) func theImportIsOneStepThatUndoAndRedoRevertExactly(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.toggleFavorite(ids: [tasks[0].id])
        let before = try database.allTasks()
        try database.importTasks([
            TaskImport(id: tasks[0].id, text: "A", doneAt: Self.done, createdAt: Self.created, foreign: ["todo.txt": "B"]),
            TaskImport(id: nil, text: "c", createdAt: Self.created),
            TaskImport(id: Self.known, text: "d", isFavorite: true, createdAt: Self.created),
        ])
        let after = try database.allTasks()
        #expect(try database.undo() == Change(kind: .importTasks, taskCount: 3))
        #expect(try database.allTasks() == before)
        #expect(try database.redo() == Change(kind: .importTasks, taskCount: 3))
        #expect(try database.allTasks() == after)
        try database.undo()
        #expect(try database.undo() == Change(kind: .toggleFavorite, taskCount: 1, text: "a", isSet: false))
    }

    @Test(arguments: Backend.allCases) func anImportOfOneTaskNamesItInUndo(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.importTasks([TaskImport(id: nil, text: "only", createdAt: Self.created)])
        #expect(try database.undo() == Change(kind: .importTasks, taskCount: 1, text: "only"))
        #expect(try database.snapshot() == [])
        #expect(try database.redo() == Change(kind: .importTasks, taskCount: 1, text: "only"))
    }

    @Test(arguments: Backend.allCases) func anImportThatChangesNothingRecordsNoStepAndKeepsRedo(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.importTasks([TaskImport(id: Self.known, text: "same", createdAt: Self.created)])
        _ = try database.fill(["x"])
        try database.undo()
        let outcome = try database.importTasks([TaskImport(id: Self.known, text: "same", createdAt: Self.created)])
        #expect(outcome.effects == [.unchanged])
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "x"))
    }

    @Test(arguments: Backend.allCases) func aRemovedTaskIsBroughtBackInItsPlaceAndUndoHidesItAgain(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.remove(ids: [tasks[1].id])
        let outcome = try database.importTasks([TaskImport(id: tasks[1].id, text: "B", createdAt: tasks[1].createdAt)])
        #expect(outcome.effects == [.added])
        #expect(try database.texts() == ["a", "B", "c"])
        try database.undo()
        #expect(try database.texts() == ["a", "c"])
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "b"))
        #expect(try database.texts() == ["a", "b", "c"])
    }

    @Test(arguments: Backend.allCases) func clearedTasksAreBroughtBackAndUndoClearsThemAgain(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.removeAll()
        try database.importTasks(tasks.map { TaskImport(id: $0.id, text: $0.text, createdAt: $0.createdAt) })
        #expect(try database.allTasks() == TaskList(tasks))
        try database.undo()
        #expect(try database.texts() == [])
        try database.undo()
        #expect(try database.allTasks() == TaskList(tasks))
        try database.redo()
        try database.redo()
        #expect(try database.allTasks() == TaskList(tasks))
    }

    @Test(arguments: Backend.allCases) func foreignFieldsKeepAnyTextExactly(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let odd = "a\u{0}b:12:é\n"
        try database.importTasks([TaskImport(id: nil, text: "t", createdAt: Self.created, foreign: [odd: odd, "k": "v"])])
        #expect(try database.allTasks()[0].foreign == [odd: odd, "k": "v"])
    }

    @Test(arguments: Backend.allCases) func editsAndMovesKeepForeignFields(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        _ = try database.fill(["a"])
        try database.importTasks([TaskImport(id: Self.known, text: "t", createdAt: Self.created, foreign: ["k": "v"])])
        try database.edit(id: Self.known, text: "u")
        let first = try database.allTasks()[0].id
        try database.move(id: Self.known, to: .before(first))
        #expect(try database.allTasks()[0].foreign == ["k": "v"])
    }
}
