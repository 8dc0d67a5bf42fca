import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// Transactions and savepoints, on every backend.
@Suite struct StorageSpecTransactionTests {
    struct ScriptFailure: Error {}

    @Test(arguments: Backend.allCases) func writeAppliesManyOperationsInOneTransaction(_ backend: Backend) throws {
        let database = try backend.makeStorage()
                try database.write { store in
            let a = try store.create(text: "a")
            try store.create(text: "b")
            try store.toggleFavorite(ids: [a.id])
        }
        #expect(try database.allTasks().map(\.text) == ["a", "b"])
    }

    @Test(arguments: Backend.allCases) func writeRollsBackEverythingWhenItsBodyThrows(_ backend: Backend) throws {
        let database = try backend.makeStorage()
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

    @Test(arguments: Backend.allCases) func savepointUndoesOnlyTheFailingPart(_ backend: Backend) throws {
        let database = try backend.makeStorage()
                try database.write { store in
            try store.create(text: "a")
            _ = try? store.savepoint {
                try store.create(text: "skipped")
                throw ScriptFailure()
            }
            try store.create(text: "b")
        }
        #expect(try database.allTasks().map(\.text) == ["a", "b"])
    }

    @Test(arguments: Backend.allCases) func aClearRolledBackBySavepointLeavesTheListAsItWas(_ backend: Backend) throws {
        let database = try backend.makeStorage()
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
        #expect(throws: StoreError.nothingToUndo) { try database.undo() }
    }

    @Test(arguments: Backend.allCases) func savepointRethrowsTheBodysError(_ backend: Backend) throws {
        let database = try backend.makeStorage()
                #expect(throws: ScriptFailure.self) {
            try database.write { store in try store.savepoint { throw ScriptFailure() } }
        }
    }
}
