import TaskModel

/// The undo history, each person's own: `undo` reverts this person's latest change that is not
/// undone, `redo` re-applies their earliest undone one (the one undone last), and a new change of
/// theirs drops their undone ones. Either refuses, changing nothing, when a task the change
/// touched was changed by someone else since (`changedSince`).
extension PostgresTransaction {
    @discardableResult
    func undo() throws -> Change {
        guard let step = try ownStep(undone: false) else { throw StoreError.nothingToUndo }
        try requireUnchanged(step, since: "$1", undoing: true)
        if case let .move(from, _) = step.action, let id = try movedTask(step) { try place(id, at: from) }
        try update(step, setting: Self.revert(step.action), changedBy: "st.previous_change")
        try query("UPDATE tasks.step SET undone = true WHERE id = $1", .int64(step.number))
        changedList = true
        droppedUndone = false // the next change in this transaction drops this undone one
        return try describe(step)
    }

    @discardableResult
    func redo() throws -> Change {
        guard let step = try ownStep(undone: true) else { throw StoreError.nothingToRedo }
        try requireUnchanged(step, since: "st.previous_change", undoing: false)
        if case let .move(_, to) = step.action, let id = try movedTask(step) { try place(id, at: to) }
        try update(step, setting: Self.apply(step.action), changedBy: "$1")
        try query("UPDATE tasks.step SET undone = false WHERE id = $1", .int64(step.number))
        changedList = true
        return try describe(step)
    }

    /// How undoing changes each task the step touched (`t` the task, `st` its record, `$2` the value).
    private static func revert(_ action: PostgresStep.Action) -> (String, PostgresValue?) {
        switch action {
        case .create: ("removed_by = $1", nil)
        case .toggleFavorite: ("is_favorite = NOT t.is_favorite", nil)
        case .toggleDone: ("done_at = st.previous_done", nil)
        case .remove, .removeDone, .removeAll: ("removed_by = NULL", nil)
        case let .edit(old, _): ("text = $2::bytea", .bytes(old))
        case .move: ("", nil) // the position is `place`'s
        case .importTasks: (Self.revertingImport, nil)
        }
    }

    /// How redoing changes each task the step touched.
    private static func apply(_ action: PostgresStep.Action) -> (String, PostgresValue?) {
        switch action {
        case .create: ("removed_by = NULL", nil)
        case .toggleFavorite: ("is_favorite = NOT t.is_favorite", nil)
        case let .toggleDone(doneAt): ("done_at = CASE WHEN st.previous_done IS NULL THEN $2::float8 END", .double(doneAt))
        case .remove, .removeDone, .removeAll: ("removed_by = $1", nil)
        case let .edit(_, new): ("text = $2::bytea", .bytes(new))
        case .move: ("", nil)
        case .importTasks: (Self.applyingImport, nil)
        }
    }

    /// Changes every task `step` touched with `assignment` and sets its last change to `changedBy`.
    private func update(_ step: PostgresStep, setting assignment: (String, PostgresValue?), changedBy: String) throws {
        let (assignments, value) = assignment
        let set = assignments.isEmpty ? "" : ", " + assignments
        let sql = """
            UPDATE tasks.task t SET changed_by = \(changedBy)\(set)
            FROM tasks.step_task st WHERE st.step = $1 AND t.uuid = st.task
            """
        if let value { try query(sql, .int64(step.number), value) } else { try query(sql, .int64(step.number)) }
    }

    /// This person's latest step that is not undone, or their earliest undone one.
    private func ownStep(undone: Bool) throws -> PostgresStep? {
        let rows = try query("""
            SELECT \(PostgresStep.columns) FROM tasks.step WHERE author = $1 AND undone = $2
            ORDER BY id \(undone ? "ASC" : "DESC") LIMIT 1
            """, .text(person), .bool(undone))
        guard rows.count == 1 else { return nil }
        do {
            return try PostgresStep(row: 0, of: rows)
        } catch {
            throw damagedHistory(at: error.step, error.reason)
        }
    }

    /// Throws `changedSince` when a task `step` touched is gone for good or its last change is no
    /// longer `expected` (`$1`, the step, for an undo; the change before it, for a redo), naming
    /// who made the changes in the way.
    private func requireUnchanged(_ step: PostgresStep, since expected: String, undoing: Bool) throws {
        let rows = try query("""
            SELECT s.author FROM tasks.step_task st
            LEFT JOIN tasks.task t ON t.uuid = st.task
            LEFT JOIN tasks.step s ON s.id = t.changed_by
            WHERE st.step = $1 AND (t.uuid IS NULL OR t.changed_by IS DISTINCT FROM \(expected))
            """, .int64(step.number))
        guard rows.count > 0 else { return }
        let people = Set((0..<rows.count).compactMap { rows.string($0, 0) }).subtracting([person]).sorted()
        throw StoreError.changedSince(change: try describe(step), by: people, undoing: undoing)
    }

    /// The task a move step moved.
    private func movedTask(_ step: PostgresStep) throws -> TaskItem.ID? {
        try query("SELECT task FROM tasks.step_task WHERE step = $1", .int64(step.number)).uuid(0, 0)
    }

    /// What `step` did, as its tasks read now.
    private func describe(_ step: PostgresStep) throws -> Change {
        let kind = step.action.kind
        guard step.taskCount == 1 else { return Change(kind: kind, taskCount: step.taskCount) }
        let rows = try query("""
            SELECT t.text, t.is_favorite, t.done_at IS NOT NULL FROM tasks.step_task st
            JOIN tasks.task t ON t.uuid = st.task WHERE st.step = $1
            """, .int64(step.number))
        guard rows.count == 1 else { return Change(kind: kind, taskCount: 1) }
        let isSet: Bool? = switch kind {
        case .toggleFavorite: rows.bool(0, 1)
        case .toggleDone: rows.bool(0, 2)
        default: nil
        }
        return Change(kind: kind, taskCount: 1, text: rows.string(0, 0), isSet: isSet)
    }

    /// Forgets each person's changes beyond their latest `historyLimit` (not undone ones, which are
    /// their latest), with the tasks those changes had removed.
    func purgeHistory() throws {
        try query("""
            WITH old AS (
                SELECT id FROM (
                    SELECT id, undone, row_number() OVER (PARTITION BY author ORDER BY id DESC) AS newer
                    FROM tasks.step) ranked
                WHERE newer > $1 AND NOT undone),
            hidden AS (DELETE FROM tasks.task WHERE removed_by IN (SELECT id FROM old)),
            records AS (DELETE FROM tasks.step_task WHERE step IN (SELECT id FROM old))
            DELETE FROM tasks.step WHERE id IN (SELECT id FROM old)
            """, .int64(Self.historyLimit))
    }
}
