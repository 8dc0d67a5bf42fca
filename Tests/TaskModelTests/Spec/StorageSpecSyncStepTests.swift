import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// A sync's changes to the local list, on every backend: tasks added, updated and removed by
/// `importTasks(_:removing:from:at:)` as one step of the undo history, a `sync` one.
@Suite struct StorageSpecSyncStepTests {
    static let created = Date(timeIntervalSince1970: 1_700_000_000)
    static let now = Date(timeIntervalSince1970: 1_700_100_000)
    static let unknown = UUID(uuidString: "0190A2B4-0000-7000-8000-0000000000FF")!
    static let fromServer = UUID(uuidString: "0190A2B4-0000-7000-8000-000000000010")!

    @Test(arguments: Backend.allCases) func addsUpdatesAndRemovesAsOneStepThatUndoAndRedoRevertExactly(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        let before = try database.allTasks()
        let outcome = try database.sync([
            TaskImport(id: tasks[0].id, text: "A", isFavorite: true, createdAt: tasks[0].createdAt),
            TaskImport(id: Self.fromServer, text: "e", createdAt: Self.created),
        ], removing: [tasks[1].id, tasks[3].id])
        #expect(outcome == ImportOutcome(effects: [.updated, .added], removedCount: 2))
        #expect(try database.snapshot() == ["★A", "c", "e"])
        let after = try database.allTasks()
        #expect(try database.undo() == Change(kind: .sync, taskCount: 4))
        #expect(try database.allTasks() == before)
        #expect(try database.redo() == Change(kind: .sync, taskCount: 4))
        #expect(try database.allTasks() == after)
        try database.undo()
        #expect(try database.undo() == Change(kind: .create, taskCount: 1, text: "d"))
    }

    @Test(arguments: Backend.allCases) func aSyncThatOnlyRemovesOneTaskNamesItInUndo(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        let outcome = try database.sync([], removing: [tasks[1].id])
        #expect(outcome == ImportOutcome(effects: [], removedCount: 1))
        #expect(try database.texts() == ["a", "c"])
        #expect(try database.undo() == Change(kind: .sync, taskCount: 1, text: "b"))
        #expect(try database.allTasks() == TaskList(tasks))
        #expect(try database.redo() == Change(kind: .sync, taskCount: 1, text: "b"))
        #expect(try database.texts() == ["a", "c"])
    }

    @Test(arguments: Backend.allCases) func identitiesNotInTheListArePassedOverAndOneNamedTwiceIsRemovedOnce(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.remove(ids: [tasks[1].id])
        let outcome = try database.sync([], removing: [tasks[1].id, Self.unknown, tasks[0].id, tasks[0].id])
        #expect(outcome == ImportOutcome(effects: [], removedCount: 1))
        #expect(try database.texts() == [])
        #expect(try database.undo() == Change(kind: .sync, taskCount: 1, text: "a"))
        #expect(try database.texts() == ["a"])
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "b"))
    }

    @Test(arguments: Backend.allCases) func aSyncThatChangesNothingRecordsNoStepAndKeepsRedo(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "x"])
        try database.undo()
        let outcome = try database.sync([TaskImport(id: tasks[0].id, text: "a", createdAt: tasks[0].createdAt)],
                                        removing: [tasks[1].id, Self.unknown])
        #expect(outcome == ImportOutcome(effects: [.unchanged], removedCount: 0))
        #expect(try database.redo() == Change(kind: .create, taskCount: 1, text: "x"))
    }

    @Test(arguments: Backend.allCases) func aTaskRemovedByASyncIsBroughtBackInItsPlaceByTheNextOne(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.sync([], removing: [tasks[1].id])
        let outcome = try database.sync([TaskImport(id: tasks[1].id, text: "B", createdAt: tasks[1].createdAt)], removing: [])
        #expect(outcome == ImportOutcome(effects: [.added], removedCount: 0))
        #expect(try database.texts() == ["a", "B", "c"])
        #expect(try database.undo() == Change(kind: .sync, taskCount: 1, text: "B"))
        #expect(try database.texts() == ["a", "c"])
    }

    @Test(arguments: Backend.allCases) func anImportFromAFileThatRemovesIsAnImportStep(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.write {
            try $0.importTasks([TaskImport(id: nil, text: "c", createdAt: Self.created)], removing: [tasks[0].id],
                               from: .file, at: Self.now)
        }
        #expect(try database.texts() == ["b", "c"])
        #expect(try database.undo() == Change(kind: .importTasks, taskCount: 2))
        #expect(try database.allTasks() == TaskList(tasks))
    }

    /// The engine decides each identity once: asking for both is its mistake, never the data's.
    @Test func removingATaskAndImportingItInOneSyncStopsTheProcess() async throws {
        await #expect(processExitsWith: .failure) {
            let database = try Backend.sqliteInMemory.makeStorage()
            let task = try database.create(text: "a")
            try database.sync([TaskImport(id: task.id, text: "b", createdAt: task.createdAt)], removing: [task.id])
        }
    }
}

private extension TaskStorage {
    /// A sync's changes, in a transaction of their own, at a fixed time.
    @discardableResult
    func sync(_ tasks: [TaskImport], removing: [TaskItem.ID]) throws -> ImportOutcome {
        try write { try $0.importTasks(tasks, removing: removing, from: .sync, at: StorageSpecSyncStepTests.now) }
    }
}

/// What a store says it never held, on every backend: a sync tells by it a task removed here from
/// one of a store replaced, which it must not remove on the server.
@Suite struct StorageSpecTraceTests {
    static let unknown = StorageSpecSyncStepTests.unknown

    @Test(arguments: Backend.allCases) func aTaskInTheListOrRemovedFromItIsTracedAndOneNeverHeldIsNot(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["kept", "removed", "cleared", "removed and brought back"])
        try database.remove(ids: [tasks[1].id])
        try database.remove(ids: [tasks[3].id])
        try database.undo()
        _ = try database.removeAll()
        let ids = [Self.unknown] + tasks.map(\.id) + [Self.unknown]
        #expect(try database.read { try $0.untraced(ids) } == [Self.unknown, Self.unknown])
        #expect(try database.read { try $0.untraced([]) } == [])
    }

    /// Its adding undone, and then forgotten by the next change (no redo): still traced, so that a
    /// sync removes it there (found by an independent tester), until the kept history passes it.
    @Test(arguments: Backend.allCases) func aTaskWhoseAddingWasUndoneStaysTracedUntilTheHistoryPassesIt(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let task = try database.create(text: "a")
        try database.undo()
        #expect(try database.read { try $0.untraced([task.id]) } == [])
        try database.create(text: "b")
        #expect(try database.read { try $0.untraced([task.id]) } == [])
        #expect(try database.read { try $0.task(id: task.id) } == nil)
        #expect(throws: StoreError.nothingToRedo) { try database.redo() }
        try database.write { store in
            for index in 0..<1_100 { _ = try store.create(text: "\(index)") }
        }
        #expect(try database.read { try $0.untraced([task.id]) } == [task.id])
    }
}
