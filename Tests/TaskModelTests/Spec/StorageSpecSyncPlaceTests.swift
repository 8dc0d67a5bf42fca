import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// A sync's placements, on every backend: tasks put next to others by
/// `importTasks(_:removing:placing:from:at:)`, after its imports and removals, in the same step of
/// the undo history, which undo and redo revert and apply exactly.
@Suite struct StorageSpecSyncPlaceTests {
    static let created = Date(timeIntervalSince1970: 1_700_000_000)
    static let now = Date(timeIntervalSince1970: 1_700_100_000)
    static let edited = Date(timeIntervalSince1970: 1_700_050_000)
    static let unknown = UUID(uuidString: "0190A2B4-0000-7000-8000-0000000000FF")!
    static let fromServer = UUID(uuidString: "0190A2B4-0000-7000-8000-000000000010")!
    static let alsoFromServer = UUID(uuidString: "0190A2B4-0000-7000-8000-000000000011")!

    @Test(arguments: Backend.allCases) func aNewTaskIsPlacedBetweenTwoInsteadOfAppended(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        let before = try database.allTasks()
        let outcome = try database.sync([TaskImport(id: Self.fromServer, text: "n", createdAt: Self.created)],
                                        placing: [(Self.fromServer, .after(tasks[0].id))])
        #expect(outcome == ImportOutcome(effects: [.added], placedCount: 1))
        #expect(try database.texts() == ["a", "n", "b", "c"])
        #expect(try database.read { try $0.task(id: Self.fromServer) }
            == TaskItem(id: Self.fromServer, text: "n", createdAt: Self.created))
        try expectUndoAndRedoExact(database, before: before, change: Change(kind: .sync, taskCount: 1, text: "n"))
    }

    @Test(arguments: Backend.allCases) func existingTasksAreMovedToTheTopAndToTheEndAndChangedThen(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        let before = try database.allTasks()
        let outcome = try database.sync([], placing: [(tasks[2].id, .before(tasks[0].id)), (tasks[1].id, .after(tasks[3].id))])
        #expect(outcome == ImportOutcome(effects: [], placedCount: 2))
        #expect(try database.texts() == ["c", "a", "d", "b"])
        #expect(try database.allTasks().map(\.modifiedAt) == [Self.now, nil, nil, Self.now])
        try expectUndoAndRedoExact(database, before: before, change: Change(kind: .sync, taskCount: 2))
    }

    @Test(arguments: Backend.allCases) func eachPlacementIsAppliedToTheListTheOnesBeforeLeft(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        let before = try database.allTasks()
        let outcome = try database.sync([TaskImport(id: Self.fromServer, text: "n", createdAt: Self.created),
                                         TaskImport(id: Self.alsoFromServer, text: "m", createdAt: Self.created)],
                                        placing: [(tasks[0].id, .after(tasks[2].id)), (tasks[1].id, .after(tasks[0].id)),
                                                  (Self.alsoFromServer, .before(tasks[2].id)),
                                                  (Self.fromServer, .before(Self.alsoFromServer))])
        #expect(outcome == ImportOutcome(effects: [.added, .added], placedCount: 4))
        #expect(try database.texts() == ["n", "m", "c", "a", "b"])
        try expectUndoAndRedoExact(database, before: before, change: Change(kind: .sync, taskCount: 4))
    }

    @Test(arguments: Backend.allCases) func placementsFollowTheUpdatesAndRemovalsOfTheSameStep(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        let before = try database.allTasks()
        let outcome = try database.sync([
            TaskImport(id: tasks[0].id, text: "A", createdAt: tasks[0].createdAt, modifiedAt: Self.edited),
            TaskImport(id: Self.fromServer, text: "e", createdAt: Self.created),
        ], removing: [tasks[1].id], placing: [(Self.fromServer, .before(tasks[0].id)), (tasks[3].id, .before(tasks[2].id)),
                                              (tasks[0].id, .after(tasks[2].id))])
        #expect(outcome == ImportOutcome(effects: [.updated, .added], removedCount: 1, placedCount: 3))
        #expect(try database.texts() == ["e", "d", "c", "A"])
        // The updated task keeps the time its import gave it; the one only moved takes the sync's.
        #expect(try database.allTasks().map(\.modifiedAt) == [nil, Self.now, nil, Self.edited])
        try expectUndoAndRedoExact(database, before: before, change: Change(kind: .sync, taskCount: 4))
    }

    @Test(arguments: Backend.allCases) func aTaskPlacedTwiceEndsWhereTheSecondPlacementPutsIt(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "d"])
        let before = try database.allTasks()
        let outcome = try database.sync([], placing: [(tasks[2].id, .before(tasks[0].id)), (tasks[2].id, .after(tasks[3].id))])
        #expect(outcome == ImportOutcome(effects: [], placedCount: 2))
        #expect(try database.texts() == ["a", "b", "d", "c"])
        try expectUndoAndRedoExact(database, before: before, change: Change(kind: .sync, taskCount: 1, text: "c"))
    }

    @Test(arguments: Backend.allCases) func aTaskBroughtBackBySyncIsPlacedElsewhereAndHiddenAgainByUndo(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        try database.sync([], removing: [tasks[1].id], placing: [])
        let before = try database.allTasks()
        let outcome = try database.sync([TaskImport(id: tasks[1].id, text: "B", createdAt: tasks[1].createdAt)],
                                        placing: [(tasks[1].id, .after(tasks[2].id))])
        #expect(outcome == ImportOutcome(effects: [.added], placedCount: 1))
        #expect(try database.texts() == ["a", "c", "B"])
        try expectUndoAndRedoExact(database, before: before, change: Change(kind: .sync, taskCount: 1, text: "B"))
        #expect(try database.undo() == Change(kind: .sync, taskCount: 1, text: "b"))
        #expect(try database.allTasks() == TaskList(tasks))
    }

    @Test(arguments: Backend.allCases) func placementsNamingTasksNotInTheListOrThereAlreadyArePassedOver(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c", "x"])
        try database.remove(ids: [tasks[2].id])
        try database.undo()
        try database.undo()
        let before = try database.allTasks()
        let outcome = try database.sync([], removing: [tasks[1].id], placing: [
            (Self.unknown, .before(tasks[0].id)), (tasks[0].id, .after(Self.unknown)), (tasks[0].id, .before(tasks[0].id)),
            (tasks[0].id, .after(tasks[1].id)), (tasks[1].id, .before(tasks[0].id)), (tasks[3].id, .before(tasks[0].id)),
            (tasks[2].id, .after(tasks[0].id)),
        ])
        #expect(outcome == ImportOutcome(effects: [], removedCount: 1))
        #expect(try database.texts() == ["a", "c"])
        #expect(try database.allTasks().map(\.modifiedAt) == before.filter { $0.id != tasks[1].id }.map(\.modifiedAt))
        #expect(try database.undo() == Change(kind: .sync, taskCount: 1, text: "b"))
        #expect(try database.allTasks() == before)
    }

    @Test(arguments: Backend.allCases) func placementsThatMoveNothingRecordNoStepAndKeepRedo(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "h", "b", "x"])
        try database.remove(ids: [tasks[1].id])
        try database.remove(ids: [tasks[3].id])
        try database.undo()
        let before = try database.allTasks()
        // b is just after a, the hidden h between them; a is just before b.
        let outcome = try database.sync([TaskImport(id: tasks[0].id, text: "a", createdAt: tasks[0].createdAt)],
                                        placing: [(tasks[2].id, .after(tasks[0].id)), (tasks[0].id, .before(tasks[2].id))])
        #expect(outcome == ImportOutcome(effects: [.unchanged]))
        #expect(try database.allTasks() == before)
        #expect(try database.redo() == Change(kind: .remove, taskCount: 1, text: "x"))
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "x"))
        #expect(try database.undo() == Change(kind: .remove, taskCount: 1, text: "h"))
    }

    /// Forty tasks placed one after another just after the same task halve one gap more often than
    /// it allows: the list is renumbered in the middle of the step, the step's own places with it.
    @Test(arguments: Backend.allCases) func placingIntoOneGapUntilItIsUsedUpRenumbersAndUndoesExactly(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b"])
        try database.sync([], placing: [(tasks[1].id, .before(tasks[0].id))])
        let before = try database.allTasks()
        let ids = (0..<40).map { UUID(uuidString: String(format: "0190A2B4-0000-7000-8000-0000000001%02X", $0))! }
        let outcome = try database.sync(ids.enumerated().map { TaskImport(id: $1, text: "n\($0)", createdAt: Self.created) },
                                        placing: [(tasks[0].id, .before(tasks[1].id))] + ids.map { ($0, Placement.after(tasks[0].id)) })
        #expect(outcome == ImportOutcome(effects: Array(repeating: .added, count: 40), placedCount: 41))
        #expect(try database.texts() == ["a"] + (0..<40).reversed().map { "n\($0)" } + ["b"])
        try expectUndoAndRedoExact(database, before: before, change: Change(kind: .sync, taskCount: 41))
        #expect(try database.undo() == Change(kind: .sync, taskCount: 1, text: "b"))
        #expect(try database.allTasks() == TaskList(tasks))
    }

    /// Undo gives back `before` exactly and names the step `change`; redo gives back the list as
    /// the step left it, and undo again `before`.
    private func expectUndoAndRedoExact(_ database: any TaskStorage, before: TaskList, change: Change,
                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let after = try database.allTasks()
        #expect(try database.undo() == change, sourceLocation: sourceLocation)
        #expect(try database.allTasks() == before, sourceLocation: sourceLocation)
        #expect(try database.redo() == change, sourceLocation: sourceLocation)
        #expect(try database.allTasks() == after, sourceLocation: sourceLocation)
        #expect(try database.undo() == change, sourceLocation: sourceLocation)
        #expect(try database.allTasks() == before, sourceLocation: sourceLocation)
    }
}

private extension TaskStorage {
    /// A sync's changes and placements, in a transaction of their own, at a fixed time.
    @discardableResult
    func sync(_ tasks: [TaskImport], removing: [TaskItem.ID] = [], placing: [(TaskItem.ID, Placement)]) throws -> ImportOutcome {
        try write {
            try $0.importTasks(tasks, removing: removing, placing: placing.map { (id: $0.0, place: $0.1) }, from: .sync,
                               at: StorageSpecSyncPlaceTests.now)
        }
    }
}
