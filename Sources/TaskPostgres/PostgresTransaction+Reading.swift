import Foundation
import TaskModel

extension PostgresTransaction: TaskReading {
    /// The columns `task(row:of:)` reads, in order.
    static let taskColumns = "uuid, " + PostgresTaskRow.sql(PostgresTaskRow.fields) { $0.task }

    func allTasks() throws -> TaskList {
        try tasks(of: try query("SELECT \(Self.taskColumns) FROM tasks.task WHERE removed_by IS NULL ORDER BY position"))
    }

    func firstTasks(_ count: Int) throws -> TaskList {
        try tasks(of: try query("""
            SELECT \(Self.taskColumns) FROM tasks.task WHERE removed_by IS NULL ORDER BY position LIMIT $1
            """, .int64(Int64(max(0, count)))))
    }

    func tasks(at indices: [ClosedRange<Int>]) throws -> [Int: TaskItem] {
        var found: [Int: TaskItem] = [:]
        for run in indices where run.upperBound >= 0 {
            let start = max(0, run.lowerBound)
            let rows = try tasks(of: try query("""
                SELECT \(Self.taskColumns) FROM tasks.task WHERE removed_by IS NULL ORDER BY position LIMIT $1 OFFSET $2
                """, .int64(Int64(run.upperBound - start + 1)), .int64(Int64(start))))
            for (offset, task) in rows.enumerated() { found[start + offset] = task }
        }
        return found
    }

    /// The tasks of `rows`, selected as `taskColumns`.
    private func tasks(of rows: PostgresResult) throws -> TaskList {
        var textBytes = 0
        for row in 0..<rows.count { textBytes += rows.withBytes(row, 1) { $0.count } }
        var tasks = TaskList(reservingTextBytes: textBytes, count: rows.count)
        for row in 0..<rows.count {
            guard let id = rows.uuid(row, 0), let createdAt = rows.double(row, 4), let foreign = foreign(row, of: rows),
                  let attributes = attributes(row, of: rows) else {
                throw damagedTask(at: row)
            }
            rows.withBytes(row, 1) { text in
                tasks.append(id: id, storedText: text, isFavorite: rows.bool(row, 2) == true,
                             doneAt: rows.double(row, 3), createdAt: createdAt, foreign: foreign,
                             due: attributes.due, tags: attributes.tags, recurrence: attributes.recurrence,
                             modifiedAt: rows.double(row, 10))
            }
        }
        return tasks
    }

    func task(id: TaskItem.ID) throws -> TaskItem? {
        let rows = try query("SELECT \(Self.taskColumns) FROM tasks.task WHERE uuid = $1 AND removed_by IS NULL", .uuid(id))
        guard rows.count == 1 else { return nil }
        guard let createdAt = rows.double(0, 4), let foreign = foreign(0, of: rows),
              let attributes = attributes(0, of: rows) else {
            throw damagedTask(at: 0)
        }
        return TaskItem(id: id, text: rows.string(0, 1) ?? "", isFavorite: rows.bool(0, 2) == true,
                        doneAt: rows.double(0, 3).map(Date.init(timeIntervalSince1970:)),
                        createdAt: Date(timeIntervalSince1970: createdAt), foreign: foreign,
                        due: attributes.due, tags: attributes.tags, recurrence: attributes.recurrence,
                        modifiedAt: rows.double(0, 10).map(Date.init(timeIntervalSince1970:)))
    }

    func count() throws -> Int {
        Int(try query("SELECT count(*) FROM tasks.task WHERE removed_by IS NULL").int64(0, 0) ?? 0)
    }

    /// The list's version as this transaction started, less this storage's own commits: no one
    /// else can commit a change while a write transaction runs (it holds the list), and a read
    /// transaction sees one snapshot.
    func externalVersion() throws -> Int {
        Int(listVersion)
    }

    /// Those of `ids` that are not in the list, in the order given.
    func missing(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID] {
        try absent(ids, where: "t.removed_by IS NULL")
    }

    /// Those of `ids` with no row, live or hidden by a removal the history keeps.
    func untraced(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID] {
        try absent(ids, where: "true")
    }

    /// Those of `ids` with no row that `condition` holds for, in the order given.
    private func absent(_ ids: [TaskItem.ID], where condition: String) throws -> [TaskItem.ID] {
        let rows = try query("""
            SELECT i.id FROM unnest($1::uuid[]) WITH ORDINALITY AS i(id, ordinal)
            LEFT JOIN tasks.task t ON t.uuid = i.id AND \(condition)
            WHERE t.uuid IS NULL ORDER BY i.ordinal
            """, .uuids(ids))
        return (0..<rows.count).compactMap { rows.uuid($0, 0) }
    }

    /// The foreign fields of row `row` (selected as `taskColumns`); nil when the column holds
    /// something `ForeignFieldsCoding` did not write.
    func foreign(_ row: Int, of rows: PostgresResult) -> [String: String]? {
        rows.isNull(row, 5) ? [:] : rows.string(row, 5).flatMap(ForeignFieldsCoding.decode)
    }

    /// The due date, tags and recurrence of row `row` (selected as `taskColumns`); nil when the
    /// recurrence is not `Recurrence.storedForm`'s text.
    func attributes(_ row: Int, of rows: PostgresResult) -> (due: Due?, tags: [String], recurrence: Recurrence?)? {
        guard let recurrence = PostgresTaskRow.recurrence(stored: rows.string(row, 9)) else { return nil }
        return (Due(storedDay: rows.int64(row, 6), instant: rows.double(row, 7)),
                Tags.read(storedForm: rows.string(row, 8)), recurrence)
    }

    func damagedTask(at index: Int) -> StoreError {
        .corrupt(path: location, cause: StoreError.Cause(code: "task", message: "task \(index + 1) is incomplete"))
    }
}
