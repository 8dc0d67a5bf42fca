import Foundation
internal import GRDB
import TaskModel

/// The changes that add and remove tasks, written as this store keeps them compactly (`Schema`);
/// changes to tasks' fields and places are TaskModel's (`FieldChanges`), over `StepHistory`.
extension SQLiteTransaction: TaskWriting {
    private static let insertPlainTaskSQL =
        "INSERT INTO task (position, uuid, text, createdAt, createdBy) VALUES (?, ?, ?, ?, ?)"

    static let insertTaskSQL = """
        INSERT INTO task (position, uuid, \(TaskRow.fieldColumns.joined(separator: ", ")), createdBy)
        VALUES (?, ?, \(Array(repeating: "?", count: TaskRow.fieldColumns.count).joined(separator: ", ")), ?)
        """

    @discardableResult
    func create(text: String, attributes: TaskEdit) throws -> TaskItem {
        try mapErrors {
            let step = try beginStep()
            let createdAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970) // as it reads back
            let task = attributes.applied(to: TaskItem(id: identities.next(at: createdAt), text: text, createdAt: createdAt))
            let position = try nextAppendPosition()
            // A script of many adds looks each statement up once; a plain add binds five values, not twelve.
            if attributes == TaskEdit() {
                let insert = try insertPlainTask ?? statement(Self.insertPlainTaskSQL)
                insertPlainTask = insert
                try insert.run(.integer(position), .uuid(task.id), .text(text), .real(createdAt.timeIntervalSince1970),
                               .integer(step))
            } else {
                let insert = try insertTask ?? statement(Self.insertTaskSQL)
                insertTask = insert
                try insert.run([.integer(position), .uuid(task.id)] + TaskRow.fieldArguments(task) + [.integer(step)])
            }
            appendPosition = position
            return task
        }
    }

    func remove(ids: [TaskItem.ID]) throws {
        guard let ids = try namedLiveTasks(ids) else { return }
        try mapErrors {
            let step = try beginStep()
            try addStepRow(step, .remove)
            try hide(ids, as: step, from: 0)
        }
    }

    /// Hides each task of `ids` (all in the list) as part of step `step`, its images numbered from
    /// `ordinal` on: its row before, and the same row hidden by the step.
    func hide(_ ids: [TaskItem.ID], as step: Int64, from ordinal: Int64) throws {
        guard !ids.isEmpty else { return }
        let record = try statement(Self.recordHidingSQL("uuid = ?3", ordinal: "?2"))
        let hide = try statement("UPDATE task SET removedBy = ? WHERE uuid = ?")
        for (offset, id) in ids.enumerated() {
            try record.run(.integer(step), .integer(ordinal + Int64(offset)), .uuid(id))
            try hide.run(.integer(step), .uuid(id))
        }
    }

    /// The SQL that records, for each task in the list that `condition` selects, its row before a
    /// removal and the same row hidden by it: `?1` the step, `ordinal` each task's place in the step.
    private static func recordHidingSQL(_ condition: String, ordinal: String) -> String {
        """
        INSERT INTO step_task (step, ordinal, task, \(TaskRow.columns("before_")), \(TaskRow.columns("after_")))
        SELECT ?1, \(ordinal), uuid, \(TaskRow.columns()), position, \(TaskRow.fieldColumns.joined(separator: ", ")),
            createdBy, ?1
        FROM task WHERE \(condition) AND \(isLive)
        """
    }

    @discardableResult
    func removeAll() throws -> Int {
        let count = try count()
        guard count > 0 else { return 0 }
        return try mapErrors {
            let step = try beginStep()
            try addStepRow(step, .removeAll, through: loadHistory().clearedThrough)
            try setClearedThrough(step)
            return count
        }
    }

    @discardableResult
    func removeDone() throws -> Int {
        try mapErrors {
            let count = try Int.fetchOne(db.cachedStatement(sql: """
                SELECT count(*) FROM task WHERE doneAt IS NOT NULL AND \(Self.isLive)
                """)) ?? 0
            guard count > 0 else { return 0 }
            let step = try beginStep()
            try addStepRow(step, .removeDone)
            try statement(Self.recordHidingSQL("doneAt IS NOT NULL", ordinal: "row_number() OVER (ORDER BY position) - 1"))
                .run(.integer(step))
            try statement("UPDATE task SET removedBy = ? WHERE doneAt IS NOT NULL AND \(Self.isLive)").run(.integer(step))
            return count
        }
    }

    /// Runs `body` in a savepoint: if it throws, what it changed is rolled back and the error rethrown,
    /// while the enclosing transaction goes on (used to skip a failing script line).
    func savepoint<T>(_ body: () throws -> T) throws -> T {
        let (historyBefore, storedBefore) = (history, storedHistory)
        var result: T?
        do {
            try db.inSavepoint {
                result = try body()
                return .commit
            }
        } catch {
            (history, storedHistory) = (historyBefore, storedBefore) // as the rolled-back rows are
            throw StoreError.mapping(error, path: path)
        }
        guard let result else {
            throw StoreError.storage(path: path, cause: StoreError.Cause(code: "savepoint", message: "ended early"))
        }
        return result
    }
}
