/// A row of the `step` table: a change other than a create, with what is needed to revert it,
/// or a range of skipped step numbers.
struct Step {
    /// What a step row records.
    enum Kind: String {
        case toggleFavorite, remove, removeAll, edit, skipped
    }

    var id: Int64
    var kind: Kind
    var taskIDs: String?
    var oldText: String?
    var newText: String?
    var taskCount: Int
    /// For `skipped`: the last number of the range.
    var lastID: Int64?
    /// For `removeAll`: `history.clearedThrough` before the clear.
    var clearedThrough: Int64?

    /// The columns `init(row:)` reads, in order.
    static let columns = "id, kind, taskIDs, oldText, newText, taskCount, lastID, clearedThrough"

    /// The tasks a toggle or an edit touched.
    var taskIDList: [TaskItem.ID] {
        (taskIDs ?? "").split(separator: ",").compactMap { TaskItem.ID($0) }
    }

    /// The public description of a change of this kind.
    var changeKind: Change.Kind? {
        switch kind {
        case .toggleFavorite: .toggleFavorite
        case .remove: .remove
        case .removeAll: .removeAll
        case .edit: .edit
        case .skipped: nil
        }
    }
}

extension Step {
    /// Decodes a row of `columns`.
    init(row: SQLiteRow) throws {
        id = row.integer(0)
        let rawKind = row.text(1)
        guard let kind = Kind(rawValue: rawKind) else {
            throw TaskDatabaseError.storage(path: "step", reason: "unknown change kind '\(rawKind)'")
        }
        self.kind = kind
        taskIDs = row.optionalText(2)
        oldText = row.optionalText(3)
        newText = row.optionalText(4)
        taskCount = Int(row.integer(5))
        lastID = row.optionalInteger(6)
        clearedThrough = row.optionalInteger(7)
    }
}
