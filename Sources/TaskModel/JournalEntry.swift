import Foundation
internal import GRDB

/// One row of the undo journal: what a change did, and what is needed to revert it.
struct JournalEntry {
    var id: Int64
    var kind: Change.Kind
    var taskID: TaskItem.ID?
    var taskIDs: String?
    var oldText: String?
    var newText: String?
    var taskCount: Int
    var isUndone: Bool

    /// The columns to select: texts as blobs, so that NUL characters survive (see `TaskItem.init(row:)`).
    static let columns = """
        id, kind, taskID, taskIDs, CAST(oldText AS BLOB) AS oldText, CAST(newText AS BLOB) AS newText,
        taskCount, isUndone
        """

    /// The tasks a favourite toggle touched.
    var taskIDList: [TaskItem.ID] {
        (taskIDs ?? "").split(separator: ",").compactMap { TaskItem.ID($0) }
    }
}

extension JournalEntry: FetchableRecord {
    init(row: Row) throws {
        id = row["id"]
        let rawKind: String = row["kind"]
        guard let kind = Change.Kind(rawValue: rawKind) else {
            throw TaskDatabaseError.storage(path: "journal", reason: "unknown change kind '\(rawKind)'")
        }
        self.kind = kind
        taskID = row["taskID"]
        taskIDs = row["taskIDs"]
        oldText = (row["oldText"] as Data?).map { String(decoding: $0, as: UTF8.self) }
        newText = (row["newText"] as Data?).map { String(decoding: $0, as: UTF8.self) }
        taskCount = row["taskCount"]
        isUndone = row["isUndone"]
    }
}
