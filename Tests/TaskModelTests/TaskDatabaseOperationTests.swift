import Foundation
import Testing
@testable import TaskModel

@Suite struct TaskDatabaseOperationTests {
    let database: TaskDatabase

    init() throws { database = try TaskDatabase.inMemory() }

    private func texts() throws -> [String] { try database.allTasks().map(\.text) }

    @Test func newStoreIsEmpty() throws {
        #expect(try database.allTasks().isEmpty)
    }

    @Test func createAppendsTasksInOrder() throws {
        try database.create(text: "Buy milk")
        try database.create(text: "Pay rent")
        try database.create(text: "Call mom")
        #expect(try texts() == ["Buy milk", "Pay rent", "Call mom"])
    }

    @Test func createReturnsTheStoredTask() throws {
        let task = try database.create(text: "Buy milk")
        #expect(task.text == "Buy milk")
        #expect(task.isFavorite == false)
        #expect(try database.allTasks() == [task])
    }

    @Test func createGivesEachTaskItsOwnIdentity() throws {
        let first = try database.create(text: "same")
        let second = try database.create(text: "same")
        #expect(first.id != second.id)
    }

    @Test func createStoresTextExactlyIncludingControlCharacters() throws {
        let hostile = "  \u{1B}[31mred\u{07}\r\u{8}\0 日本 ☕️ \u{202E}  "
        try database.create(text: hostile)
        #expect(try texts() == [hostile])
    }

    @Test func createStoresAnEmptyText() throws {
        try database.create(text: "")
        #expect(try texts() == [""])
    }

    @Test func editAndItsUndoKeepNULCharacters() throws {
        let task = try database.create(text: "a\0b")
        try database.edit(id: task.id, text: "c\0d")
        #expect(try texts() == ["c\0d"])
        #expect(try database.undo().text == "a\0b")
        #expect(try texts() == ["a\0b"])
    }

    @Test func toggleFavoriteFlipsEachNamedTask() throws {
        let a = try database.create(text: "a")
        let b = try database.create(text: "b")
        let c = try database.create(text: "c")
        try database.toggleFavorite(ids: [a.id, c.id])
        #expect(try database.allTasks().map(\.isFavorite) == [true, false, true])
        try database.toggleFavorite(ids: [a.id, b.id])
        #expect(try database.allTasks().map(\.isFavorite) == [false, true, true])
    }

    @Test func toggleFavoriteActsOnceOnARepeatedIdentity() throws {
        let a = try database.create(text: "a")
        try database.toggleFavorite(ids: [a.id, a.id])
        #expect(try database.allTasks().map(\.isFavorite) == [true])
    }

    @Test func removeTakesTheNamedTasksAndKeepsTheOrderOfTheRest() throws {
        let ids = try ["a", "b", "c", "d", "e"].map { try database.create(text: $0).id }
        try database.remove(ids: [ids[1], ids[3]])
        #expect(try texts() == ["a", "c", "e"])
        try database.create(text: "f")
        #expect(try texts() == ["a", "c", "e", "f"])
    }

    @Test func removeOfAMissingTaskChangesNothing() throws {
        let a = try database.create(text: "a")
        let b = try database.create(text: "b")
        try database.remove(ids: [b.id])
        #expect(throws: TaskDatabaseError.tasksNotFound(ids: [b.id])) {
            try database.remove(ids: [a.id, b.id])
        }
        #expect(try texts() == ["a"])
    }

    @Test func toggleFavoriteOfAMissingTaskChangesNothing() throws {
        let a = try database.create(text: "a")
        #expect(throws: TaskDatabaseError.tasksNotFound(ids: [999])) {
            try database.toggleFavorite(ids: [a.id, 999])
        }
        #expect(try database.allTasks().map(\.isFavorite) == [false])
    }

    @Test func removeAllEmptiesTheListAndCountsTasks() throws {
        for text in ["a", "b", "c"] { try database.create(text: text) }
        #expect(try database.removeAll() == 3)
        #expect(try database.allTasks().isEmpty)
    }

    @Test func removeAllOfAnEmptyListRecordsNoChange() throws {
        #expect(try database.removeAll() == 0)
        #expect(throws: TaskDatabaseError.nothingToUndo) { try database.undo() }
    }

    @Test func editReplacesTheTextAndKeepsThePlaceAndFavourite() throws {
        let a = try database.create(text: "a")
        try database.create(text: "b")
        try database.toggleFavorite(ids: [a.id])
        try database.edit(id: a.id, text: "A!")
        let tasks = try database.allTasks()
        #expect(tasks.map(\.text) == ["A!", "b"])
        #expect(tasks[0].id == a.id && tasks[0].isFavorite)
    }

    @Test func editToACanonicallyEquivalentTextStoresTheNewBytes() throws {
        let task = try database.create(text: "e\u{301}") // e and a combining acute accent
        try database.edit(id: task.id, text: "\u{E9}") // é as one code point: equal as Swift strings
        #expect(try database.allTasks().map { Array($0.text.utf8) } == [Array("\u{E9}".utf8)])
    }

    @Test func editOfAMissingTaskThrows() throws {
        #expect(throws: TaskDatabaseError.tasksNotFound(ids: [7])) { try database.edit(id: 7, text: "x") }
    }

    @Test func taskLooksUpOnlyTasksInTheList() throws {
        let a = try database.create(text: "a")
        #expect(try database.read { try $0.task(id: a.id) } == a)
        try database.remove(ids: [a.id])
        #expect(try database.read { try $0.task(id: a.id) } == nil)
    }

    @Test func missingNamesTheIdentitiesNotInTheList() throws {
        let a = try database.create(text: "a")
        let b = try database.create(text: "b")
        try database.remove(ids: [a.id])
        #expect(try database.read { try $0.missing(ids: [b.id, a.id, 42]) } == [a.id, 42])
    }

    @Test func countCountsTasksInTheList() throws {
        let a = try database.create(text: "a")
        try database.create(text: "b")
        try database.remove(ids: [a.id])
        #expect(try database.read { try $0.count() } == 1)
    }

    @Test func removedIdentitiesAreNeverReused() throws {
        let a = try database.create(text: "a")
        let b = try database.create(text: "b")
        try database.remove(ids: [b.id])
        let c = try database.create(text: "c")
        #expect(c.id != b.id)
        #expect(c.id > a.id)
    }
}
