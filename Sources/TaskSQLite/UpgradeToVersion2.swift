import Foundation
internal import GRDB
import TaskModel

/// Brings a store of schema version 1 (the first release, where a task's row id was at once its
/// identity, its position and its creating step) to version 2: each task gets a UUID, a position
/// in the same order, and its id as `createdBy`; each undo step becomes a `LegacyStep` row. A new store
/// goes through here too, with nothing to carry over.
///
/// The undo history is kept when every step decodes and names only stored tasks; otherwise it is
/// dropped (the tasks in the list are all kept) and the upgrade says so.
enum UpgradeToVersion2 {
    /// Runs inside the migration's transaction; returns what it did to a store that had tasks or
    /// history, nil for a new store.
    static func run(_ db: Database) throws -> StoreUpgrade? {
        let hadContent = try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM task) + (SELECT count(*) FROM step)") ?? 0
        try db.execute(sql: """
            ALTER TABLE task RENAME TO task_v1;
            ALTER TABLE step RENAME TO step_v1;
            DROP INDEX task_removedBy;
            DROP INDEX task_restoredBy;
            """)
        try db.execute(sql: Schema.version2Tables)
        let identities = try copyTasks(db)
        let keptHistory = try copySteps(db, identities: identities)
        if !keptHistory { try dropHistory(db) }
        try db.execute(sql: "DROP TABLE task_v1; DROP TABLE step_v1; PRAGMA user_version = 2")
        return hadContent > 0 ? StoreUpgrade(fromVersion: 1, keptHistory: keptHistory) : nil
    }

    /// Copies every task (texts byte for byte, by SQLite), giving each a new identity; returns them by old id.
    private static func copyTasks(_ db: Database) throws -> [Int64: UUID] {
        var identities: [Int64: UUID] = [:]
        var generator = IdentityGenerator()
        let rows = try Row.fetchAll(db, sql: "SELECT id, createdAt FROM task_v1 ORDER BY id")
        let insert = try db.makeStatement(sql: """
            INSERT INTO task (position, uuid, text, isFavorite, createdAt, createdBy, removedBy, restoredBy)
            SELECT id * \(ListPosition.gap), ?, text, isFavorite, createdAt, id, removedBy, restoredBy
            FROM task_v1 WHERE id = ?
            """)
        for row in rows {
            let id: Int64 = row[0]
            let uuid = generator.next(at: Date(timeIntervalSince1970: row[1]))
            identities[id] = uuid
            try insert.execute(arguments: [Data(uuid.bytes), id])
        }
        return identities
    }

    /// Rewrites each old step as a `LegacyStep` row; false when one cannot be (unknown kind, a task
    /// that is not stored), and then nothing of the history is written.
    private static func copySteps(_ db: Database, identities: [Int64: UUID]) throws -> Bool {
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, kind, taskIDs, oldText, newText, taskCount, lastID, clearedThrough FROM step_v1 ORDER BY id
            """)
        var steps: [(Int64, LegacyStep)] = []
        for row in rows {
            guard let step = step(from: row, identities: identities) else { return false }
            steps.append((row[0], step))
        }
        for (number, step) in steps {
            guard let record = step.record else { continue }
            try db.execute(sql: "INSERT INTO step (id, kind, tasks, data) VALUES (?, ?, ?, ?)",
                           arguments: [number, record.kind, Data(record.tasks), record.data])
        }
        return true
    }

    /// The version 2 step for an old row, or nil when it does not translate.
    private static func step(from row: Row, identities: [Int64: UUID]) -> LegacyStep? {
        let kind: String? = row["kind"]
        let idList: String? = row["taskIDs"]
        let tasks = (idList ?? "").split(separator: ",").map { Int64($0).flatMap { identities[$0] } }
        guard !tasks.contains(nil) else { return nil }
        let ids = tasks.compactMap { $0 }
        let count: Int? = row["taskCount"]
        switch kind {
        case "toggleFavorite":
            return ids.isEmpty ? nil : .toggleFavorite(tasks: ids)
        case "remove":
            return count.map { .remove(count: $0) }
        case "removeAll":
            guard let count, let clearedThrough: Int64 = row["clearedThrough"] else { return nil }
            return .removeAll(count: count, clearedThrough: clearedThrough)
        case "edit":
            guard ids.count == 1, let old: String = row["oldText"], let new: String = row["newText"] else { return nil }
            return .edit(task: ids[0], old: old, new: new)
        case "skipped":
            guard let through: Int64 = row["lastID"] else { return nil }
            return .skipped(through: through)
        default:
            return nil
        }
    }

    /// Forgets the undo history: hidden tasks are deleted, and no step can be undone or redone.
    static func dropHistory(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM step;
            DELETE FROM task WHERE removedBy IS NOT NULL OR createdBy <= (SELECT clearedThrough FROM history);
            UPDATE task SET restoredBy = NULL;
            UPDATE history SET undoneFrom = NULL, floor = lastStep;
            """)
    }
}
