import Foundation
internal import GRDB
import TaskModel

/// `importTasks`: many tasks in one step. The stored rows of the identities given are read first,
/// what becomes of each task is decided from them (`ImportPlan`), then the new tasks are inserted
/// and each stored task the import changes is written, its row before and after kept in the step
/// for undo and redo; the tasks it removes (a sync) are hidden as `remove` hides them, in the same step.
extension SQLiteTransaction {

    /// How many identities one look-up binds: SQLite allows 32,766 parameters; a few hundred
    /// already make the statement's own cost small next to the index probes.
    private static let lookupBatch = 500

    @discardableResult
    func importTasks(_ tasks: [TaskImport], removing: [TaskItem.ID], from source: ImportSource, at time: Date) throws
        -> ImportOutcome {
        let removed = try liveRemovals(removing, importing: tasks)
        guard !tasks.isEmpty || !removed.isEmpty else { return ImportOutcome(effects: []) }
        return try mapErrors {
            var (plan, stored) = try plan(tasks, at: time)
            // An import that changes nothing writes nothing: no step, so redo is still possible.
            guard !plan.changed.isEmpty || !removed.isEmpty else { return ImportOutcome(effects: plan.effects) }
            let step = try beginStep()
            if plan.bringsBack {
                // Forgetting the undone changes deleted the tasks whose creation was undone: such a task is new now.
                (plan, stored) = try self.plan(tasks, at: time)
            }
            try addStepRow(step, source.changeKind)
            let ordinal = try write(plan, over: stored, as: step)
            try hide(removed, as: step, from: ordinal)
            return ImportOutcome(effects: plan.effects, removedCount: removed.count)
        }
    }

    /// What importing `tasks` does, and the stored rows it was decided from.
    private func plan(_ tasks: [TaskImport], at time: Date) throws -> (ImportPlan, [TaskItem.ID: TaskRow]) {
        let stored = try storedTasks(of: tasks)
        let clearedThrough = try loadHistory().clearedThrough
        var rows: [TaskItem.ID: ImportPlan.StoredRow] = [:]
        rows.reserveCapacity(stored.count)
        for (id, task) in stored {
            guard let state = task.state(id: id) else {
                throw StoreError.corrupt(path: path, cause: StoreError.Cause(code: "task",
                                                                             message: "unreadable foreign fields or recurrence"))
            }
            rows[id] = (
                row: ImportPlan.Row(text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt,
                                    createdAt: task.createdAt, foreign: state.task.foreign, due: state.task.due,
                                    tags: state.task.tags, recurrence: state.task.recurrence, modifiedAt: task.modifiedAt),
                isLive: task.isLive(clearedThrough: clearedThrough))
        }
        return (ImportPlan(tasks, stored: rows, now: time) { identities.next(at: time) }, stored)
    }

    /// Writes what `plan` changes as step `step`: the new tasks appended, each stored one shown
    /// with its row from the plan. Returns the ordinal its next image would take.
    private func write(_ plan: ImportPlan, over stored: [TaskItem.ID: TaskRow], as step: Int64) throws -> Int64 {
        let clearedThrough = try loadHistory().clearedThrough
        let insert = try statement(Self.insertTaskSQL)
        let image = try statement(TaskRow.insertImageSQL)
        var ordinal: Int64 = 0
        for task in plan.changed {
            let row = task.row
            guard let before = stored[task.id] else {
                let position = try nextAppendPosition()
                try insert.run([.integer(position), .uuid(task.id)]
                               + TaskRow(row, position: position, createdBy: step).arguments.dropFirst().dropLast())
                appendPosition = position
                continue
            }
            // A task hidden by a clear is shown by being made by this step; one hidden by a removal by losing the mark.
            let after = TaskRow(row, position: before.position,
                                createdBy: before.createdBy > clearedThrough ? before.createdBy : step)
            try write(after, of: task.id)
            try image.run([.integer(step), .integer(ordinal), .uuid(task.id)] + before.arguments + after.arguments)
            ordinal += 1
        }
        return ordinal
    }

    /// The rows, hidden or not, of the tasks of `tasks` that the store holds.
    private func storedTasks(of tasks: [TaskImport]) throws -> [TaskItem.ID: TaskRow] {
        var found: [TaskItem.ID: TaskRow] = [:]
        var holdsAny = false
        try statement("SELECT EXISTS (SELECT 1 FROM task)").forEachRow { holdsAny = $0.integer(0) != 0 }
        // The first import into a new store, the largest, need not look each identity up.
        guard holdsAny else { return found }
        let ids = tasks.compactMap { $0.id } // a key path would copy every task
        guard !ids.isEmpty else { return found }
        let select = try statement("""
            SELECT uuid, \(TaskRow.columns()) FROM task
            WHERE uuid IN (\(Array(repeating: "?", count: Self.lookupBatch).joined(separator: ", ")))
            """)
        for start in stride(from: 0, to: ids.count, by: Self.lookupBatch) {
            let batch = ids[start..<min(start + Self.lookupBatch, ids.count)]
            // The last batch repeats its last identity to fill the statement, which names each row once anyway.
            let arguments = batch.map(SQLiteArgument.uuid)
                + Array(repeating: .uuid(batch[batch.endIndex - 1]), count: Self.lookupBatch - batch.count)
            try select.forEachRow(arguments) { row in
                guard let id = row.uuid(0) else { throw damagedHistory(at: 0, "an imported task's identity is unreadable") }
                guard let task = TaskRow(row: row, at: 1) else {
                    throw StoreError.corrupt(path: path, cause: StoreError.Cause(code: "task", message: "a task's row does not read"))
                }
                found[id] = task
            }
        }
        return found
    }
}
