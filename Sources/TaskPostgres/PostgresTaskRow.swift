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

    /// A column of a task's row that its images keep: its name in `tasks.task`, its name in an
    /// image of `tasks.step_task` (after `before_` or `after_`) and its SQL type.
    struct Column {
        var task: String
        var image: String
        var type: String
    }

    /// Every column an image keeps, in the order `init(_:row:at:)` reads them: the one list a new
    /// field of a task joins, from which the statements that record, write and replay images are made.
    static let all = [
        Column(task: "position", image: "position", type: "int8"),
        Column(task: "text", image: "text", type: "bytea"),
        Column(task: "is_favorite", image: "favorite", type: "bool"),
        Column(task: "done_at", image: "done", type: "float8"),
        Column(task: "created_at", image: "created_at", type: "float8"),
        Column(task: "foreign_fields", image: "foreign", type: "bytea"),
        Column(task: "removed_by", image: "removed_by", type: "int8"),
    ]

    /// The columns a change to a task in the list writes: all but `removed_by`.
    static let written = Array(all.dropLast())

    /// The task's fields: the columns a change writes, its position aside.
    static let fields = Array(written.dropFirst())

    /// `columns`, each as `format` writes it, joined for a statement.
    static func sql(_ columns: [Column], _ format: (Column) -> String) -> String {
        columns.map(format).joined(separator: ", ")
    }

    /// `unnest`'s parameters for `columns`, numbered from `$first`, each cast to an array of its type.
    static func arrayParameters(_ columns: [Column], from first: Int) -> String {
        columns.enumerated().map { "$\(first + $0.offset)::\($0.element.type)[]" }.joined(separator: ", ")
    }

    /// The `tasks.task` columns an image keeps, in the order `init(_:row:at:)` reads them.
    static let taskColumns = sql(all) { $0.task }

    /// The `tasks.step_task` columns of one side's image, in the same order; `created_at` is never
    /// NULL in an image, so a NULL there means the side has none (the task did not exist on it).
    static func columns(_ side: Side, table: String = "") -> String {
        sql(all) { "\(table)\(side.rawValue)_\($0.image)" }
    }

    /// The columns' SQL types, for `unnest` and casts, in the same order.
    static let types = all.map(\.type)

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
