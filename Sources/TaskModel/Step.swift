import Foundation
internal import GRDB

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

    /// The columns to select: texts as blobs, so that NUL characters survive (see `TaskItem.init(row:)`).
    static let columns = """
        id, kind, taskIDs, CAST(oldText AS BLOB) AS oldText, CAST(newText AS BLOB) AS newText, taskCount, lastID,
        clearedThrough
        """

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

extension Step: FetchableRecord {
    init(row: Row) throws {
        id = row["id"]
        let rawKind: String = row["kind"]
        guard let kind = Kind(rawValue: rawKind) else {
            throw TaskDatabaseError.storage(path: "step", reason: "unknown change kind '\(rawKind)'")
        }
        self.kind = kind
        taskIDs = row["taskIDs"]
        oldText = (row["oldText"] as Data?).map { String(decoding: $0, as: UTF8.self) }
        newText = (row["newText"] as Data?).map { String(decoding: $0, as: UTF8.self) }
        taskCount = row["taskCount"]
        lastID = row["lastID"]
        clearedThrough = row["clearedThrough"]
    }
}
