import Foundation
import TaskModel

/// `importTasks` on the shared list: many tasks as one step, in a few round trips whatever their
/// number. The stored rows of the identities given are read at once; what becomes of each task is
/// decided first (`ImportPlan`); then one statement sends every task the import changes as
/// arrays (`unnest`): it records the step, each task's images before and after it in `step_task`
/// (a new one has none before), inserts the new ones and updates the others in place, and hides
/// the tasks it removes (a sync), each one's image after it the same row hidden by the step. The
/// tasks it places are then moved one by one in the same step.
extension PostgresTransaction {
    @discardableResult
    func importTasks(_ tasks: [TaskImport], removing: [TaskItem.ID], placing: [(id: TaskItem.ID, place: Placement)],
                     from source: ImportSource, at time: Date) throws -> ImportOutcome {
        let removed = try liveRemovals(removing, importing: tasks)
        var plan = try plan(tasks, at: time)
        var step: Int64?
        if !plan.changed.isEmpty || !removed.isEmpty {
            step = try write(&plan, tasks, removing: removed, as: source.changeKind, at: time)
        }
        let placed = try place(placing, after: plan, in: &step, from: Int64(plan.changed.count + removed.count),
                               as: source.changeKind, at: time)
        return ImportOutcome(effects: plan.effects, removedCount: removed.count, placedCount: placed)
    }

    /// Writes what `plan` changes, and hides `removed`, as one new step of `kind`; returns its number.
    private func write(_ plan: inout ImportPlan, _ tasks: [TaskImport], removing removed: [TaskItem.ID],
                       as kind: Change.Kind, at time: Date) throws -> Int64 {
        try dropUndoneSteps()
        if plan.bringsBack {
            // Dropping this person's undone changes may have deleted a hidden task for good: it is new now.
            plan = try self.plan(tasks, at: time)
        }
        let changed = plan.changed
        let positions = try nextAppendPositions(count: plan.insertedCount)
        var nextPosition = positions.makeIterator()
        let (written, fields) = (PostgresTaskRow.written, PostgresTaskRow.fields)
        let values = PostgresTaskRow.fieldArrays(changed.map { PostgresTaskRow($0.row, position: 0) })
        // The removed tasks, then the step's kind, follow the changed tasks' positions ($4) and fields.
        let removedParameter = 5 + values.count
        let step = try query("""
            WITH i AS (
                SELECT * FROM unnest($3::uuid[], \(PostgresTaskRow.arrayParameters(written, from: 4)))
                WITH ORDINALITY AS i(uuid, \(PostgresTaskRow.sql(written) { $0.task }), ordinal)),
            step AS (
                INSERT INTO tasks.step (id, author, kind, task_count)
                VALUES (nextval('tasks.step_number'), $1, $\(removedParameter + 1), $2)
                RETURNING id),
            recorded AS (
                INSERT INTO tasks.step_task (step, ordinal, task, previous_change, \(Self.imageColumns))
                SELECT step.id, i.ordinal - 1, i.uuid, t.changed_by, \(Self.rowColumns("t")),
                    coalesce(i.position, t.position), \(PostgresTaskRow.sql(fields) { "i.\($0.task)" }), NULL
                FROM i LEFT JOIN tasks.task t ON t.uuid = i.uuid CROSS JOIN step),
            added AS (
                INSERT INTO tasks.task (uuid, \(PostgresTaskRow.sql(written) { $0.task }), created_by, changed_by,
                                        changed_author)
                SELECT uuid, \(PostgresTaskRow.sql(written) { $0.task }), step.id, step.id, $1
                FROM i CROSS JOIN step WHERE position IS NOT NULL),
            updated AS (
                UPDATE tasks.task t SET \(PostgresTaskRow.sql(fields) { "\($0.task) = i.\($0.task)" }),
                    removed_by = NULL, changed_by = step.id, changed_author = $1
                FROM i, step WHERE i.position IS NULL AND t.uuid = i.uuid),
            r AS (SELECT * FROM unnest($\(removedParameter)::uuid[]) WITH ORDINALITY AS r(uuid, ordinal)),
            removed AS (
                INSERT INTO tasks.step_task (step, ordinal, task, previous_change, \(Self.imageColumns))
                SELECT step.id, \(changed.count) + r.ordinal - 1, t.uuid, t.changed_by, \(Self.rowColumns("t")),
                    \(Self.rowColumns("t", removedBy: "step.id"))
                FROM r JOIN tasks.task t ON t.uuid = r.uuid CROSS JOIN step),
            hidden AS (
                UPDATE tasks.task t SET removed_by = step.id, changed_by = step.id, changed_author = $1
                FROM step WHERE t.uuid IN (SELECT uuid FROM r))
            SELECT id FROM step
            """,
            [.text(person), .int64(Int64(plan.effects.count { $0 != .unchanged } + removed.count)),
             .uuids(changed.map(\.id)), .int64s(changed.map { $0.isNew ? nextPosition.next() : nil })]
            + values + [.uuids(removed), .text(kind.rawValue)])
        if let last = positions.last { appendPosition = last }
        return try counted(step: step.int64(0, 0))
    }

    /// Puts the tasks of `placing` in their places (`applyPlacements`) as part of the import's step `step`,
    /// begun here, as a step of `kind`, when the import itself changed nothing; `ordinal` is the
    /// ordinal its next image takes. A task the step has an image of (it imported it, or moved it
    /// before) has that image's place after it moved; any other one gets an image, its row before
    /// and the same row at its new place, changed at `time`. Returns how many tasks it moved.
    private func place(_ placing: [(id: TaskItem.ID, place: Placement)], after plan: ImportPlan, in step: inout Int64?,
                       from ordinal: Int64, as kind: Change.Kind, at time: Date) throws -> Int {
        guard !placing.isEmpty else { return 0 }
        // The import numbered the images of the tasks it changed, new ones too, in the plan's order from 0.
        var imaged: [TaskItem.ID: Int64] = [:]
        for task in plan.changed { imaged[task.id] = Int64(imaged.count) }
        var nextOrdinal = ordinal
        return try applyPlacements(placing) { id, position in
            let number = try step ?? begin(kind)
            step = number
            if let ordinal = imaged[id] {
                try query("""
                    WITH image AS (UPDATE tasks.step_task SET after_position = $3 WHERE step = $1 AND ordinal = $4)
                    UPDATE tasks.task SET position = $3 WHERE uuid = $2
                    """, .int64(number), .uuid(id), .int64(position), .int64(ordinal))
            } else {
                let after = PostgresTaskRow.sql(PostgresTaskRow.written) { column in
                    switch column.task { case "position": "$3" case "modified_at": "$5" default: "t.\(column.task)" }
                }
                try query("""
                    WITH recorded AS (
                        INSERT INTO tasks.step_task (step, ordinal, task, previous_change, \(Self.imageColumns))
                        SELECT $1, $4, t.uuid, t.changed_by, \(Self.rowColumns("t")), \(after), t.removed_by
                        FROM tasks.task t WHERE t.uuid = $2),
                    counted AS (UPDATE tasks.step SET task_count = task_count + 1 WHERE id = $1)
                    UPDATE tasks.task SET position = $3, modified_at = $5, changed_by = $1, changed_author = $6
                    WHERE uuid = $2
                    """, .int64(number), .uuid(id), .int64(position), .int64(nextOrdinal),
                    .double(time.timeIntervalSince1970), .text(person))
                imaged[id] = nextOrdinal
                nextOrdinal += 1
            }
            appendPosition = nil
        }
    }

    /// Records a new step of `kind` that touches no task yet; returns its number.
    private func begin(_ kind: Change.Kind) throws -> Int64 {
        try dropUndoneSteps()
        return try counted(step: query("""
            INSERT INTO tasks.step (id, author, kind, task_count) VALUES (nextval('tasks.step_number'), $1, $2, 0)
            RETURNING id
            """, .text(person), .text(kind.rawValue)).int64(0, 0))
    }

    /// What importing `tasks` does, against the rows stored now.
    private func plan(_ tasks: [TaskImport], at time: Date) throws -> ImportPlan {
        ImportPlan(tasks, stored: try storedRows(of: tasks.compactMap { $0.id }), now: time) { identities.next(at: time) }
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
                  let foreign = foreign(row, of: rows), let attributes = attributes(row, of: rows) else {
                throw damagedTask(at: row)
            }
            stored[id] = (
                row: ImportPlan.Row(text: text, isFavorite: rows.bool(row, 2) == true, doneAt: rows.double(row, 3),
                                    createdAt: createdAt, foreign: foreign, due: attributes.due, tags: attributes.tags,
                                    recurrence: attributes.recurrence, modifiedAt: rows.double(row, 10)),
                isLive: rows.bool(row, PostgresTaskRow.fields.count + 1) == true)
        }
        return stored
    }
}
