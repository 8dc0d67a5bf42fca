import TaskModel

/// Positions: the integer that orders the list, as in the SQLite store. Appends are
/// `ListPosition.gap` apart; a move takes the midpoint of its new neighbours (hidden tasks
/// count as neighbours, so that a task brought back by undo finds its place free). When two
/// neighbours are adjacent integers, every position is renumbered together with the positions the
/// history's images keep, so undo and redo still put each task where it was.
extension PostgresTransaction: PositionedList {
    /// The position of task `id`, hidden or not.
    func position(of id: TaskItem.ID) throws -> Int64? {
        try query("SELECT position FROM tasks.task WHERE uuid = $1", .uuid(id)).int64(0, 0)
    }

    /// The largest position, hidden tasks' included.
    func lastPosition() throws -> Int64? {
        if let appendPosition { return appendPosition }
        return try query("SELECT max(position) FROM tasks.task").int64(0, 0)
    }

    func setPosition(of id: TaskItem.ID, to position: Int64) throws {
        try query("UPDATE tasks.task SET position = $1 WHERE uuid = $2", .int64(position), .uuid(id))
        appendPosition = nil
    }

    func isTaken(_ position: Int64, byOtherThan id: TaskItem.ID) throws -> Bool {
        try query("SELECT 1 FROM tasks.task WHERE position = $1 AND uuid <> $2", .int64(position), .uuid(id)).count > 0
    }

    /// The nearest position below (or above) `anchor`, skipping `excluding`.
    func adjacentPosition(to anchor: Int64, below: Bool, excluding: Int64?) throws -> Int64? {
        let sql = below
            ? "SELECT max(position) FROM tasks.task WHERE position < $1 AND position <> $2"
            : "SELECT min(position) FROM tasks.task WHERE position > $1 AND position <> $2"
        return try query(sql, .int64(anchor), .int64(excluding ?? anchor)).int64(0, 0)
    }

    /// The first task in the list after `low`, found in the index's order: asked for any task between
    /// the two, the planner may read the table from its start up to the first (on a long list,
    /// half of it on average for each task a sync places).
    func holdsTask(between low: Int64, and high: Int64) throws -> Bool {
        try query("""
            SELECT 1 FROM (
                SELECT position FROM tasks.task WHERE position > $1 AND removed_by IS NULL ORDER BY position LIMIT 1) next
            WHERE next.position < $2
            """, .int64(low), .int64(high)).count > 0
    }

    /// Spaces every position `ListPosition.gap` apart again, keeping the order, and maps the positions
    /// the history's images keep the same way: they are ranked together with the tasks' own, so an
    /// image keeps its place against every task and every other image (and equals its task's
    /// position when it did). Returns `positions` (places an undo or redo is about to use) mapped.
    /// One statement; positions are unique again only at its end, so the constraint is checked then.
    func renumber(mapping positions: [Int64] = []) throws -> [Int64] {
        appendPosition = nil
        try runStatements("SET CONSTRAINTS tasks.task_position DEFERRED")
        let mapped = try query("""
            WITH places AS (
                SELECT position AS old FROM tasks.task
                UNION SELECT before_position FROM tasks.step_task WHERE before_position IS NOT NULL
                UNION SELECT after_position FROM tasks.step_task WHERE after_position IS NOT NULL
                UNION SELECT unnest($1::int8[])),
            renumbered AS (SELECT old, row_number() OVER (ORDER BY old) * $2 AS new FROM places),
            images AS (
                UPDATE tasks.step_task s SET before_position = m.before_new, after_position = m.after_new
                FROM (SELECT st.step, st.ordinal, b.new AS before_new, a.new AS after_new FROM tasks.step_task st
                      LEFT JOIN renumbered b ON b.old = st.before_position
                      LEFT JOIN renumbered a ON a.old = st.after_position
                      WHERE st.before_position IS NOT NULL OR st.after_position IS NOT NULL) m
                WHERE s.step = m.step AND s.ordinal = m.ordinal),
            tasks AS (UPDATE tasks.task t SET position = r.new FROM renumbered r WHERE r.old = t.position)
            SELECT i.old, r.new FROM unnest($1::int8[]) WITH ORDINALITY AS i(old, ordinal)
            JOIN renumbered r ON r.old = i.old ORDER BY i.ordinal
            """, .int64s(positions), .int64(ListPosition.gap))
        try runStatements("SET CONSTRAINTS tasks.task_position IMMEDIATE")
        guard mapped.count == positions.count else {
            throw damagedHistory(at: 0, "a remembered place was not renumbered")
        }
        return (0..<mapped.count).compactMap { mapped.int64($0, 1) }
    }
}
