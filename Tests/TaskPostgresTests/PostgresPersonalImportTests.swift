import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// An import on a shared list is one change of its author's, undone and redone by them alone, and
/// guarded like any other: neither goes ahead, changing nothing, when someone else changed one of
/// its tasks since.
@Suite struct PostgresPersonalImportTests {
    let alice: PostgresStorage
    let bob: PostgresStorage
    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    /// A new list that alice made and bob was given access to.
    init() throws {
        (alice, bob) = try PostgresTestServer.shared().listOfAliceAndBob()
    }

    @Test func undoOfAnImportRefusesWhenSomeoneElseChangedAnImportedTaskAndChangesNothing() throws {
        let milk = try bob.create(text: "milk")
        try alice.importTasks([TaskImport(id: milk.id, text: "oat milk", createdAt: milk.createdAt),
                               TaskImport(id: nil, text: "bread", createdAt: Self.created)])
        try bob.toggleFavorite(ids: [milk.id])
        let before = try alice.allTasks()
        #expect(throws: StoreError.changedSince(change: Change(kind: .importTasks, taskCount: 2), by: ["bob"],
                                                undoing: true)) {
            try alice.undo()
        }
        #expect(try alice.allTasks() == before)
        try bob.undo() // bob's favourite out of the way, alice's import can be undone
        #expect(try alice.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try alice.allTasks() == TaskList([milk]))
    }

    @Test func redoOfAnImportRefusesWhenSomeoneElseChangedAnImportedTaskSinceTheUndo() throws {
        let milk = try bob.create(text: "milk")
        try alice.importTasks([TaskImport(id: milk.id, text: "oat milk", createdAt: milk.createdAt)])
        try alice.undo()
        try bob.edit(id: milk.id, text: "soy milk")
        #expect(throws: StoreError.changedSince(change: Change(kind: .importTasks, taskCount: 1, text: "soy milk"),
                                                by: ["bob"], undoing: false)) {
            try alice.redo()
        }
        #expect(try alice.snapshot() == ["soy milk"])
        try bob.undo()
        #expect(try alice.redo() == Change(kind: .importTasks, taskCount: 1, text: "oat milk"))
        #expect(try alice.snapshot() == ["oat milk"])
    }

    @Test func aTaskYourImportAddedAndSomeoneElseBroughtBackAfterYourUndoBlocksYourRedo() throws {
        let known = UUID(uuidString: "0190A2B4-0000-7000-8000-000000000002")!
        try alice.importTasks([TaskImport(id: known, text: "a", createdAt: Self.created)])
        try alice.undo()
        #expect(try bob.importTasks([TaskImport(id: known, text: "b", createdAt: Self.created)]).effects == [.added])
        #expect(throws: StoreError.changedSince(change: Change(kind: .importTasks, taskCount: 1, text: "b"), by: ["bob"],
                                                undoing: false)) {
            try alice.redo()
        }
        try bob.undo()
        #expect(try alice.texts() == [])
        #expect(try alice.redo() == Change(kind: .importTasks, taskCount: 1, text: "a"))
        #expect(try alice.texts() == ["a"])
    }

    @Test func importsAndChangesOfTwoPeopleInterleavedAreEachUndoneByTheirAuthorExactly() throws {
        let start = try alice.fill(["a", "b"])
        try alice.importTasks([TaskImport(id: start[0].id, text: "A", isFavorite: true, createdAt: start[0].createdAt),
                               TaskImport(id: nil, text: "c", createdAt: Self.created)])
        let afterAlice = try alice.allTasks()
        try bob.importTasks([TaskImport(id: start[1].id, text: "B", doneAt: Self.created, createdAt: start[1].createdAt),
                             TaskImport(id: nil, text: "d", createdAt: Self.created)])
        try bob.create(text: "e")
        #expect(try alice.snapshot() == ["★A", "✓B", "c", "d", "e"])
        #expect(try alice.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try alice.snapshot() == ["a", "✓B", "d", "e"])
        #expect(try bob.undo() == Change(kind: .create, taskCount: 1, text: "e"))
        #expect(try bob.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try alice.allTasks() == TaskList(start))
        #expect(try alice.redo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try alice.allTasks() == afterAlice)
    }

    @Test func someoneElsesImportOfYourTaskBlocksYourUndoUntilTheyUndoIt() throws {
        let task = try alice.create(text: "milk")
        try bob.importTasks([TaskImport(id: task.id, text: "milk", isFavorite: true, createdAt: task.createdAt)])
        #expect(throws: StoreError.changedSince(change: Change(kind: .create, taskCount: 1, text: "milk"), by: ["bob"],
                                                undoing: true)) {
            try alice.undo()
        }
        #expect(try bob.undo() == Change(kind: .importTasks, taskCount: 1, text: "milk"))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "milk"))
        #expect(try alice.texts() == [])
    }

    @Test func aTaskYouRemovedAndSomeoneElseImportedBackCannotBeRestoredByYourUndo() throws {
        let tasks = try alice.fill(["a", "b"])
        try alice.remove(ids: [tasks[1].id])
        try bob.importTasks([TaskImport(id: tasks[1].id, text: "B", createdAt: tasks[1].createdAt)])
        #expect(throws: StoreError.changedSince(change: Change(kind: .remove, taskCount: 1, text: "B"), by: ["bob"],
                                                undoing: true)) {
            try alice.undo()
        }
        #expect(try alice.texts() == ["a", "B"])
    }
}
