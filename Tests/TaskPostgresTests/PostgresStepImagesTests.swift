import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// The shared list keeps each step as its tasks' rows before and after it (`tasks.step_task`'s
/// images), from which TaskModel's one undo and redo replay it: what a field change records, who
/// is named when another person's change is in the way, and positions that others took or that a
/// renumbering changed.
@Suite struct PostgresStepImagesTests {
    let server: PostgresTestServer
    let database: String
    let alice: PostgresStorage
    let bob: PostgresStorage

    /// A new list that alice made and bob was given access to.
    init() throws {
        server = try PostgresTestServer.shared()
        database = try server.makeDatabase(owner: "alice")
        alice = try PostgresStorage(server.url(database: database, user: "alice"))
        try server.grantList(in: database, to: "bob")
        bob = try PostgresStorage(server.url(database: database, user: "bob"))
    }

    /// Each image of the latest step, before then after, as psql prints it.
    func latestImages() throws -> String {
        try server.psql("""
            SELECT before_position, convert_from(before_text, 'UTF8'), before_favorite, before_done IS NOT NULL,
                   before_removed_by IS NOT NULL, after_position, convert_from(after_text, 'UTF8'), after_favorite,
                   after_done IS NOT NULL, after_removed_by IS NOT NULL
            FROM tasks.step_task WHERE step = (SELECT max(id) FROM tasks.step) ORDER BY ordinal
            """, database: database)
    }

    @Test func aFieldChangeRecordsBothImagesAndIsUndoneAndRedone() throws {
        let tasks = try alice.fill(["milk", "bread"])
        try alice.toggleDone(ids: [tasks[1].id, tasks[0].id])
        let gap = ListPosition.gap
        #expect(try latestImages() == """
            \(2 * gap)|bread|f|f|f|\(2 * gap)|bread|f|t|f
            \(gap)|milk|f|f|f|\(gap)|milk|f|t|f

            """)
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 2))
        #expect(try alice.snapshot() == ["milk", "bread"])
        #expect(try alice.redo() == Change(kind: .toggleDone, taskCount: 2))
        #expect(try alice.snapshot() == ["✓milk", "✓bread"])
        #expect(try alice.undo() == Change(kind: .toggleDone, taskCount: 2))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "bread"))
        #expect(try alice.snapshot() == ["milk"])
    }

    @Test func anUndoIsRefusedWhenSomeoneElseChangedAFieldAndNamesThem() throws {
        let task = try alice.create(text: "milk")
        try alice.toggleFavorite(ids: [task.id])
        try bob.toggleDone(ids: [task.id])
        #expect(throws: StoreError.changedSince(change: Change(kind: .toggleFavorite, taskCount: 1, text: "milk", isSet: true),
                                                by: ["bob"], undoing: true)) {
            try alice.undo()
        }
        #expect(try alice.snapshot() == ["★✓milk"])
        try bob.undo()
        #expect(try alice.undo() == Change(kind: .toggleFavorite, taskCount: 1, text: "milk", isSet: false))
    }

    @Test func aMoveWhoseOldPlaceWasTakenIsUndoneJustAfterItThenRedoneAndTheAddUndoneToo() throws {
        let tasks = try alice.fill(["a", "b", "c"])
        try alice.move(id: tasks[2].id, to: .before(tasks[0].id))
        try bob.create(text: "d") // appended where c was
        #expect(try alice.undo() == Change(kind: .move, taskCount: 1, text: "c"))
        #expect(try alice.snapshot() == ["a", "b", "d", "c"])
        #expect(try alice.redo() == Change(kind: .move, taskCount: 1, text: "c"))
        #expect(try alice.snapshot() == ["c", "a", "b", "d"])
        #expect(try alice.undo() == Change(kind: .move, taskCount: 1, text: "c"))
        #expect(try alice.undo() == Change(kind: .create, taskCount: 1, text: "c"))
        #expect(try alice.snapshot() == ["a", "b", "d"])
    }

    @Test func aRenumberingKeepsTheImagesPlacesSoUndoAndRedoRestoreEveryOrder() throws {
        let tasks = try alice.fill(["a", "b", "c"])
        var orders = [try alice.texts()]
        // Each move halves the room after a: 40 of them cannot fit in a gap of 2³², so the list is
        // renumbered on the way, with the places the moves' images keep.
        for move in 0..<40 {
            try alice.move(id: tasks[2 - move % 2].id, to: .after(tasks[0].id))
            orders.append(try alice.texts())
        }
        for order in orders.reversed().dropFirst() {
            try alice.undo()
            #expect(try alice.texts() == order)
        }
        for order in orders.dropFirst() {
            try alice.redo()
            #expect(try alice.texts() == order)
        }
    }
}
