import Foundation
internal import GRDB
import TaskModel

/// `importTasks`: many tasks in one step. A task is inserted unless its identity is stored already
/// (one probe of the `uuid` index, made by the insert itself); a stored one is read, and written
/// only when the import changes it, its row before and after kept in the step for undo and redo.
extension SQLiteTransaction {
    private static let importSQL = """
        INSERT INTO task (position, uuid, text, isFavorite, doneAt, createdAt, createdBy, foreignFields)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING
        """

    @discardableResult
    func importTasks(_ tasks: [TaskImport]) throws -> ImportOutcome {
        guard !tasks.isEmpty else { return ImportOutcome(effects: []) }
        do {
            return try savepoint { try importChangingSomething(tasks) }
        } catch let unchanged as NothingImported {
            return ImportOutcome(effects: unchanged.effects)
        }
    }

    /// Thrown inside the savepoint to roll back a step that changed nothing.
    private struct NothingImported: Error {
        var effects: [ImportOutcome.Effect]
    }

    private func importChangingSomething(_ tasks: [TaskImport]) throws -> ImportOutcome {
        let step = try beginStep()
        let clearedThrough = try loadHistory().clearedThrough
        let insert = try statement(Self.importSQL)
        let now = Date()
        var effects: [ImportOutcome.Effect] = []
        effects.reserveCapacity(tasks.count)
        var images: [ImportImage] = []
        var added = 0
        for task in tasks {
            let id = task.id ?? identities.next(at: now)
            let position = try nextAppendPosition()
            // Most imported tasks name their format with nothing in it: no dictionary is made for them.
            let foreign = task.foreign.values.contains { !$0.isEmpty }
                ? ForeignFieldsCoding.encode(task.foreign.filter { !$0.value.isEmpty }) : nil
            try insert.run(.integer(position), .uuid(id), .text(task.text), .integer(task.isFavorite ? 1 : 0),
                           SQLiteArgument(task.doneAt?.timeIntervalSince1970), .real(task.createdAt.timeIntervalSince1970),
                           .integer(step), SQLiteArgument(foreign))
            if db.changesCount == 1 {
                appendPosition = position
                added += 1
                effects.append(.added)
                continue
            }
            guard let before = try storedTask(id) else { throw damagedHistory(at: step, "an imported task vanished") }
            let isLive = before.removedBy == nil && before.createdBy > clearedThrough
            let existing = before.foreign.flatMap(ForeignFieldsCoding.decode) ?? [:]
            let after = StoredTask(
                text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt?.timeIntervalSince1970,
                createdAt: task.createdAt.timeIntervalSince1970,
                foreign: ForeignFieldsCoding.encode(ForeignFieldsCoding.merge(existing, task.foreign)),
                createdBy: isLive || before.createdBy > clearedThrough ? before.createdBy : step, removedBy: nil)
            // Bytes, not `==`: Swift calls canonically equivalent texts equal.
            if after == before, after.text.utf8.elementsEqual(before.text.utf8) {
                effects.append(.unchanged)
                continue
            }
            try write(after, of: id)
            images.append(ImportImage(id: id, before: before, after: after))
            effects.append(isLive ? .updated : .added)
        }
        if added == 0 && images.isEmpty { throw NothingImported(effects: effects) }
        try record(.importTasks(added: added, images: images), as: step)
        return ImportOutcome(effects: effects)
    }

    /// The row of task `id`, hidden or not, as an import sees it.
    func storedTask(_ id: TaskItem.ID) throws -> StoredTask? {
        var found: StoredTask?
        try statement("""
            SELECT text, isFavorite, doneAt, createdAt, foreignFields, createdBy, removedBy FROM task WHERE uuid = ?
            """).forEachRow(.uuid(id)) { row in
            found = StoredTask(text: row.text(0), isFavorite: row.integer(1) != 0, doneAt: row.optionalReal(2),
                               createdAt: row.real(3), foreign: row.optionalText(4), createdBy: row.integer(5),
                               removedBy: row.optionalInteger(6))
        }
        return found
    }

    /// Writes the columns of `task` into the row of `id` (an import, its undo or its redo).
    func write(_ task: StoredTask, of id: TaskItem.ID) throws {
        try statement("""
            UPDATE task SET text = ?, isFavorite = ?, doneAt = ?, createdAt = ?, foreignFields = ?, createdBy = ?,
                removedBy = ? WHERE uuid = ?
            """).run(.text(task.text), .integer(task.isFavorite ? 1 : 0), SQLiteArgument(task.doneAt),
                     .real(task.createdAt), SQLiteArgument(task.foreign), .integer(task.createdBy),
                     SQLiteArgument(task.removedBy), .uuid(id))
    }
}
