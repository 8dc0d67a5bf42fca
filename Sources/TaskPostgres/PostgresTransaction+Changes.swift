import Foundation
import TaskModel

extension PostgresTransaction: TaskWriting {
    @discardableResult
    func create(text: String) throws -> TaskItem {
        try dropUndoneSteps()
        let createdAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970) // as it reads back
        let id = identities.next(at: createdAt)
        let position = try nextAppendPosition()
        // The step, the task and the record that the step touched it, in one round trip.
        let step = try query("""
            WITH step AS (
                INSERT INTO tasks.step (id, author, kind, task_count) VALUES (nextval('tasks.step_number'), $1, 'create', 1)
                RETURNING id),
            task AS (
                INSERT INTO tasks.task (uuid, position, text, created_at, created_by, changed_by)
                SELECT $2, $3, $4, $5, id, id FROM step)
            INSERT INTO tasks.step_task (step, ordinal, task) SELECT id, 0, $2 FROM step RETURNING step
            """, .text(person), .uuid(id), .int64(position), .utf8(text), .double(createdAt.timeIntervalSince1970))
        appendPosition = position
        try counted(step: step.int64(0, 0))
        return TaskItem(id: id, text: text, createdAt: createdAt)
    }

    func toggleFavorite(ids: [TaskItem.ID]) throws {
        guard let ids = try namedLiveTasks(ids) else { return }
        let step = try beginStep(.toggleFavorite, taskCount: ids.count)
        try touch(.tasks(ids), step: step, setting: "is_favorite = NOT is_favorite")
    }

    @discardableResult
    func toggleDone(ids: [TaskItem.ID]) throws -> Date {
        let time = Date(timeIntervalSince1970: Date().timeIntervalSince1970)
        guard let ids = try namedLiveTasks(ids) else { return time }
        let step = try beginStep(.toggleDone, taskCount: ids.count, doneAt: time.timeIntervalSince1970)
        try touch(.tasks(ids), step: step, setting: "done_at = CASE WHEN done_at IS NULL THEN $3::float8 END",
                  .double(time.timeIntervalSince1970))
        return time
    }

    func remove(ids: [TaskItem.ID]) throws {
        guard let ids = try namedLiveTasks(ids) else { return }
        let step = try beginStep(.remove, taskCount: ids.count)
        try touch(.tasks(ids), step: step, setting: "removed_by = $1")
    }

    @discardableResult
    func removeAll() throws -> Int {
        let count = try count()
        guard count > 0 else { return 0 }
        let step = try beginStep(.removeAll, taskCount: count)
        try touch(.live(""), step: step, setting: "removed_by = $1")
        return count
    }

    @discardableResult
    func removeDone() throws -> Int {
        let count = Int(try query("""
            SELECT count(*) FROM tasks.task WHERE removed_by IS NULL AND done_at IS NOT NULL
            """).int64(0, 0) ?? 0)
        guard count > 0 else { return 0 }
        let step = try beginStep(.removeDone, taskCount: count)
        try touch(.live("AND done_at IS NOT NULL"), step: step, setting: "removed_by = $1")
        return count
    }

    func edit(id: TaskItem.ID, text: String, expected: String?) throws {
        guard let task = try taskToEdit(id: id, to: text, expected: expected) else { return }
        let step = try beginStep(.edit, taskCount: 1, oldText: Array(task.text.utf8), newText: Array(text.utf8))
        try touch(.tasks([id]), step: step, setting: "text = $3", .utf8(text))
    }

    func move(id: TaskItem.ID, to place: Placement) throws {
        let neighbour = switch place { case let .before(other), let .after(other): other }
        guard neighbour != id else { return }
        try requireLive([id, neighbour])
        guard let (from, to) = try positions(moving: id, next: place) else { return } // there already
        let step = try beginStep(.move, taskCount: 1, from: from, to: to)
        try touch(.tasks([id]), step: step, setting: "position = $3", .int64(to))
        appendPosition = nil
    }

    // MARK: Steps

    /// Which tasks a step touches: these (in this order), or every task in the list that meets an
    /// extra SQL condition (in list order).
    enum Touched {
        case tasks([TaskItem.ID])
        case live(String)
    }

    /// Records that step `step` touches `tasks` (what each one's last change and done time were)
    /// and changes them with `assignments`, in one statement: `$1` is the step, `$2` the identities,
    /// `$3` the first of `extra`.
    func touch(_ tasks: Touched, step: Int64, setting assignments: String, _ extra: PostgresValue...) throws {
        let chosen: String
        var parameters: [PostgresValue] = [.int64(step)]
        switch tasks {
        case let .tasks(ids):
            chosen = """
                SELECT t.uuid, t.changed_by, t.done_at, i.ordinal - 1 AS ordinal
                FROM unnest($2::uuid[]) WITH ORDINALITY AS i(id, ordinal) JOIN tasks.task t ON t.uuid = i.id
                """
            parameters.append(.uuids(ids))
        case let .live(condition):
            chosen = """
                SELECT uuid, changed_by, done_at, row_number() OVER (ORDER BY position) - 1 AS ordinal
                FROM tasks.task WHERE removed_by IS NULL \(condition)
                """
            parameters.append(.uuids([])) // keeps `$3` the first extra value
        }
        let sql = """
            WITH chosen AS (\(chosen)),
            recorded AS (
                INSERT INTO tasks.step_task (step, ordinal, task, previous_change, previous_done)
                SELECT $1, ordinal, uuid, changed_by, done_at FROM chosen)
            UPDATE tasks.task SET changed_by = $1, \(assignments) WHERE uuid IN (SELECT uuid FROM chosen)
            """
        try query(sql, parameters + extra)
    }

    /// Numbers and records a new change by this person (its task records are `touch`'s); first
    /// drops their undone changes, which can no longer be redone.
    func beginStep(_ kind: Change.Kind, taskCount: Int, oldText: [UInt8]? = nil, newText: [UInt8]? = nil,
                   from: Int64? = nil, to: Int64? = nil, doneAt: Double? = nil) throws -> Int64 {
        try dropUndoneSteps()
        let step = try query("""
            INSERT INTO tasks.step (id, author, kind, task_count, old_text, new_text, from_position, to_position, done_at)
            VALUES (nextval('tasks.step_number'), $1, $2, $3, $4::bytea, $5::bytea, $6::int8, $7::int8, $8::float8)
            RETURNING id
            """, .text(person), .text(kind.rawValue), .int64(Int64(taskCount)), oldText.map(PostgresValue.bytes) ?? .null,
            newText.map(PostgresValue.bytes) ?? .null, from.map(PostgresValue.int64) ?? .null,
            to.map(PostgresValue.int64) ?? .null, doneAt.map(PostgresValue.double) ?? .null).int64(0, 0)
        return try counted(step: step)
    }

    /// Notes a new step: the list changed, and the history may be due for a purge.
    @discardableResult
    private func counted(step: Int64?) throws -> Int64 {
        guard let step else { throw damagedHistory(at: 0, "a new change got no number") }
        changedList = true
        if step % Self.purgeInterval == 0 { purgeDue = true }
        return step
    }

    /// Forgets this person's undone changes (once per transaction, and again after each undo in
    /// it: a script's `add a`, `undo`, `add b` leaves nothing to redo): tasks whose creation (or
    /// import as new) was undone are gone for good, and the steps with their records. Others'
    /// undone changes are theirs.
    func dropUndoneSteps() throws {
        guard !droppedUndone else { return }
        try query("""
            WITH dropped AS (DELETE FROM tasks.step WHERE author = $1 AND undone RETURNING id, kind),
            created AS (
                DELETE FROM tasks.task
                WHERE created_by IN (SELECT id FROM dropped WHERE kind IN ('create', 'importTasks'))
                AND removed_by = created_by)
            DELETE FROM tasks.step_task WHERE step IN (SELECT id FROM dropped)
            """, .text(person))
        droppedUndone = true
    }
}
