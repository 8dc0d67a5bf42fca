import Foundation
import TaskModel

/// The undo history, each person's own, as `StepHistory` reads and writes it: every step keeps,
/// per task it touched, the task's row before and after it (`tasks.step_task`'s images), from which
/// TaskModel undoes and redoes any step the same way. `undo` reverts this person's latest change
/// that is not undone, `redo` re-applies their earliest undone one, and a new change of theirs
/// drops their undone ones; either refuses when a task is no longer as the step left it, naming
/// who changed it (`othersWhoChanged`).
extension PostgresTransaction: StepHistory {
    func isTaken(_ id: TaskItem.ID) throws -> Bool {
        try query("SELECT 1 FROM tasks.task WHERE uuid = $1", .uuid(id)).count > 0
    }

    func states(of ids: [TaskItem.ID]) throws -> [TaskItem.ID: TaskState] {
        let rows = try query("""
            SELECT uuid, \(PostgresTaskRow.taskColumns) FROM tasks.task WHERE uuid = ANY($1::uuid[]) AND removed_by IS NULL
            """, .uuids(ids))
        var states: [TaskItem.ID: TaskState] = [:]
        for row in 0..<rows.count {
            do {
                guard let id = rows.uuid(row, 0), let state = try PostgresTaskRow(rows, row: row, at: 1)?.state(of: id) else {
                    throw damagedTask(at: row)
                }
                states[id] = state
            } catch is PostgresTaskRow.Malformed {
                throw damagedTask(at: row)
            }
        }
        return states
    }

    /// Records the step and writes the after-states into the tasks in one statement: the rows as
    /// they were (the statement's snapshot) become the before-images, the states given the after ones.
    /// A task the step makes (no before-state: a create, the next task of a recurring one) is inserted,
    /// made and last changed by the step; it has no before-image, so undo hides it and redo shows it.
    func record(_ kind: Change.Kind, _ transitions: [TaskTransition]) throws {
        var afters: [PostgresTaskRow?] = []
        for transition in transitions {
            // Only removals take tasks out of the list, and they are this backend's own statements.
            guard let after = transition.after else {
                throw damagedHistory(at: 0, "a change of fields takes a task out of the list")
            }
            afters.append(PostgresTaskRow(after))
        }
        try dropUndoneSteps()
        let columns = Self.imageColumns
        let written = PostgresTaskRow.written
        let step = try query("""
            WITH step AS (
                INSERT INTO tasks.step (id, author, kind, task_count) VALUES (nextval('tasks.step_number'), $1, $2, $3)
                RETURNING id),
            i AS (
                SELECT * FROM unnest($4::uuid[], $5::bool[], \(PostgresTaskRow.arrayParameters(written, from: 6)))
                WITH ORDINALITY AS i(uuid, made, \(PostgresTaskRow.sql(written) { $0.task }), ordinal)),
            recorded AS (
                INSERT INTO tasks.step_task (step, ordinal, task, previous_change, \(columns))
                SELECT step.id, i.ordinal - 1, i.uuid, t.changed_by, \(Self.rowColumns("t")),
                    \(PostgresTaskRow.sql(written) { "i.\($0.task)" }), NULL
                FROM i LEFT JOIN tasks.task t ON t.uuid = i.uuid AND NOT i.made CROSS JOIN step),
            made AS (
                INSERT INTO tasks.task (uuid, \(PostgresTaskRow.sql(written) { $0.task }), created_by, changed_by,
                                        changed_author)
                SELECT i.uuid, \(PostgresTaskRow.sql(written) { "i.\($0.task)" }), step.id, step.id, $1
                FROM i CROSS JOIN step WHERE i.made),
            written AS (
                UPDATE tasks.task t SET \(PostgresTaskRow.sql(written) { "\($0.task) = i.\($0.task)" }), changed_by = step.id,
                    changed_author = $1
                FROM i, step WHERE t.uuid = i.uuid AND NOT i.made)
            SELECT id FROM step
            """, [.text(person), .text(kind.rawValue), .int64(Int64(transitions.count)), .uuids(transitions.map(\.id)),
                  .bools(transitions.map { $0.before == nil })]
            + PostgresTaskRow.arrays(afters).dropLast())
        try counted(step: step.int64(0, 0))
        if transitions.contains(where: { $0.before?.position != $0.after?.position }) { appendPosition = nil }
    }

    func step(undone: Bool) throws -> RecordedStep? {
        let rows = try query("""
            SELECT s.id, s.kind, st.task, \(Self.imageColumns)
            FROM (SELECT id, kind FROM tasks.step WHERE author = $1 AND undone = $2
                  ORDER BY id \(undone ? "ASC" : "DESC") LIMIT 1) s
            LEFT JOIN tasks.step_task st ON st.step = s.id
            ORDER BY st.ordinal
            """, .text(person), .bool(undone))
        guard rows.count > 0 else { return nil }
        let number = rows.int64(0, 0) ?? 0
        guard let kind = rows.string(0, 1).flatMap(Change.Kind.init(rawValue:)) else {
            throw damagedHistory(at: number, "unknown change kind '\(rows.string(0, 1) ?? "")'")
        }
        var transitions: [TaskTransition] = []
        transitions.reserveCapacity(rows.count)
        for row in 0..<rows.count {
            guard let id = rows.uuid(row, 2) else { throw damagedHistory(at: number, "it names no task") }
            do throws(PostgresTaskRow.Malformed) {
                let before = try PostgresTaskRow(rows, row: row, at: 3)
                let after = try PostgresTaskRow(rows, row: row, at: 3 + PostgresTaskRow.all.count)
                guard before != nil || after != nil else { throw PostgresTaskRow.Malformed(reason: "it has no image") }
                transitions.append(TaskTransition(id: id, before: try before?.state(of: id), after: try after?.state(of: id)))
            } catch {
                throw damagedHistory(at: number, "its task \(row + 1): \(error.reason)")
            }
        }
        return RecordedStep(number: number, kind: kind, transitions: transitions)
    }

    /// Writes the side's images back in one statement (fields and `removed_by`; a side without an
    /// image hides the task), then puts each task whose position differs where its image says: a
    /// place someone took meanwhile gets the next free one, which the task's images then keep
    /// (`movePlace`).
    func write(_ step: RecordedStep, undoing: Bool) throws {
        let side: PostgresTaskRow.Side = undoing ? .before : .after
        let image = { (column: String) in "st.\(side.rawValue)_\(column)" }
        let kept = PostgresTaskRow.sql(PostgresTaskRow.fields) {
            "\($0.task) = CASE WHEN \(image("created_at")) IS NULL THEN t.\($0.task) ELSE \(image($0.image)) END"
        }
        let moved = try query("""
            WITH marked AS (UPDATE tasks.step SET undone = $2 WHERE id = $1)
            UPDATE tasks.task t SET \(kept),
                removed_by = CASE WHEN \(image("created_at")) IS NULL THEN $1 ELSE \(image("removed_by")) END,
                changed_by = \(undoing ? "st.previous_change" : "$1"), changed_author = $3
            FROM tasks.step_task st WHERE st.step = $1 AND t.uuid = st.task
            RETURNING t.uuid, \(image("position")), t.position IS DISTINCT FROM \(image("position"))
            """, .int64(step.number), .bool(undoing), .text(person))
        for row in 0..<moved.count where moved.bool(row, 2) == true {
            guard let id = moved.uuid(row, 0), let position = moved.int64(row, 1) else {
                continue // no image: the task was hidden where it is
            }
            let (wanted, placed) = try place(id, at: position)
            if placed != wanted { try movePlace(of: id, from: wanted, to: placed) }
        }
        changedList = true
        if undoing { droppedUndone = false } // the next change in this transaction drops this undone one
    }

    /// Records that task `id`'s place `position`, taken by another task meanwhile, is `placed` now:
    /// every image of the task that kept it keeps the new one, so that replaying this step the
    /// other way, and the task's steps before and after it, find the task where they left it.
    private func movePlace(of id: TaskItem.ID, from position: Int64, to placed: Int64) throws {
        try query("""
            UPDATE tasks.step_task SET
                before_position = CASE WHEN before_position = $2 THEN $3 ELSE before_position END,
                after_position = CASE WHEN after_position = $2 THEN $3 ELSE after_position END
            WHERE task = $1 AND (before_position = $2 OR after_position = $2)
            """, .uuid(id), .int64(position), .int64(placed))
    }

    /// Each person has a history of their own: a task not as a step left it was changed by another.
    var isShared: Bool { true }

    /// The people, other than this one, who last changed `ids` — by a change, an undo or a redo (a
    /// task gone for good has none), sorted.
    func othersWhoChanged(_ ids: [TaskItem.ID]) throws -> [String] {
        let rows = try query("""
            SELECT DISTINCT changed_author FROM tasks.task
            WHERE uuid = ANY($1::uuid[]) AND changed_author <> $2 ORDER BY changed_author
            """, .uuids(ids), .text(person))
        return (0..<rows.count).compactMap { rows.string($0, 0) }
    }

    func stamp(_ ids: [TaskItem.ID], changedAt time: Date) throws {
        try query("UPDATE tasks.task SET modified_at = $2 WHERE uuid = ANY($1::uuid[])",
                  .uuids(ids), .double(time.timeIntervalSince1970))
    }

    /// Both images' columns of `tasks.step_task`, before then after.
    static let imageColumns = PostgresTaskRow.columns(.before) + ", " + PostgresTaskRow.columns(.after)

    /// The columns of `tasks.task` an image keeps, of the row aliased `table`, with a `removed_by` of `removedBy`.
    static func rowColumns(_ table: String, removedBy: String? = nil) -> String {
        PostgresTaskRow.sql(PostgresTaskRow.written) { "\(table).\($0.task)" } + ", " + (removedBy ?? "\(table).removed_by")
    }

    /// Notes a new step: the list changed, and the history may be due for a purge.
    @discardableResult
    func counted(step: Int64?) throws -> Int64 {
        guard let step else { throw damagedHistory(at: 0, "a new change got no number") }
        changedList = true
        if step % Self.purgeInterval == 0 { purgeDue = true }
        return step
    }

    /// Forgets this person's undone changes (once per transaction, and again after each undo in
    /// it: a script's `add a`, `undo`, `add b` leaves nothing to redo): the steps with their
    /// records. Tasks whose making (by an add, an import as new, a recurring task checked off) was
    /// undone can no longer be shown again, but their rows stay hidden by the dropped step until
    /// the history passes them (`purgeHistory`): a sync tells by them a task removed here from one
    /// a replaced list never held (`untraced`). Others' undone changes are theirs.
    func dropUndoneSteps() throws {
        guard !droppedUndone else { return }
        try query("""
            WITH dropped AS (DELETE FROM tasks.step WHERE author = $1 AND undone RETURNING id)
            DELETE FROM tasks.step_task WHERE step IN (SELECT id FROM dropped)
            """, .text(person))
        droppedUndone = true
    }

    /// Forgets each person's changes beyond their latest `historyLimit` (not undone ones, which are
    /// their latest), with the tasks those changes had removed, and the tasks whose making was
    /// undone and dropped (`dropUndoneSteps`) before every change still kept.
    func purgeHistory() throws {
        try query("""
            WITH old AS (
                SELECT id FROM (
                    SELECT id, undone, row_number() OVER (PARTITION BY author ORDER BY id DESC) AS newer
                    FROM tasks.step) ranked
                WHERE newer > $1 AND NOT undone),
            hidden AS (
                DELETE FROM tasks.task WHERE removed_by IN (SELECT id FROM old)
                    OR (removed_by = created_by AND NOT EXISTS (SELECT 1 FROM tasks.step s WHERE s.id = removed_by)
                        AND removed_by < (SELECT min(id) FROM tasks.step s WHERE s.id NOT IN (SELECT id FROM old)))),
            records AS (DELETE FROM tasks.step_task WHERE step IN (SELECT id FROM old))
            DELETE FROM tasks.step WHERE id IN (SELECT id FROM old)
            """, .int64(Self.historyLimit))
    }
}
