import Foundation
internal import GRDB

/// The operations on the task list inside one open transaction of a `TaskDatabase`.
///
/// Obtain one from `TaskDatabase.write(_:)` or `TaskDatabase.read(_:)`; it is valid only
/// inside that closure. Every change is recorded in the undo journal, one entry a call, and
/// each call either applies completely or throws without changing anything.
public final class TaskStore {
    /// How many journal entries are kept for undo at the least.
    public static let historyLimit: Int64 = 1000
    /// Every this many entries, the history beyond `historyLimit` is purged.
    static let purgeInterval: Int64 = 100

    let db: Database
    let path: String
    private var nextPosition: Int64?
    private var redoIsKnownEmpty = false

    init(db: Database, path: String) {
        self.db = db
        self.path = path
    }

    // MARK: Reading

    /// All tasks in list order.
    public func allTasks() throws -> [TaskItem] {
        try mapErrors {
            let statement = try db.cachedStatement(sql: """
                SELECT id, CAST(text AS BLOB), isFavorite, position, createdAt FROM task
                WHERE removedBy IS NULL ORDER BY position, id
                """)
            var tasks: [TaskItem] = []
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() { tasks.append(TaskItem(row: row)) }
            return tasks
        }
    }

    /// The task with this identity, if it is in the list.
    public func task(id: TaskItem.ID) throws -> TaskItem? {
        try mapErrors {
            let statement = try db.cachedStatement(sql: """
                SELECT id, CAST(text AS BLOB), isFavorite, position, createdAt FROM task
                WHERE id = ? AND removedBy IS NULL
                """)
            return try Row.fetchOne(statement, arguments: [id]).map(TaskItem.init(row:))
        }
    }

    /// How many tasks the list holds.
    public func count() throws -> Int {
        try mapErrors {
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM task WHERE removedBy IS NULL")) ?? 0
        }
    }

    /// Those of `ids` that are not in the list, in the order given.
    public func missing(ids: [TaskItem.ID]) throws -> [TaskItem.ID] {
        try mapErrors {
            let statement = try db.cachedStatement(sql: "SELECT 1 FROM task WHERE id = ? AND removedBy IS NULL")
            return try ids.filter { try Int.fetchOne(statement, arguments: [$0]) == nil }
        }
    }

    // MARK: Changing

    /// Appends a task with `text`, stored exactly as given, and returns it.
    @discardableResult
    public func create(text: String) throws -> TaskItem {
        try mapErrors {
            try dropRedo()
            let position = try nextPosition ?? Int64.fetchOne(db.cachedStatement(sql: """
                SELECT coalesce(max(position), 0) + 1 FROM task WHERE removedBy IS NULL
                """)) ?? 1
            let createdAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970) // as it reads back
            let insert = try db.cachedStatement(sql: """
                INSERT INTO task (text, isFavorite, position, createdAt) VALUES (CAST(? AS TEXT), 0, ?, ?)
                """)
            try insert.execute(arguments: [text.sqliteBytes, position, createdAt.timeIntervalSince1970])
            let id = db.lastInsertedRowID
            nextPosition = position + 1
            try record(.create, taskID: id, taskCount: 1)
            return TaskItem(id: id, text: text, isFavorite: false, position: position, createdAt: createdAt)
        }
    }

    /// Toggles the favourite flag of each task in `ids`; throws `tasksNotFound` if any is not in the list.
    public func toggleFavorite(ids: [TaskItem.ID]) throws {
        let ids = ids.uniqued()
        guard !ids.isEmpty else { return }
        try requireLive(ids)
        try mapErrors {
            try dropRedo()
            try toggle(ids)
            try record(.toggleFavorite, taskIDs: ids, taskCount: ids.count)
        }
    }

    /// Removes each task in `ids`; throws `tasksNotFound` if any is not in the list.
    public func remove(ids: [TaskItem.ID]) throws {
        let ids = ids.uniqued()
        guard !ids.isEmpty else { return }
        try requireLive(ids)
        try mapErrors {
            try dropRedo()
            let entry = try record(.remove, taskCount: ids.count)
            let hide = try db.cachedStatement(sql: "UPDATE task SET removedBy = ? WHERE id = ?")
            for id in ids { try hide.execute(arguments: [entry, id]) }
        }
    }

    /// Removes every task and returns how many there were; an empty list records no change.
    @discardableResult
    public func removeAll() throws -> Int {
        let count = try count()
        guard count > 0 else { return 0 }
        return try mapErrors {
            try dropRedo()
            let entry = try record(.removeAll, taskCount: count)
            try db.execute(sql: "UPDATE task SET removedBy = ? WHERE removedBy IS NULL", arguments: [entry])
            nextPosition = nil
            return count
        }
    }

    /// Replaces the text of task `id`; throws `tasksNotFound` if it is not in the list.
    public func edit(id: TaskItem.ID, text: String) throws {
        guard let task = try task(id: id) else { throw TaskDatabaseError.tasksNotFound(ids: [id]) }
        guard task.text != text else { return }
        try mapErrors {
            try dropRedo()
            try setText(text, of: id)
            try record(.edit, taskID: id, oldText: task.text, newText: text, taskCount: 1)
        }
    }

    /// Reverts the latest change that is not undone yet and describes it; throws `nothingToUndo`.
    @discardableResult
    public func undo() throws -> Change {
        try mapErrors {
            guard let entry = try JournalEntry.fetchOne(db, sql: """
                SELECT \(JournalEntry.columns) FROM journal WHERE isUndone = 0 ORDER BY id DESC LIMIT 1
                """) else { throw TaskDatabaseError.nothingToUndo }
            switch entry.kind {
            case .create:
                try db.execute(sql: "UPDATE task SET removedBy = ? WHERE id = ?", arguments: [entry.id, entry.taskID])
            case .toggleFavorite:
                try toggle(entry.taskIDList)
            case .remove, .removeAll:
                try db.execute(sql: "UPDATE task SET removedBy = NULL, restoredBy = ? WHERE removedBy = ?",
                               arguments: [entry.id, entry.id])
            case .edit:
                try setText(entry.oldText ?? "", of: entry.taskID ?? 0)
            }
            try db.execute(sql: "UPDATE journal SET isUndone = 1 WHERE id = ?", arguments: [entry.id])
            nextPosition = nil
            redoIsKnownEmpty = false
            return try describe(entry, undone: true)
        }
    }

    /// Re-applies the earliest undone change and describes it; throws `nothingToRedo`.
    @discardableResult
    public func redo() throws -> Change {
        try mapErrors {
            guard let entry = try JournalEntry.fetchOne(db, sql: """
                SELECT \(JournalEntry.columns) FROM journal WHERE isUndone = 1 ORDER BY id ASC LIMIT 1
                """) else { throw TaskDatabaseError.nothingToRedo }
            switch entry.kind {
            case .create:
                try db.execute(sql: "UPDATE task SET removedBy = NULL WHERE id = ? AND removedBy = ?",
                               arguments: [entry.taskID, entry.id])
            case .toggleFavorite:
                try toggle(entry.taskIDList)
            case .remove, .removeAll:
                try db.execute(sql: "UPDATE task SET removedBy = ?, restoredBy = NULL WHERE restoredBy = ?",
                               arguments: [entry.id, entry.id])
            case .edit:
                try setText(entry.newText ?? "", of: entry.taskID ?? 0)
            }
            try db.execute(sql: "UPDATE journal SET isUndone = 0 WHERE id = ?", arguments: [entry.id])
            nextPosition = nil
            return try describe(entry, undone: false)
        }
    }

    /// Runs `body` in a savepoint: if it throws, what it changed is rolled back and the error rethrown,
    /// while the enclosing transaction goes on (used to skip a failing script line).
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        do {
            try db.inSavepoint {
                result = try body()
                return .commit
            }
        } catch {
            nextPosition = nil
            redoIsKnownEmpty = false
            throw TaskDatabaseError.mapping(error, path: path)
        }
        guard let result else { throw TaskDatabaseError.storage(path: path, reason: "savepoint ended early") }
        return result
    }

    // MARK: Journal

    /// Before a new change: forgets the undone changes, which can no longer be redone.
    private func dropRedo() throws {
        guard !redoIsKnownEmpty else { return }
        let hasUndone = try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT isUndone FROM journal ORDER BY id DESC LIMIT 1
            """)) ?? false
        if hasUndone {
            // Tasks whose creation was undone are gone for good; restore marks lose their meaning.
            try db.execute(sql: """
                DELETE FROM task WHERE removedBy IN (SELECT id FROM journal WHERE isUndone = 1);
                UPDATE task SET restoredBy = NULL WHERE restoredBy IS NOT NULL;
                DELETE FROM journal WHERE isUndone = 1;
                """)
        }
        redoIsKnownEmpty = true
    }

    @discardableResult
    private func record(
        _ kind: Change.Kind, taskID: TaskItem.ID? = nil, taskIDs: [TaskItem.ID]? = nil,
        oldText: String? = nil, newText: String? = nil, taskCount: Int
    ) throws -> Int64 {
        let insert = try db.cachedStatement(sql: """
            INSERT INTO journal (kind, taskID, taskIDs, oldText, newText, taskCount)
            VALUES (?, ?, ?, CAST(? AS TEXT), CAST(? AS TEXT), ?)
            """)
        let idList = taskIDs.map { $0.map(String.init).joined(separator: ",") }
        try insert.execute(arguments: [
            kind.rawValue, taskID, idList, oldText?.sqliteBytes, newText?.sqliteBytes, taskCount,
        ])
        let entry = db.lastInsertedRowID
        if entry % Self.purgeInterval == 0 { try purgeHistory(before: entry - Self.historyLimit) }
        return entry
    }

    /// Forgets journal entries up to `cutoff`, and for good the tasks they removed.
    private func purgeHistory(before cutoff: Int64) throws {
        guard cutoff > 0 else { return }
        try db.execute(sql: "DELETE FROM task WHERE removedBy <= ?", arguments: [cutoff])
        try db.execute(sql: "DELETE FROM journal WHERE id <= ?", arguments: [cutoff])
    }

    private func describe(_ entry: JournalEntry, undone: Bool) throws -> Change {
        var text: String?
        if entry.taskCount == 1 {
            let id: TaskItem.ID? = switch entry.kind {
            case .create, .edit: entry.taskID
            case .toggleFavorite: entry.taskIDList.first
            case .remove, .removeAll: try TaskItem.ID.fetchOne(db, sql: """
                SELECT id FROM task WHERE removedBy = ?1 OR restoredBy = ?1 LIMIT 1
                """, arguments: [entry.id])
            }
            if let id {
                text = try Data.fetchOne(db, sql: "SELECT CAST(text AS BLOB) FROM task WHERE id = ?", arguments: [id])
                    .map { String(decoding: $0, as: UTF8.self) }
            }
        }
        return Change(kind: entry.kind, taskCount: entry.taskCount, text: text)
    }

    // MARK: Helpers

    private func requireLive(_ ids: [TaskItem.ID]) throws {
        let missing = try missing(ids: ids)
        if !missing.isEmpty { throw TaskDatabaseError.tasksNotFound(ids: missing) }
    }

    private func toggle(_ ids: [TaskItem.ID]) throws {
        let statement = try db.cachedStatement(sql: "UPDATE task SET isFavorite = NOT isFavorite WHERE id = ?")
        for id in ids { try statement.execute(arguments: [id]) }
    }

    private func setText(_ text: String, of id: TaskItem.ID) throws {
        try db.execute(sql: "UPDATE task SET text = CAST(? AS TEXT) WHERE id = ?", arguments: [text.sqliteBytes, id])
    }

    private func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw TaskDatabaseError.mapping(error, path: path)
        }
    }
}

extension TaskItem {
    /// Decodes `SELECT id, CAST(text AS BLOB), isFavorite, position, createdAt`: read as a blob,
    /// the text keeps any NUL characters, which SQLite's C-string accessor would cut off.
    init(row: Row) {
        self.init(
            id: row[0], text: String(decoding: row[1] as Data? ?? Data(), as: UTF8.self),
            isFavorite: row[2], position: row[3],
            createdAt: Date(timeIntervalSince1970: row[4]))
    }
}

extension String {
    /// The UTF-8 bytes to bind as `CAST(? AS TEXT)`: GRDB binds a `String` as a C string,
    /// which would cut the text at its first NUL character.
    var sqliteBytes: Data { Data(utf8) }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
