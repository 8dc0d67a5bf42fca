import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// The operations of `TaskWriting`, on every backend.
@Suite struct StorageSpecOperationTests {
    @Test(arguments: Backend.allCases) func newStoreIsEmpty(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        #expect(try database.allTasks().isEmpty)
    }

    @Test(arguments: Backend.allCases) func createAppendsTasksInOrder(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.create(text: "Buy milk")
        try database.create(text: "Pay rent")
        try database.create(text: "Call mom")
        #expect(try database.texts() == ["Buy milk", "Pay rent", "Call mom"])
    }

    @Test(arguments: Backend.allCases) func firstTasksAreTheListsFirstRowsInOrder(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d", "e"])
        try database.remove(ids: [tasks[1].id])
        try database.move(id: tasks[4].id, to: .before(tasks[0].id))
        try database.toggleDone(ids: [tasks[2].id])
        let all = try database.allTasks()
        #expect(try database.read { try $0.firstTasks(3) } == TaskList(all.prefix(3)))
        #expect(try database.read { try $0.firstTasks(3) }.map(\.text) == ["e", "a", "c"])
        #expect(try database.read { try $0.firstTasks(0) }.isEmpty)
    }

    @Test(arguments: Backend.allCases) func tasksAtIndicesAreTheRowsThereByIndex(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d", "e", "f"])
        try database.remove(ids: [tasks[0].id])
        try database.move(id: tasks[5].id, to: .before(tasks[1].id))
        let all = try database.allTasks() // f b c d e
        let found = try database.read { try $0.tasks(at: [3...3, 0...1, 4...9]) }
        #expect(found == [0: all[0], 1: all[1], 3: all[3], 4: all[4]])
        #expect(found.mapValues(\.text) == [0: "f", 1: "b", 3: "d", 4: "e"])
        #expect(try database.read { try $0.tasks(at: [5...7]) }.isEmpty)
    }

    @Test(arguments: Backend.allCases) func firstTasksOfAShorterListAreTheWholeList(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.fill(["a", "b"])
        #expect(try database.read { try $0.firstTasks(10) } == database.allTasks())
    }

    @Test(arguments: Backend.allCases) func firstTasksSkipTheTasksAClearHid(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.fill(["old", "older"])
        try database.removeAll()
        try database.fill(["new", "newer", "newest"])
        #expect(try database.read { try $0.firstTasks(2) }.map(\.text) == ["new", "newer"])
    }

    @Test(arguments: Backend.allCases) func createReturnsTheStoredTask(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let task = try database.create(text: "Buy milk")
        #expect(task.text == "Buy milk")
        #expect(task.isFavorite == false)
        #expect(try database.allTasks() == [task])
    }

    @Test(arguments: Backend.allCases) func createGivesEachTaskItsOwnIdentity(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let first = try database.create(text: "same")
        let second = try database.create(text: "same")
        #expect(first.id != second.id)
    }

    @Test(arguments: Backend.allCases) func createStoresTextExactlyIncludingControlCharacters(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let hostile = "  \u{1B}[31mred\u{07}\r\u{8}\0 日本 ☕️ \u{202E}  "
        try database.create(text: hostile)
        #expect(try database.texts() == [hostile])
    }

    @Test(arguments: Backend.allCases) func createStoresAnEmptyText(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.create(text: "")
        #expect(try database.texts() == [""])
    }

    @Test(arguments: Backend.allCases) func editAndItsUndoKeepNULCharacters(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let task = try database.create(text: "a\0b")
        try database.edit(id: task.id, text: "c\0d")
        #expect(try database.texts() == ["c\0d"])
        #expect(try database.undo().text == "a\0b")
        #expect(try database.texts() == ["a\0b"])
    }

    @Test(arguments: Backend.allCases) func toggleFavoriteFlipsEachNamedTask(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        let b = try database.create(text: "b")
        let c = try database.create(text: "c")
        try database.toggleFavorite(ids: [a.id, c.id])
        #expect(try database.allTasks().map(\.isFavorite) == [true, false, true])
        try database.toggleFavorite(ids: [a.id, b.id])
        #expect(try database.allTasks().map(\.isFavorite) == [false, true, true])
    }

    @Test(arguments: Backend.allCases) func toggleFavoriteActsOnceOnARepeatedIdentity(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        try database.toggleFavorite(ids: [a.id, a.id])
        #expect(try database.allTasks().map(\.isFavorite) == [true])
    }

    @Test(arguments: Backend.allCases) func removeTakesTheNamedTasksAndKeepsTheOrderOfTheRest(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let ids = try ["a", "b", "c", "d", "e"].map { try database.create(text: $0).id }
        try database.remove(ids: [ids[1], ids[3]])
        #expect(try database.texts() == ["a", "c", "e"])
        try database.create(text: "f")
        #expect(try database.texts() == ["a", "c", "e", "f"])
    }

    @Test(arguments: Backend.allCases) func removeOfAMissingTaskChangesNothing(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        let b = try database.create(text: "b")
        try database.remove(ids: [b.id])
        #expect(throws: StoreError.tasksNotFound(ids: [b.id])) {
            try database.remove(ids: [a.id, b.id])
        }
        #expect(try database.texts() == ["a"])
    }

    @Test(arguments: Backend.allCases) func toggleFavoriteOfAMissingTaskChangesNothing(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        let ghost = UUID()
        #expect(throws: StoreError.tasksNotFound(ids: [ghost])) {
            try database.toggleFavorite(ids: [a.id, ghost])
        }
        #expect(try database.allTasks().map(\.isFavorite) == [false])
    }

    @Test(arguments: Backend.allCases) func removeAllEmptiesTheListAndCountsTasks(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        for text in ["a", "b", "c"] { try database.create(text: text) }
        #expect(try database.removeAll() == 3)
        #expect(try database.allTasks().isEmpty)
    }

    @Test(arguments: Backend.allCases) func removeAllOfAnEmptyListRecordsNoChange(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        #expect(try database.removeAll() == 0)
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
    }

    @Test(arguments: Backend.allCases) func editReplacesTheTextAndKeepsThePlaceAndFavourite(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        try database.create(text: "b")
        try database.toggleFavorite(ids: [a.id])
        try database.edit(id: a.id, text: "A!")
        let tasks = try database.allTasks()
        #expect(tasks.map(\.text) == ["A!", "b"])
        #expect(tasks[0].id == a.id && tasks[0].isFavorite)
    }

    @Test(arguments: Backend.allCases) func editToACanonicallyEquivalentTextStoresTheNewBytes(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let task = try database.create(text: "e\u{301}") // e and a combining acute accent
        try database.edit(id: task.id, text: "\u{E9}") // é as one code point: equal as Swift strings
        #expect(try database.allTasks().map { Array($0.text.utf8) } == [Array("\u{E9}".utf8)])
    }

    @Test(arguments: Backend.allCases) func editOfAMissingTaskThrows(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let ghost = UUID()
        #expect(throws: StoreError.tasksNotFound(ids: [ghost])) { try database.edit(id: ghost, text: "x") }
    }

    @Test(arguments: Backend.allCases) func taskLooksUpOnlyTasksInTheList(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        #expect(try database.read { try $0.task(id: a.id) } == a)
        try database.remove(ids: [a.id])
        #expect(try database.read { try $0.task(id: a.id) } == nil)
    }

    @Test(arguments: Backend.allCases) func countCountsTasksInTheList(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        try database.create(text: "b")
        try database.remove(ids: [a.id])
        #expect(try database.read { try $0.count() } == 1)
    }

    @Test(arguments: Backend.allCases) func removedIdentitiesAreNeverReused(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let a = try database.create(text: "a")
        let b = try database.create(text: "b")
        try database.remove(ids: [b.id])
        let c = try database.create(text: "c")
        #expect(c.id != b.id)
    }
}
