import Foundation
import TaskModel

/// A task's row as stored, every column but its identity: what the undo history keeps of a task
/// before and after a step (the `before_…` and `after_…` columns of `step_task`), and what an
/// import reads of the tasks it may change.
struct TaskRow: Equatable {
    var position: Int64
    var text: String
    var isFavorite: Bool
    var doneAt: Double?
    var createdAt: Double
    /// The `foreignFields` column as stored (`ForeignFieldsCoding`).
    var foreign: String?
    var dueDay: Int64?
    var dueAt: Double?
    /// The `tags` and `recurrence` columns as stored (`Tags`, `Recurrence.storedForm`).
    var tags: String?
    var recurrence: String?
    /// `TaskItem.modifiedAt`, in seconds since 1970 (schema 6).
    var modifiedAt: Double?
    var createdBy: Int64
    var removedBy: Int64?

    /// The columns of a task's fields (`TaskItem`'s, its identity aside), in the order
    /// `fieldArguments` binds them: the one list a new field joins.
    static let fieldColumns = ["text", "isFavorite", "doneAt", "createdAt", "foreignFields", "dueDay", "dueAt", "tags",
                               "recurrence", "modifiedAt"]

    /// The columns of a row, in the order `init(row:at:)` reads them and `arguments` binds them,
    /// each name after `prefix` (`before_`, `after_`, or "" for the `task` table's own).
    static func columns(_ prefix: String = "") -> String {
        (["position"] + columnsAfterPosition).map { prefix + $0 }.joined(separator: ", ")
    }

    /// The columns after `position`: every one but the task's place, which a write of a row back
    /// leaves to `place`.
    static let columnsAfterPosition = fieldColumns + ["createdBy", "removedBy"]

    /// How many columns `columns` names.
    static let columnCount = fieldColumns.count + 3

    /// How many columns `SQLiteTransaction.taskColumns` names: the identity, then `fieldColumns`.
    static let taskColumnCount = fieldColumns.count + 1

    /// The SQL that writes one row of `step_task`: the step, the task's ordinal in it, the task, and
    /// its row before and after, each bound from `arguments`.
    static let insertImageSQL = """
        INSERT INTO step_task (step, ordinal, task, \(columns("before_")), \(columns("after_")))
        VALUES (?, ?, ?, \(Array(repeating: "?", count: 2 * columnCount).joined(separator: ", ")))
        """

    /// `column = ?` for each of `columns`, joined for an UPDATE.
    static func assignments(_ columns: [String]) -> String {
        columns.map { "\($0) = ?" }.joined(separator: ", ")
    }

    /// The values of `fieldColumns` for `task`, to bind.
    static func fieldArguments(_ task: TaskItem) -> [SQLiteArgument] {
        let due = task.due?.stored
        return [.text(task.text), .integer(task.isFavorite ? 1 : 0), SQLiteArgument(task.doneAt?.timeIntervalSince1970),
                .real(task.createdAt.timeIntervalSince1970), SQLiteArgument(ForeignFieldsCoding.encode(task.foreign)),
                SQLiteArgument(due?.day), SQLiteArgument(due?.instant), SQLiteArgument(Tags.storedForm(task.tags)),
                SQLiteArgument(task.recurrence?.storedForm), SQLiteArgument(task.modifiedAt?.timeIntervalSince1970)]
    }
}

// In an extension, so that the memberwise initializer stays.
extension TaskRow {
    /// Reads the columns from `start` on; nil when one holds a value of another kind than its own
    /// (a damaged row: SQLite would read a text as the number 0).
    init?(row: SQLiteRow, at start: Int32) {
        let kinds: [(SQLiteValueKind, orNull: Bool)] = [
            (.integer, false), (.text, false), (.integer, false), (.number, true), (.number, false), (.text, true),
            (.integer, true), (.number, true), (.text, true), (.text, true), (.number, true), (.integer, false),
            (.integer, true),
        ]
        for (offset, kind) in kinds.enumerated() where !row.holds(kind.0, start + Int32(offset), orNull: kind.orNull) {
            return nil
        }
        self.init(position: row.integer(start), text: row.text(start + 1), isFavorite: row.integer(start + 2) != 0,
                  doneAt: row.optionalReal(start + 3), createdAt: row.real(start + 4),
                  foreign: row.optionalText(start + 5), dueDay: row.optionalInteger(start + 6),
                  dueAt: row.optionalReal(start + 7), tags: row.optionalText(start + 8),
                  recurrence: row.optionalText(start + 9), modifiedAt: row.optionalReal(start + 10),
                  createdBy: row.integer(start + 11), removedBy: row.optionalInteger(start + 12))
    }

    /// The row of a task in the list with `row`'s fields.
    init(_ row: ImportPlan.Row, position: Int64, createdBy: Int64) {
        let due = row.due?.stored
        self.init(position: position, text: row.text, isFavorite: row.isFavorite, doneAt: row.doneAt,
                  createdAt: row.createdAt, foreign: ForeignFieldsCoding.encode(row.foreign), dueDay: due?.day,
                  dueAt: due?.instant, tags: Tags.storedForm(row.tags), recurrence: row.recurrence?.storedForm,
                  modifiedAt: row.modifiedAt, createdBy: createdBy, removedBy: nil)
    }

    /// The values `columns` names, to bind.
    var arguments: [SQLiteArgument] {
        [.integer(position), .text(text), .integer(isFavorite ? 1 : 0), SQLiteArgument(doneAt), .real(createdAt),
         SQLiteArgument(foreign), SQLiteArgument(dueDay), SQLiteArgument(dueAt), SQLiteArgument(tags),
         SQLiteArgument(recurrence), SQLiteArgument(modifiedAt), .integer(createdBy), SQLiteArgument(removedBy)]
    }

    /// Whether the row is in the list: not removed, and not hidden by a clear up to `clearedThrough`.
    func isLive(clearedThrough: Int64) -> Bool {
        removedBy == nil && createdBy > clearedThrough
    }

    /// The task's state, whether it is in the list or not; nil when its foreign fields or its
    /// recurrence do not read.
    func state(id: TaskItem.ID) -> TaskState? {
        guard let fields = foreign.map(ForeignFieldsCoding.decode) ?? [:] else { return nil }
        var readRecurrence: Recurrence?
        if let recurrence {
            guard let read = Recurrence(storedForm: recurrence) else { return nil }
            readRecurrence = read
        }
        let task = TaskItem(id: id, text: text, isFavorite: isFavorite,
                            doneAt: doneAt.map(Date.init(timeIntervalSince1970:)),
                            createdAt: Date(timeIntervalSince1970: createdAt), foreign: fields,
                            due: Due(storedDay: dueDay, instant: dueAt), tags: Tags.read(storedForm: tags),
                            recurrence: readRecurrence, modifiedAt: modifiedAt.map(Date.init(timeIntervalSince1970:)))
        return TaskState(task, at: position)
    }
}
