import Foundation
import Synchronization
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

/// `interrupt()`: a user's Ctrl-C stops a long change, which then changes nothing.
@Suite struct StorageSpecInterruptTests {
    @Test(arguments: Backend.allCases) func anInterruptedWriteChangesNothing(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        try database.create(text: "kept")
        let started = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Void, Error>?>(nil)
        let writer = Thread {
            let result = Result<Void, Error> {
                try database.write { store in
                    for index in 0..<2_000_000 {
                        try store.create(text: "\(index)")
                        if index == 100 { started.signal() }
                    }
                }
            }
            outcome.withLock { $0 = result }
            started.signal()
        }
        writer.start()
        started.wait()
        database.interrupt()
        while outcome.withLock({ $0 == nil }) { Thread.sleep(forTimeInterval: 0.01) }
        #expect(throws: StoreError.interrupted(path: database.location)) { try outcome.withLock { try $0?.get() } }
        #expect(try database.texts() == ["kept"])
        try database.create(text: "next") // the request is forgotten once its transaction ended
        #expect(try database.texts() == ["kept", "next"])
    }
}

extension StorageSpecInterruptTests {
    @Test(arguments: Backend.allCases) func anInterruptWhileNothingRunsIsDropped(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        database.interrupt()
        try database.create(text: "still saved")
        #expect(try database.texts() == ["still saved"])
    }
}
