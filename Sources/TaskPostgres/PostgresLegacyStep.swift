import Foundation
import TaskModel

/// A step of a schema-2 history, as its `tasks.step` row and one of its `tasks.step_task` rows
/// recorded it: per kind, what undoing or redoing it did to that task. Only the upgrade to version 3
/// reads these, to turn each into the task's images before and after the step.
struct PostgresLegacyStep {
    /// What the step did, with what that kind kept in its row.
    enum Action {
        case create
        case toggleFavorite
        /// The tasks made done were checked off at `doneAt`.
        case toggleDone(doneAt: Double)
        /// remove, removeDone and removeAll: the tasks were hidden.
        case hide
        case edit(old: [UInt8], new: [UInt8])
        case move(from: Int64, to: Int64)
        case importTasks
    }

    var number: Int64
    var undone: Bool
    var action: Action

    /// The columns `init(_:row:)` reads, in order.
    static let columns = "id, kind, undone, old_text, new_text, from_position, to_position, done_at"

    /// Decodes row `row` (selected as `columns`); nil when it is not a step that release wrote.
    init?(_ result: PostgresResult, row: Int) {
        guard let number = result.int64(row, 0), let undone = result.bool(row, 2),
              let kind = result.string(row, 1).flatMap(Change.Kind.init(rawValue:)) else { return nil }
        switch kind {
        case .create: action = .create
        case .toggleFavorite: action = .toggleFavorite
        case .remove, .removeDone, .removeAll: action = .hide
        case .importTasks: action = .importTasks
        case .toggleDone:
            guard let time = result.double(row, 7) else { return nil }
            action = .toggleDone(doneAt: time)
        case .edit:
            guard let old = result.bytes(row, 3), let new = result.bytes(row, 4) else { return nil }
            action = .edit(old: old, new: new)
        case .move:
            guard let from = result.int64(row, 5), let to = result.int64(row, 6) else { return nil }
            action = .move(from: from, to: to)
        case .setDue, .retag, .setRecurrence, .sync: // not in that release
            return nil
        }
        self.number = number
        self.undone = undone
    }

    /// One task the step touched: its `tasks.step_task` row of schema 2.
    struct Record {
        var step: Int64
        var ordinal: Int32
        var task: UUID
        /// The task's last change before the step (`changed_by`), which an undo set back.
        var previousChange: Int64?
        /// Its done time before the step (a done toggle's and an import's).
        var previousDone: Double?
        /// An import's: the task's row before it (done time aside), nil for a task it added.
        var previous: PostgresTaskRow?
        /// An import's: the values it gave the task, nil for a task it added.
        var imported: PostgresTaskRow?

        /// The columns `init(_:row:)` reads, in order.
        static let columns = """
            step, ordinal, task, previous_change, previous_done, previous_text, previous_favorite, previous_created_at,
            previous_foreign, previous_removed_by, imported_text, imported_favorite, imported_done, imported_created_at,
            imported_foreign
            """

        /// Decodes row `row` (selected as `columns`); nil when an image it has is incomplete.
        init?(_ result: PostgresResult, row: Int) {
            guard let step = result.int64(row, 0), let ordinal = result.int32(row, 1), let task = result.uuid(row, 2) else {
                return nil
            }
            self.step = step
            self.ordinal = ordinal
            self.task = task
            previousChange = result.int64(row, 3)
            previousDone = result.double(row, 4)
            if let createdAt = result.double(row, 7) {
                guard let text = result.bytes(row, 5), let favorite = result.bool(row, 6) else { return nil }
                previous = PostgresTaskRow(position: 0, text: text, isFavorite: favorite, doneAt: previousDone,
                                           createdAt: createdAt, foreign: result.bytes(row, 8),
                                           removedBy: result.int64(row, 9))
            }
            if let createdAt = result.double(row, 13) {
                guard let text = result.bytes(row, 10), let favorite = result.bool(row, 11) else { return nil }
                imported = PostgresTaskRow(position: 0, text: text, isFavorite: favorite, doneAt: result.double(row, 12),
                                           createdAt: createdAt, foreign: result.bytes(row, 14), removedBy: nil)
            }
        }
    }

    /// Whether the task had no row before the step: it made the task (a create, an import adding it).
    func made(_ record: Record) -> Bool {
        switch action {
        case .create: true
        case .importTasks: record.previous == nil
        default: false
        }
    }

    /// The task's row before the step, given its row after it (what undoing the step wrote); nil
    /// when the step made it.
    func before(_ record: Record, after row: PostgresTaskRow) -> PostgresTaskRow? {
        guard !made(record) else { return nil }
        return row.with { row in
            switch action {
            case .create: break
            case .toggleFavorite: row.isFavorite.toggle()
            case .toggleDone: row.doneAt = record.previousDone
            case .hide: row.removedBy = nil
            case let .edit(old, _): row.text = old
            case let .move(from, _): row.position = from
            case .importTasks:
                guard let previous = record.previous else { return }
                row = previous.with { $0.position = row.position }
            }
        }
    }

    /// The task's row after the step, given its row before it (what redoing the step wrote).
    func after(_ record: Record, before row: PostgresTaskRow) -> PostgresTaskRow {
        row.with { row in
            switch action {
            case .create: row.removedBy = nil
            case .toggleFavorite: row.isFavorite.toggle()
            case let .toggleDone(doneAt): row.doneAt = record.previousDone == nil ? doneAt : nil
            case .hide: row.removedBy = number
            case let .edit(_, new): row.text = new
            case let .move(_, to): row.position = to
            case .importTasks:
                if let imported = record.imported { row = imported.with { $0.position = row.position } }
                row.removedBy = nil
            }
        }
    }
}
