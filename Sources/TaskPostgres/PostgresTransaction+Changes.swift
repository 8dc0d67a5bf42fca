import Foundation
import TaskModel

/// The changes this backend writes as statements of its own, each one statement that also records
/// the step and its tasks' images as every step does (`+History`): creating a task (a step whose one
/// task had no before-state) and removing some. Changes of tasks' fields and places are TaskModel's
/// (`FieldChanges`).
extension PostgresTransaction: TaskWriting {
    @discardableResult
    func create(text: String, attributes: TaskEdit) throws -> TaskItem {
        try dropUndoneSteps()
        let createdAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970) // as it reads back
        let task = attributes.applied(to: TaskItem(id: identities.next(at: createdAt), text: text, createdAt: createdAt))
        let position = try nextAppendPosition()
        // The step, the task and its image after the step (it had none before), in one round trip:
        // `record`'s general statement joins the task table, which a script of 100,000 adds feels.
        let written = PostgresTaskRow.written
        let values = PostgresTaskRow.parameters(written, from: 3)
        let step = try query("""
            WITH step AS (
                INSERT INTO tasks.step (id, author, kind, task_count) VALUES (nextval('tasks.step_number'), $1, 'create', 1)
                RETURNING id),
            made AS (
                INSERT INTO tasks.task (uuid, \(PostgresTaskRow.sql(written) { $0.task }), created_by, changed_by, changed_author)
                SELECT $2, \(values), id, id, $1 FROM step)
            INSERT INTO tasks.step_task (step, ordinal, task, \(PostgresTaskRow.columns(.after)))
            SELECT id, 0, $2, \(values), NULL FROM step
            RETURNING step
            """, [.text(person), .uuid(task.id)] + PostgresTaskRow(TaskState(task, at: position)).writtenValues)
        appendPosition = position
        try counted(step: step.int64(0, 0))
        return task
    }

    func remove(ids: [TaskItem.ID]) throws {
        guard let ids = try namedLiveTasks(ids) else { return }
        try hide(.remove, """
            SELECT t.*, i.ordinal - 1 AS ordinal
            FROM unnest($3::uuid[]) WITH ORDINALITY AS i(id, ordinal) JOIN tasks.task t ON t.uuid = i.id
            """, .uuids(ids))
    }

    @discardableResult
    func removeAll() throws -> Int {
        try hideEvery(.removeAll, "")
    }

    @discardableResult
    func removeDone() throws -> Int {
        try hideEvery(.removeDone, "AND done_at IS NOT NULL")
    }

    // MARK: Hiding

    /// Hides every task in the list that meets an extra SQL condition, as one step of `kind` (none
    /// when no task does); returns how many.
    private func hideEvery(_ kind: Change.Kind, _ condition: String) throws -> Int {
        let count = Int(try query("SELECT count(*) FROM tasks.task WHERE removed_by IS NULL \(condition)").int64(0, 0) ?? 0)
        guard count > 0 else { return 0 }
        try hide(kind, """
            SELECT *, row_number() OVER (ORDER BY position) - 1 AS ordinal
            FROM tasks.task WHERE removed_by IS NULL \(condition)
            """)
        return count
    }

    /// Records a step of `kind` hiding the rows `chosen` selects (every column of `tasks.task` and
    /// an `ordinal`; `$3` is the first of `extra`) and hides them, in one statement: each one's
    /// image before is its row, after the same row hidden by the step.
    private func hide(_ kind: Change.Kind, _ chosen: String, _ extra: PostgresValue...) throws {
        try dropUndoneSteps()
        let step = try query("""
            WITH chosen AS (\(chosen)),
            step AS (
                INSERT INTO tasks.step (id, author, kind, task_count)
                SELECT nextval('tasks.step_number'), $1, $2, count(*) FROM chosen
                RETURNING id),
            recorded AS (
                INSERT INTO tasks.step_task (step, ordinal, task, previous_change, \(Self.imageColumns))
                SELECT step.id, c.ordinal, c.uuid, c.changed_by, \(Self.rowColumns("c")),
                    \(Self.rowColumns("c", removedBy: "step.id"))
                FROM chosen c CROSS JOIN step),
            hidden AS (
                UPDATE tasks.task t SET removed_by = step.id, changed_by = step.id, changed_author = $1
                FROM step WHERE t.uuid IN (SELECT uuid FROM chosen))
            SELECT id FROM step
            """, [.text(person), .text(kind.rawValue)] + extra)
        try counted(step: step.int64(0, 0))
    }
}
