import Foundation
import TaskModel

/// A task's row as stored, every column a step's image keeps: its fields as bytes and numbers
/// (exactly as the columns hold them, so that an image written back is the row it was), its
/// position and `removed_by`. `tasks.step_task` keeps one of these per side of a step, in the seven
/// columns `columns(_:)` names; a row whose `removedBy` is set is hidden, not in the list.
struct PostgresTaskRow: Hashable {
    var position: Int64
    var text: [UInt8]
    var isFavorite: Bool
    var doneAt: Double?
    var createdAt: Double
    /// `foreign_fields`, as `ForeignFieldsCoding` wrote it; nil when the task has none.
    var foreign: [UInt8]?
    /// The step that hid the row; nil while it is in the list.
    var removedBy: Int64?

    /// Which side of a step an image is.
    enum Side: String {
        case before, after
    }

    /// The `tasks.task` columns an image keeps, in the order `init(_:row:at:)` reads them.
    static let taskColumns = "position, text, is_favorite, done_at, created_at, foreign_fields, removed_by"

    /// The `tasks.step_task` columns of one side's image, in the same order; `created_at` is never
    /// NULL in an image, so a NULL there means the side has none (the task did not exist on it).
    static func columns(_ side: Side, table: String = "") -> String {
        ["position", "text", "favorite", "done", "created_at", "foreign", "removed_by"]
            .map { "\(table)\(side.rawValue)_\($0)" }.joined(separator: ", ")
    }

    /// The columns' SQL types, for `unnest` and casts, in the same order.
    static let types = ["int8", "bytea", "bool", "float8", "float8", "bytea", "int8"]

    /// The same row with other values.
    func with(_ change: (inout PostgresTaskRow) -> Void) -> PostgresTaskRow {
        var copy = self
        change(&copy)
        return copy
    }

    /// The task as the list shows it, when it is in the list; nil when it is hidden; throws when its
    /// foreign fields are not `ForeignFieldsCoding`'s text.
    func state(of id: TaskItem.ID) throws(Malformed) -> TaskState? {
        guard removedBy == nil else { return nil }
        var fields: [String: String] = [:]
        if let foreign {
            guard let decoded = ForeignFieldsCoding.decode(String(decoding: foreign, as: UTF8.self)) else {
                throw Malformed(reason: "its foreign fields do not decode")
            }
            fields = decoded
        }
        return TaskState(TaskItem(id: id, text: String(decoding: text, as: UTF8.self), isFavorite: isFavorite,
                                  doneAt: doneAt.map(Date.init(timeIntervalSince1970:)),
                                  createdAt: Date(timeIntervalSince1970: createdAt), foreign: fields),
                         at: position)
    }

    /// Why a row or an image could not be read.
    struct Malformed: Error {
        var reason: String
    }
}

extension PostgresTaskRow {
    /// Reads the seven columns from `column` on of row `row` (selected as `taskColumns` or
    /// `columns(_:)`); nil when `created_at` is NULL (no image); throws when a column that is never
    /// NULL in a row is.
    init?(_ result: PostgresResult, row: Int, at column: Int) throws(Malformed) {
        guard let createdAt = result.double(row, column + 4) else { return nil }
        guard let position = result.int64(row, column), let text = result.bytes(row, column + 1),
              let isFavorite = result.bool(row, column + 2) else {
            throw Malformed(reason: "an image is incomplete")
        }
        self.init(position: position, text: text, isFavorite: isFavorite, doneAt: result.double(row, column + 3),
                  createdAt: createdAt, foreign: result.bytes(row, column + 5), removedBy: result.int64(row, column + 6))
    }

    /// The task's row for `state`, in the list.
    init(_ state: TaskState) {
        self.init(position: state.position, text: Array(state.task.text.utf8), isFavorite: state.task.isFavorite,
                  doneAt: state.task.doneAt?.timeIntervalSince1970, createdAt: state.task.createdAt.timeIntervalSince1970,
                  foreign: ForeignFieldsCoding.encode(state.task.foreign).map { Array($0.utf8) }, removedBy: nil)
    }

    /// `images` as seven array parameters, one per column in `types`' order (NULL where there is no
    /// image), for a statement to `unnest`.
    static func arrays(_ images: [PostgresTaskRow?]) -> [PostgresValue] {
        [.int64s(images.map { $0?.position }), .byteas(images.map { $0?.text }), .bools(images.map { $0?.isFavorite }),
         .doubles(images.map { $0?.doneAt }), .doubles(images.map { $0?.createdAt }),
         .byteas(images.map { $0?.foreign }), .int64s(images.map { $0?.removedBy })]
    }
}
