import Foundation
import TaskModel

/// What an import does to the shared list, decided before a thing is written: for each task given,
/// in order, whether it is added, updated or unchanged, and the row that each task it changes ends
/// up with. The rules are `TaskWriting.importTasks`'s, as the SQLite backend applies them one task
/// at a time: a task given twice is compared with what the first time made of it.
struct PostgresImportPlan {
    /// The columns of a task row that an import writes, as stored (the text and foreign fields as bytes).
    struct Row: Equatable {
        var text: [UInt8]
        var isFavorite: Bool
        var doneAt: Double?
        var createdAt: Double
        /// `ForeignFieldsCoding`'s text of the foreign fields; nil when there are none.
        var foreign: [UInt8]?
    }

    /// A stored row, and whether its task is in the list (not hidden).
    struct StoredRow {
        var row: Row
        var isLive: Bool
    }

    /// A task the import changes, with its row after the import.
    struct Changed {
        var id: TaskItem.ID
        /// Whether the list holds no row of it, hidden or not: it is inserted.
        var isNew: Bool
        var row: Row
    }

    /// One effect per task added, in order.
    private(set) var effects: [ImportOutcome.Effect] = []
    /// The tasks the import changes, each once, in the order they were first changed.
    private(set) var changed: [Changed] = []
    /// Whether a task it changes is a hidden one brought back.
    private(set) var bringsBack = false
    private let stored: [TaskItem.ID: StoredRow]
    /// Where each task of `changed` is in it.
    private var changedIndex: [TaskItem.ID: Int] = [:]

    /// A plan against `stored`, the rows the list holds of the identities to be imported.
    init(stored: [TaskItem.ID: StoredRow]) {
        self.stored = stored
    }

    /// Adds `task`, whose identity is `id` (its own, or a new one when it has none).
    mutating func add(_ task: TaskImport, id: TaskItem.ID) {
        if let index = changedIndex[id] { // changed by this import already
            let row = Self.row(task, over: changed[index].row.foreign)
            effects.append(row == changed[index].row ? .unchanged : .updated)
            changed[index].row = row
            return
        }
        let before = stored[id]
        let row = Self.row(task, over: before?.row.foreign)
        if let before, before.isLive, row == before.row {
            effects.append(.unchanged)
            return
        }
        changedIndex[id] = changed.count
        changed.append(Changed(id: id, isNew: before == nil, row: row))
        effects.append(before?.isLive == true ? .updated : .added)
        if before?.isLive == false { bringsBack = true }
    }

    /// The row `task` makes, its foreign fields put over `existing` (as stored) format by format.
    private static func row(_ task: TaskImport, over existing: [UInt8]?) -> Row {
        Row(text: Array(task.text.utf8), isFavorite: task.isFavorite, doneAt: task.doneAt?.timeIntervalSince1970,
            createdAt: task.createdAt.timeIntervalSince1970, foreign: foreign(task.foreign, over: existing))
    }

    /// The stored foreign fields after `incoming` is merged over `existing` (`ForeignFieldsCoding.merge`).
    private static func foreign(_ incoming: [String: String], over existing: [UInt8]?) -> [UInt8]? {
        // Most imported tasks name their format with nothing in it: no dictionary is made for them.
        if existing == nil, !incoming.values.contains(where: { !$0.isEmpty }) { return nil }
        let fields = existing.flatMap { ForeignFieldsCoding.decode(String(decoding: $0, as: UTF8.self)) } ?? [:]
        return ForeignFieldsCoding.encode(ForeignFieldsCoding.merge(fields, incoming)).map { Array($0.utf8) }
    }
}
