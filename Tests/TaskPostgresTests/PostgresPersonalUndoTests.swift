import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// Undo and redo on a shared list are each person's own: alice's undo reverts alice's latest change
/// and never bob's, and refuses, changing nothing, when bob changed a task of hers since.
@Suite struct PostgresPersonalUndoTests {
    let alice: PostgresStorage
    let bob: PostgresStorage

    /// A new list that alice made and bob was given access to.
    init() throws {
        (alice, bob) = try PostgresTestServer.shared().listOfAliceAndBob()
    }

    @Test func eachPersonIsKnownByTheirRole() {
        #expect(alice.person == "alice")
        #expect(bob.person == "bob")
    }

    @Test func peopleSharingOneRoleAreToldApartByTheNameTheyGive() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase(owner: "alice")
        let ann = try PostgresStorage(server.url(database: database, user: "alice"), person: "ann")
        let cy = try PostgresStorage(server.url(database: database, user: "alice"), person: "cy")
        #expect(ann.person == "ann" && cy.person == "cy")
        let task = try ann.create(text: "milk")
        try cy.edit(id: task.id, text: "oat milk")
        #expect(throws: StoreError.changedSince(change: Change(kind: .create, taskCount: 1, text: "oat milk"), by: ["cy"],
                                                undoing: true)) {
            try ann.undo()
        }
        #expect(try cy.undo() == Change(kind: .edit, taskCount: 1, text: "milk"))
        #expect(throws: StoreError.nothingToUndo) { try cy.undo() }
        #expect(try ann.undo() == Change(kind: .create, taskCount: 1, text: "milk"))
        #expect(try ann.texts() == [])
    }

    @Test func undoRevertsOnlyYourOwnLatestChange() throws {
        try alice.create(text: "a")
        try bob.create(text: "b")
        try alice.create(text: "c")
        #expect(try bob.undo() == Change(kind: .create, taskCount: 1, text: "b"))
        #expect(try alice.texts() == ["a", "c"])
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "c"))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "a"))
        #expect(throws: StoreError.nothingToUndo) { try alice.undo() }
        #expect(try bob.redo() == Change(kind: .create, taskCount: 1, text: "b"))
        #expect(try bob.texts() == ["b"])
    }

    @Test func undoRefusesWhenSomeoneElseChangedTheTaskSinceAndChangesNothing() throws {
        let task = try alice.create(text: "milk")
        try bob.edit(id: task.id, text: "oat milk")
        #expect(throws: StoreError.changedSince(change: Change(kind: .create, taskCount: 1, text: "oat milk"), by: ["bob"],
                                                undoing: true)) {
            try alice.undo()
        }
        #expect(try alice.texts() == ["oat milk"])
        try bob.undo() // bob's edit out of the way, alice's add can be undone
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "milk"))
        #expect(try alice.texts() == [])
    }

    @Test func redoRefusesWhenSomeoneElseChangedTheTaskSinceTheUndo() throws {
        let task = try alice.create(text: "milk")
        try alice.toggleFavorite(ids: [task.id])
        try alice.undo()
        try bob.toggleDone(ids: [task.id])
        #expect(throws: StoreError.changedSince(change: Change(kind: .toggleFavorite, taskCount: 1, text: "milk", isSet: false),
                                                by: ["bob"], undoing: false)) {
            try alice.redo()
        }
        #expect(try alice.snapshot() == ["✓milk"])
        try bob.undo()
        #expect(try alice.redo() == Change(kind: .toggleFavorite, taskCount: 1, text: "milk", isSet: true))
        #expect(try alice.snapshot() == ["★milk"])
    }

    @Test func aRefusedRedoOfManyTasksSaysHowManyTheChangeTouched() throws {
        let tasks = try alice.fill(["a", "b", "c"])
        try alice.remove(ids: tasks.map(\.id))
        try alice.undo()
        try bob.edit(id: tasks[1].id, text: "B")
        #expect(throws: StoreError.changedSince(change: Change(kind: .remove, taskCount: 3), by: ["bob"], undoing: false)) {
            try alice.redo()
        }
        #expect(try alice.texts() == ["a", "B", "c"])
    }

    @Test func someoneElsesNewChangeKeepsYourRedo() throws {
        try alice.create(text: "a")
        try alice.undo()
        try bob.create(text: "b")
        #expect(try alice.redo() == Change(kind: .create, taskCount: 1, text: "a"))
        #expect(try alice.texts() == ["a", "b"]) // back in its place
    }

    @Test func yourNewChangeDropsOnlyYourOwnRedo() throws {
        try alice.create(text: "a")
        try bob.create(text: "b")
        try alice.undo()
        try bob.undo()
        try alice.create(text: "c")
        #expect(throws: StoreError.nothingToRedo) { try alice.redo() }
        #expect(try bob.redo() == Change(kind: .create, taskCount: 1, text: "b"))
        #expect(try alice.texts() == ["b", "c"])
    }

    @Test func undoOfAClearBringsBackWhatItClearedAndKeepsWhatOthersAddedSince() throws {
        _ = try alice.fill(["a", "b"])
        try alice.removeAll()
        try bob.create(text: "c")
        #expect(try alice.undo() == Change(kind: .removeAll, taskCount: 2))
        #expect(try alice.texts() == ["a", "b", "c"])
    }

    @Test func aTaskSomeoneElseRemovedCannotBeChangedBackByYourUndo() throws {
        let task = try alice.create(text: "a")
        try alice.edit(id: task.id, text: "A")
        try bob.remove(ids: [task.id])
        // The task is no longer in the list: the refusal names it as alice's edit left it.
        #expect(throws: StoreError.changedSince(change: Change(kind: .edit, taskCount: 1, text: "A"), by: ["bob"],
                                                undoing: true)) {
            try alice.undo()
        }
        #expect(try alice.texts() == [])
    }

    @Test func eachPersonKeepsTheirOwnThousandLatestChanges() throws {
        try alice.write { store in for index in 0..<1_100 { try store.create(text: "a\(index)") } }
        try bob.create(text: "b")
        try alice.write { store in for _ in 0..<1_000 { try store.undo() } }
        #expect(throws: StoreError.nothingToUndo) { try alice.undo() }
        #expect(try bob.undo() == Change(kind: .create, taskCount: 1, text: "b"))
        #expect(try alice.read { try $0.count() } == 100)
    }

    /// An independent tester found the refusal saying "someone else" when the change in the way was
    /// another person's undo.
    @Test func aRefusalNamesWhoseUndoWasInTheWay() throws {
        let tasks = try alice.fill(["A", "B", "C"])
        try bob.move(id: tasks[2].id, to: .before(tasks[1].id))
        try alice.move(id: tasks[2].id, to: .before(tasks[0].id))
        try bob.toggleFavorite(ids: [tasks[2].id])
        try bob.undo()
        #expect(try alice.undo() == Change(kind: .move, taskCount: 1, text: "C"))
        #expect(throws: StoreError.changedSince(change: Change(kind: .toggleFavorite, taskCount: 1, text: "C", isSet: false),
                                                by: ["alice"], undoing: false)) {
            try bob.redo()
        }
    }
}
