internal import GRDB
import TaskModel

/// Positions: the integer key that orders the list. Appends are `ListPosition.gap` apart; a move
/// takes the midpoint of its new neighbours (hidden tasks count as neighbours, so that a task brought
/// back by undo finds its place free). When two neighbours are adjacent integers, every position is
/// renumbered together with the positions that the history's images remember, so undo and redo of a
/// move still put the task where it was.
extension SQLiteTransaction: PositionedList {
    /// The position of task `id`, hidden or not.
    func position(of id: TaskItem.ID) throws -> Int64? {
        var position: Int64?
        try statement("SELECT position FROM task WHERE uuid = ?").forEachRow(.uuid(id)) { position = $0.integer(0) }
        return position
    }

    func setPosition(of id: TaskItem.ID, to position: Int64) throws {
        try statement("UPDATE task SET position = ? WHERE uuid = ?").run(.integer(position), .uuid(id))
        appendPosition = nil
    }

    /// The largest position, hidden tasks' included.
    func lastPosition() throws -> Int64? {
        if let appendPosition { return appendPosition }
        var last: Int64?
        try statement("SELECT max(position) FROM task").forEachRow { last = $0.optionalInteger(0) }
        return last
    }

    func isTaken(_ position: Int64, byOtherThan id: TaskItem.ID) throws -> Bool {
        var taken = false
        try statement("SELECT 1 FROM task WHERE position = ? AND uuid <> ?").forEachRow(.integer(position), .uuid(id)) { _ in
            taken = true
        }
        return taken
    }

    /// The nearest position below (or above) `anchor`, skipping `excluding`.
    func adjacentPosition(to anchor: Int64, below: Bool, excluding: Int64?) throws -> Int64? {
        let sql = below
            ? "SELECT max(position) FROM task WHERE position < ?1 AND position <> ?2"
            : "SELECT min(position) FROM task WHERE position > ?1 AND position <> ?2"
        var found: Int64?
        try statement(sql).forEachRow(.integer(anchor), .integer(excluding ?? anchor)) { found = $0.optionalInteger(0) }
        return found
    }

    func holdsTask(between low: Int64, and high: Int64) throws -> Bool {
        var holds = false
        try statement("SELECT 1 FROM task WHERE position > ? AND position < ? AND \(Self.isLive) LIMIT 1")
            .forEachRow(.integer(low), .integer(high)) { _ in holds = true }
        return holds
    }

    /// Spaces every position `ListPosition.gap` apart again, keeping the order, and maps the positions
    /// that the history's images remember the same way: they are ranked together with the tasks' own,
    /// so a remembered place keeps its order against every task and every other remembered place.
    /// Returns `positions` (other remembered places) mapped.
    func renumber(mapping positions: [Int64] = []) throws -> [Int64] {
        appendPosition = nil
        try db.execute(sql: """
            CREATE TEMP TABLE renumbered AS
                SELECT old, row_number() OVER (ORDER BY old) * \(ListPosition.gap) AS new FROM (
                    SELECT position AS old FROM task
                    UNION SELECT before_position FROM step_task
                    UNION SELECT after_position FROM step_task);
            CREATE UNIQUE INDEX temp.renumbered_old ON renumbered(old);
            UPDATE step_task SET
                before_position = (SELECT new FROM renumbered WHERE old = before_position),
                after_position = (SELECT new FROM renumbered WHERE old = after_position);
            """)
        let mapped = try positions.map(mappedPosition)
        // The key cannot be rewritten in place (a new value may still be an old one's), so the rows
        // are written anew; texts are copied by SQLite, byte for byte.
        try db.execute(sql: """
            CREATE TEMP TABLE oldTask AS SELECT * FROM task;
            DELETE FROM task;
            INSERT INTO task (uuid, \(TaskRow.columns()))
                SELECT uuid, renumbered.new, \(TaskRow.columnsAfterPosition.joined(separator: ", "))
                FROM oldTask JOIN renumbered ON renumbered.old = oldTask.position ORDER BY renumbered.new;
            DROP TABLE oldTask;
            DROP TABLE renumbered;
            """)
        return mapped
    }

    /// Where `position`, a task's or a remembered one, goes when renumbering (inside
    /// `renumber`, while `temp.renumbered` exists).
    private func mappedPosition(_ position: Int64) throws -> Int64 {
        var mapped: Int64?
        // Not cached: the temporary table it reads is dropped at the end of each renumbering.
        try SQLiteStatement(db.makeStatement(sql: "SELECT new FROM renumbered WHERE old = ?"), path: path)
            .forEachRow(.integer(position)) { mapped = $0.integer(0) }
        guard let mapped else { throw damagedHistory(at: 0, "a remembered place was not renumbered") }
        return mapped
    }
}
