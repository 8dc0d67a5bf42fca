import Foundation
import TaskModel

/// `importTasks` on the shared list: many tasks as one step, in a few round trips whatever their
/// number. The stored rows of the identities given are read at once; what becomes of each task is
/// decided first (`ImportPlan`); then one statement sends every task the import changes as
/// arrays (`unnest`): it inserts the new ones, records each one in `step_task` with its row before
/// and after the import (`PostgresSchema`), and updates the others in place.
extension PostgresTransaction {
    @discardableResult
    func importTasks(_ tasks: [TaskImport]) throws -> ImportOutcome {
        var plan = try plan(tasks)
        guard !plan.changed.isEmpty else { return ImportOutcome(effects: plan.effects) }
        try dropUndoneSteps()
        if plan.bringsBack {
            // Dropping this person's undone changes may have deleted a hidden task for good: it is new now.
            plan = try self.plan(tasks)
        }
        let changed = plan.changed
        let positions = try nextAppendPositions(count: plan.insertedCount)
        var nextPosition = positions.makeIterator()
        let step = try beginStep(.importTasks, taskCount: plan.effects.count { $0 != .unchanged })
        try query("""
            WITH i AS (
                SELECT * FROM unnest($2::uuid[], $3::int8[], $4::bytea[], $5::bool[], $6::float8[], $7::float8[],
                                     $8::bytea[])
                WITH ORDINALITY AS i(uuid, position, text, is_favorite, done_at, created_at, foreign_fields, ordinal)),
            recorded_new AS (
                INSERT INTO tasks.step_task (step, ordinal, task)
                SELECT $1, ordinal - 1, uuid FROM i WHERE position IS NOT NULL),
            recorded_images AS (
                INSERT INTO tasks.step_task (step, ordinal, task, previous_change, previous_done, previous_text,
                    previous_favorite, previous_created_at, previous_foreign, previous_removed_by,
                    imported_text, imported_favorite, imported_done, imported_created_at, imported_foreign)
                SELECT $1, i.ordinal - 1, i.uuid, t.changed_by, t.done_at, t.text, t.is_favorite, t.created_at,
                    t.foreign_fields, t.removed_by, i.text, i.is_favorite, i.done_at, i.created_at, i.foreign_fields
                FROM i JOIN tasks.task t ON t.uuid = i.uuid WHERE i.position IS NULL),
            added AS (
                INSERT INTO tasks.task (uuid, position, text, is_favorite, done_at, created_at, foreign_fields,
                                        created_by, changed_by)
                SELECT uuid, position, text, is_favorite, done_at, created_at, foreign_fields, $1, $1
                FROM i WHERE position IS NOT NULL)
            UPDATE tasks.task t SET text = i.text, is_favorite = i.is_favorite, done_at = i.done_at,
                created_at = i.created_at, foreign_fields = i.foreign_fields, removed_by = NULL, changed_by = $1
            FROM i WHERE i.position IS NULL AND t.uuid = i.uuid
            """,
            .int64(step), .uuids(changed.map(\.id)), .int64s(changed.map { $0.isNew ? nextPosition.next() : nil }),
            .byteas(changed.map { Array($0.row.text.utf8) }), .bools(changed.map(\.row.isFavorite)),
            .doubles(changed.map(\.row.doneAt)), .doubles(changed.map(\.row.createdAt)),
            .byteas(changed.map { ForeignFieldsCoding.encode($0.row.foreign).map { Array($0.utf8) } }))
        if let last = positions.last { appendPosition = last }
        return ImportOutcome(effects: plan.effects)
    }

    /// What importing `tasks` does, against the rows stored now.
    private func plan(_ tasks: [TaskImport]) throws -> ImportPlan {
        let now = Date()
        return ImportPlan(tasks, stored: try storedRows(of: tasks.compactMap { $0.id })) { identities.next(at: now) }
    }

    /// The stored rows, hidden or not, of those of `ids` that the list holds.
    private func storedRows(of ids: [TaskItem.ID]) throws -> [TaskItem.ID: ImportPlan.StoredRow] {
        guard !ids.isEmpty else { return [:] }
        let rows = try query("""
            SELECT \(Self.taskColumns), removed_by IS NULL
            FROM tasks.task t JOIN (SELECT DISTINCT id FROM unnest($1::uuid[]) AS i(id)) i ON t.uuid = i.id
            """, .uuids(ids))
        var stored: [TaskItem.ID: ImportPlan.StoredRow] = [:]
        stored.reserveCapacity(rows.count)
        for row in 0..<rows.count {
            guard let id = rows.uuid(row, 0), let text = rows.string(row, 1), let createdAt = rows.double(row, 4),
                  let foreign = foreign(row, of: rows) else {
                throw damagedTask(at: row)
            }
            stored[id] = ImportPlan.StoredRow(
                row: ImportPlan.Row(text: text, isFavorite: rows.bool(row, 2) == true, doneAt: rows.double(row, 3),
                                    createdAt: createdAt, foreign: foreign),
                isLive: rows.bool(row, 6) == true)
        }
        return stored
    }

    /// What undoing an import writes into each task it touched: a task it added is hidden, the
    /// others get their rows from before it back (`t` the task, `st` its record, `$1` the step).
    static let revertingImport = importImage("previous", done: "previous_done",
                                             removedBy: "CASE WHEN st.previous_created_at IS NULL THEN $1 ELSE st.previous_removed_by END")

    /// What redoing an import writes: every task it touched is shown, each one it changed gets its
    /// row from after it.
    static let applyingImport = importImage("imported", done: "imported_done", removedBy: "NULL")

    /// The assignments that give each task the image in the `step_task` columns starting with
    /// `prefix` (a task without one keeps its values), and `removed_by`.
    private static func importImage(_ prefix: String, done: String, removedBy: String) -> String {
        let columns = [("text", "\(prefix)_text"), ("is_favorite", "\(prefix)_favorite"), ("done_at", done),
                       ("created_at", "\(prefix)_created_at"), ("foreign_fields", "\(prefix)_foreign")]
        return (["removed_by = \(removedBy)"] + columns.map { column, image in
            "\(column) = CASE WHEN st.\(prefix)_created_at IS NULL THEN t.\(column) ELSE st.\(image) END"
        }).joined(separator: ", ")
    }
}
