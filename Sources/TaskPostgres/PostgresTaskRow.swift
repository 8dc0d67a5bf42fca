import Foundation
import TaskModel

/// A task's row as stored, every column a step's image keeps: its fields as bytes and numbers
/// (exactly as the columns hold them, so that an image written back is the row it was), its
/// position and `removed_by`. `tasks.step_task` keeps one of these per side of a step, in the
/// columns `columns(_:)` names; a row whose `removedBy` is set is hidden, not in the list.
struct PostgresTaskRow: Hashable {
    var position: Int64
    var text: [UInt8]
    var isFavorite: Bool
    var doneAt: Double?
    var createdAt: Double
    /// `foreign_fields`, as `ForeignFieldsCoding` wrote it; nil when the task has none.
    var foreign: [UInt8]?
    /// `due_day` and `due_at` (`Due.stored`); nil when the task has no due date. Rows of releases
    /// before them (`PostgresLegacyStep`) have none of these four.
    var dueDay: Int64? = nil
    var dueAt: Double? = nil
    /// `tags` and `recurrence` as stored (`Tags.storedForm`, `Recurrence.storedForm`).
    var tags: String? = nil
    var recurrence: String? = nil
    /// `modified_at` (schema 5): `TaskItem.modifiedAt`, in seconds since 1970.
    var modifiedAt: Double? = nil
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
        Column(task: "due_day", image: "due_day", type: "int8"),
        Column(task: "due_at", image: "due_at", type: "float8"),
        Column(task: "tags", image: "tags", type: "text"),
        Column(task: "recurrence", image: "recurrence", type: "text"),
        Column(task: "modified_at", image: "modified_at", type: "float8"),
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
    /// foreign fields are not `ForeignFieldsCoding`'s text or its recurrence not `Recurrence.storedForm`.
    func state(of id: TaskItem.ID) throws(Malformed) -> TaskState? {
        guard removedBy == nil else { return nil }
        var fields: [String: String] = [:]
        if let foreign {
            guard let decoded = ForeignFieldsCoding.decode(String(decoding: foreign, as: UTF8.self)) else {
                throw Malformed(reason: "its foreign fields do not decode")
            }
            fields = decoded
        }
        guard let recurrence = Self.recurrence(stored: recurrence) else {
            throw Malformed(reason: "its recurrence does not read")
        }
        return TaskState(TaskItem(id: id, text: String(decoding: text, as: UTF8.self), isFavorite: isFavorite,
                                  doneAt: doneAt.map(Date.init(timeIntervalSince1970:)),
                                  createdAt: Date(timeIntervalSince1970: createdAt), foreign: fields,
                                  due: Due(storedDay: dueDay, instant: dueAt), tags: Tags.read(storedForm: tags),
                                  recurrence: recurrence, modifiedAt: modifiedAt.map(Date.init(timeIntervalSince1970:))),
                         at: position)
    }

    /// The recurrence a `recurrence` column holds: `.some(nil)` for NULL, nil when it is not
    /// `Recurrence.storedForm`'s text.
    static func recurrence(stored: String?) -> Recurrence?? {
        guard let stored else { return .some(nil) }
        return Recurrence(storedForm: stored).map { $0 }
    }

    /// Why a row or an image could not be read.
    struct Malformed: Error {
        var reason: String
    }
}

extension PostgresTaskRow {
    /// Reads the columns of `all` from `column` on of row `row` (selected as `taskColumns` or
    /// `columns(_:)`); nil when `created_at` is NULL (no image); throws when a column that is never
    /// NULL in a row is.
    init?(_ result: PostgresResult, row: Int, at column: Int) throws(Malformed) {
        guard let createdAt = result.double(row, column + 4) else { return nil }
        guard let position = result.int64(row, column), let text = result.bytes(row, column + 1),
              let isFavorite = result.bool(row, column + 2) else {
            throw Malformed(reason: "an image is incomplete")
        }
        self.init(position: position, text: text, isFavorite: isFavorite, doneAt: result.double(row, column + 3),
                  createdAt: createdAt, foreign: result.bytes(row, column + 5), dueDay: result.int64(row, column + 6),
                  dueAt: result.double(row, column + 7), tags: result.string(row, column + 8),
                  recurrence: result.string(row, column + 9), modifiedAt: result.double(row, column + 10),
                  removedBy: result.int64(row, column + 11))
    }

    /// The task's row for `state`, in the list.
    init(_ state: TaskState) {
        let task = state.task
        self.init(position: state.position, text: task.text, isFavorite: task.isFavorite,
                  doneAt: task.doneAt?.timeIntervalSince1970, createdAt: task.createdAt.timeIntervalSince1970,
                  foreign: task.foreign, due: task.due, tags: task.tags, recurrence: task.recurrence,
                  modifiedAt: task.modifiedAt?.timeIntervalSince1970)
    }

    /// The row in the list at `position` an import writes for `row`.
    init(_ row: ImportPlan.Row, position: Int64) {
        self.init(position: position, text: row.text, isFavorite: row.isFavorite, doneAt: row.doneAt,
                  createdAt: row.createdAt, foreign: row.foreign, due: row.due, tags: row.tags, recurrence: row.recurrence,
                  modifiedAt: row.modifiedAt)
    }

    /// The row in the list of a task with these fields, each as its column holds it.
    private init(position: Int64, text: String, isFavorite: Bool, doneAt: Double?, createdAt: Double,
                 foreign: [String: String], due: Due?, tags: [String], recurrence: Recurrence?, modifiedAt: Double?) {
        let due = due?.stored
        self.init(position: position, text: Array(text.utf8), isFavorite: isFavorite, doneAt: doneAt,
                  createdAt: createdAt, foreign: ForeignFieldsCoding.encode(foreign).map { Array($0.utf8) },
                  dueDay: due?.day, dueAt: due?.instant, tags: Tags.storedForm(tags),
                  recurrence: recurrence?.storedForm, modifiedAt: modifiedAt, removedBy: nil)
    }

    /// The row as one parameter per column of `written` (all but `removed_by`), in its order.
    var writtenValues: [PostgresValue] {
        func optional<T>(_ value: T?, _ make: (T) -> PostgresValue) -> PostgresValue { value.map(make) ?? .null }
        return [.int64(position), .bytes(text), .bool(isFavorite), optional(doneAt, PostgresValue.double),
                .double(createdAt), optional(foreign, PostgresValue.bytes), optional(dueDay, PostgresValue.int64),
                optional(dueAt, PostgresValue.double), optional(tags, PostgresValue.text),
                optional(recurrence, PostgresValue.text), optional(modifiedAt, PostgresValue.double)]
    }

    /// `$first::type, …`: a parameter for each of `columns`, cast to its type.
    static func parameters(_ columns: [Column], from first: Int) -> String {
        columns.enumerated().map { "$\(first + $0.offset)::\($0.element.type)" }.joined(separator: ", ")
    }

    /// `images` as array parameters, one per column of `all` in its order (NULL where there is no
    /// image), for a statement to `unnest`.
    static func arrays(_ images: [PostgresTaskRow?]) -> [PostgresValue] {
        [.int64s(images.map { $0?.position })] + fieldArrays(images) + [.int64s(images.map { $0?.removedBy })]
    }

    /// The arrays of `arrays` for `fields` alone.
    static func fieldArrays(_ images: [PostgresTaskRow?]) -> [PostgresValue] {
        [.byteas(images.map { $0?.text }), .bools(images.map { $0?.isFavorite }), .doubles(images.map { $0?.doneAt }),
         .doubles(images.map { $0?.createdAt }), .byteas(images.map { $0?.foreign }), .int64s(images.map { $0?.dueDay }),
         .doubles(images.map { $0?.dueAt }), .texts(images.map { $0?.tags }), .texts(images.map { $0?.recurrence }),
         .doubles(images.map { $0?.modifiedAt })]
    }
}
