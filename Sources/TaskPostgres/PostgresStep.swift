import TaskModel

/// One change of the undo history, as its `tasks.step` row records it: what it did and what
/// reverting or redoing it needs beyond the tasks it touched (`tasks.step_task`). A row that does
/// not decode into one of these is a damaged history: nothing is ever read as 0 or "".
struct PostgresStep {
    /// What the change did, with what that kind of change keeps in its row.
    enum Action {
        case create
        case toggleFavorite
        /// The tasks made done were checked off at `doneAt` (the others' times are per task).
        case toggleDone(doneAt: Double)
        case remove
        case removeDone
        case removeAll
        /// The text was `old` before and `new` after (bytes, as stored).
        case edit(old: [UInt8], new: [UInt8])
        /// The task went from one position to another.
        case move(from: Int64, to: Int64)
        /// Tasks were imported: added, updated or brought back (their images are in `step_task`).
        case importTasks

        /// The kind of change, for descriptions (the `kind` column holds its raw value).
        var kind: Change.Kind {
            switch self {
            case .create: .create
            case .toggleFavorite: .toggleFavorite
            case .toggleDone: .toggleDone
            case .remove: .remove
            case .removeDone: .removeDone
            case .removeAll: .removeAll
            case .edit: .edit
            case .move: .move
            case .importTasks: .importTasks
            }
        }
    }

    /// The step's number (`tasks.step.id`).
    var number: Int64
    /// How many tasks it touched.
    var taskCount: Int
    var action: Action

    /// The columns `init(row:of:)` reads, in order.
    static let columns = "id, kind, task_count, old_text, new_text, from_position, to_position, done_at"

    /// Why a row could not be decoded.
    struct Malformed: Error {
        var step: Int64
        var reason: String
    }
}

// In an extension, so that the memberwise initializer stays.
extension PostgresStep {
    /// Decodes row `row` of `result` (selected as `columns`); throws `Malformed`, with the reason,
    /// when it is not a step this version of tasks knows (as SQLite's `Step(record:)` does).
    init(row: Int, of result: PostgresResult) throws(Malformed) {
        guard let number = result.int64(row, 0) else { throw Malformed(step: 0, reason: "it has no number") }
        func failure(_ reason: String) -> Malformed { Malformed(step: number, reason: reason) }
        guard let kindName = result.string(row, 1), let kind = Change.Kind(rawValue: kindName) else {
            throw failure("unknown change kind '\(result.string(row, 1) ?? "")'")
        }
        guard let count = result.int32(row, 2), count > 0 else { throw failure("it names no task") }
        let action: Action
        switch kind {
        case .create: action = .create
        case .toggleFavorite: action = .toggleFavorite
        case .remove: action = .remove
        case .removeDone: action = .removeDone
        case .removeAll: action = .removeAll
        case .toggleDone:
            guard let time = result.double(row, 7) else { throw failure("a done toggle has no time") }
            action = .toggleDone(doneAt: time)
        case .edit:
            guard let old = result.bytes(row, 3), let new = result.bytes(row, 4) else { throw failure("an edit has no texts") }
            action = .edit(old: old, new: new)
        case .move:
            guard let from = result.int64(row, 5), let to = result.int64(row, 6) else {
                throw failure("a move has no positions")
            }
            action = .move(from: from, to: to)
        case .importTasks: action = .importTasks
        }
        self.init(number: number, taskCount: Int(count), action: action)
    }
}
