import Foundation
import Testing
@testable import TaskModel

@Suite struct TaskDatabaseTransactionTests {
    struct ScriptFailure: Error {}

    @Test func writeAppliesManyOperationsInOneTransaction() throws {
        let database = try TaskDatabase.inMemory()
        try database.write { store in
            let a = try store.create(text: "a")
            try store.create(text: "b")
            try store.toggleFavorite(ids: [a.id])
        }
        #expect(try database.allTasks().map(\.text) == ["a", "b"])
    }

    @Test func writeRollsBackEverythingWhenItsBodyThrows() throws {
        let database = try TaskDatabase.inMemory()
        try database.create(text: "kept")
        #expect(throws: ScriptFailure.self) {
            try database.write { store in
                try store.create(text: "lost")
                try store.removeAll()
                throw ScriptFailure()
            }
        }
        #expect(try database.allTasks().map(\.text) == ["kept"])
    }

    @Test func savepointUndoesOnlyTheFailingPart() throws {
        let database = try TaskDatabase.inMemory()
        try database.write { store in
            try store.create(text: "a")
            _ = try? store.savepoint {
                try store.create(text: "skipped")
                throw ScriptFailure()
            }
            try store.create(text: "b")
        }
        #expect(try database.allTasks().map(\.text) == ["a", "b"])
        #expect(try database.allTasks().map(\.position) == [1, 2])
    }

    @Test func aClearRolledBackBySavepointLeavesTheListAsItWas() throws {
        let database = try TaskDatabase.inMemory()
        try database.write { store in
            try store.create(text: "a")
            _ = try? store.savepoint {
                try store.removeAll()
                throw ScriptFailure()
            }
            try store.create(text: "b")
        }
        #expect(try database.allTasks().map(\.text) == ["a", "b"])
        try database.undo()
        try database.undo()
        #expect(throws: TaskDatabaseError.nothingToUndo) { try database.undo() }
    }

    @Test func savepointRethrowsTheBodysError() throws {
        let database = try TaskDatabase.inMemory()
        #expect(throws: ScriptFailure.self) {
            try database.write { store in try store.savepoint { throw ScriptFailure() } }
        }
    }
}
