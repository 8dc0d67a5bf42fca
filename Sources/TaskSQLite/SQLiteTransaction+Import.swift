import Foundation
internal import GRDB
import TaskModel

/// `importTasks`: many tasks in one step. The stored rows of the identities given are read first,
/// what becomes of each task is decided from them (`ImportPlan`), then the new tasks are inserted
/// and each stored task the import changes is written, its row before and after kept in the step
/// for undo and redo; the tasks it removes (a sync) are hidden as `remove` hides them, and the
/// tasks it places are moved, in the same step.
extension SQLiteTransaction {

    /// How many identities one look-up binds: SQLite allows 32,766 parameters; a few hundred
    /// already make the statement's own cost small next to the index probes.
    private static let lookupBatch = 500

    @discardableResult
    func importTasks(_ tasks: [TaskImport], removing: [TaskItem.ID], placing: [(id: TaskItem.ID, place: Placement)],
                     from source: ImportSource, at time: Date) throws -> ImportOutcome {
        let removed = try liveRemovals(removing, importing: tasks)
        guard !tasks.isEmpty || !removed.isEmpty || !placing.isEmpty else { return ImportOutcome(effects: []) }
        return try mapErrors {
            var (plan, stored) = try plan(tasks, at: time)
            var step: InStep?
            // An import that changes nothing writes nothing: no step, so redo is still possible.
            if !plan.changed.isEmpty || !removed.isEmpty {
                let number = try beginStep()
                if plan.bringsBack {
                    // Forgetting the undone changes deleted the tasks whose creation was undone: such a task is new now.
                    (plan, stored) = try self.plan(tasks, at: time)
                }
                try addStepRow(number, source.changeKind)
                let ordinal = try write(plan, over: stored, as: number)
                try hide(removed, as: number, from: ordinal)
                step = InStep(number: number, nextOrdinal: ordinal + Int64(removed.count))
            }
            let placed = try place(placing, after: plan, in: &step, as: source.changeKind, at: time)
            return ImportOutcome(effects: plan.effects, removedCount: removed.count, placedCount: placed)
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

    /// The step an import is writing: its number, and the ordinal its next image takes.
    private struct InStep {
        var number: Int64
        var nextOrdinal: Int64
    }

    /// Puts the tasks of `placing` in their places (`applyPlacements`) as part of the import's step `step`,
    /// begun here, as a step of `kind`, when the import itself changed nothing. A task the step
    /// has an image of (it updated it, or moved it before) has that image's place after it moved; a
    /// task it added has none (its row names the step); any other one gets an image, its row before
    /// and the same row at its new place, changed at `time`. Returns how many tasks it moved.
    private func place(_ placing: [(id: TaskItem.ID, place: Placement)], after plan: ImportPlan, in step: inout InStep?,
                       as kind: Change.Kind, at time: Date) throws -> Int {
        guard !placing.isEmpty else { return 0 }
        // `write` numbered the images of the stored tasks it changed in the plan's order from 0.
        var imaged: [TaskItem.ID: Int64] = [:]
        for task in plan.changed where !task.isNew { imaged[task.id] = Int64(imaged.count) }
        let added = Set(plan.changed.lazy.filter(\.isNew).map(\.id))
        return try applyPlacements(placing) { id, position in
            var current: InStep
            if let step {
                current = step
            } else {
                current = InStep(number: try beginStep(), nextOrdinal: 0)
                try addStepRow(current.number, kind)
            }
            if let ordinal = imaged[id] {
                try statement("UPDATE step_task SET after_position = ? WHERE step = ? AND ordinal = ?")
                    .run(.integer(position), .integer(current.number), .integer(ordinal))
                try setPosition(of: id, to: position)
            } else if added.contains(id) {
                try setPosition(of: id, to: position)
            } else {
                try statement(Self.recordPlacingSQL).run(.integer(current.number), .integer(current.nextOrdinal), .uuid(id),
                                                         .integer(position), .real(time.timeIntervalSince1970))
                try statement("UPDATE task SET position = ?, modifiedAt = ? WHERE uuid = ?")
                    .run(.integer(position), .real(time.timeIntervalSince1970), .uuid(id))
                appendPosition = nil
                imaged[id] = current.nextOrdinal
                current.nextOrdinal += 1
            }
            step = current
        }
    }

    /// The SQL that records the image of a task a placement moves: its row before, and the same row
    /// at its new place and changed then. `?1` the step, `?2` its ordinal, `?3` the task, `?4` its new
    /// place, `?5` the time of the change.
    private static let recordPlacingSQL = """
        INSERT INTO step_task (step, ordinal, task, \(TaskRow.columns("before_")), \(TaskRow.columns("after_")))
        SELECT ?1, ?2, ?3, \(TaskRow.columns()), ?4,
            \(TaskRow.fieldColumns.map { $0 == "modifiedAt" ? "?5" : $0 }.joined(separator: ", ")), createdBy, removedBy
        FROM task WHERE uuid = ?3
        """

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
