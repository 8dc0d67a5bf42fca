import Foundation
internal import GRDB

/// The operations on the task list inside one open transaction of a `TaskDatabase`.
///
/// Obtain one from `TaskDatabase.write(_:)` or `TaskDatabase.read(_:)`; it is valid only
/// inside that closure. Every change is one step of the undo history, and
/// each call either applies completely or throws without changing anything.
public final class TaskStore {
    /// How many steps of history are kept for undo at the least.
    public static let historyLimit: Int64 = 1000
    /// The history beyond `historyLimit` is purged once it has grown by this many steps.
    static let purgeInterval: Int64 = 100

    let db: Database
    let path: String
    /// The undo history's counters as this transaction changes them, loaded on first use.
    private var history: History?
    /// The counters as stored, to save them only when they changed.
    private var storedHistory: History?
    private var insertTask: SQLiteStatement?

    init(db: Database, path: String) {
        self.db = db
        self.path = path
    }

    // MARK: Reading

    /// The SQL condition for a task in the list: not removed, and not hidden by a clear.
    static let isLive = "removedBy IS NULL AND id > (SELECT clearedThrough FROM history WHERE id = 1)"

    /// All tasks in list order.
    public func allTasks() throws -> TaskList {
        try mapErrors {
            let statement = try SQLiteStatement(db.cachedStatement(sql: """
                SELECT \(TaskItem.columns) FROM task WHERE \(Self.isLive) ORDER BY id
                """), path: path)
            // The store's files bound the bytes of all texts, and a row takes more than 16 bytes of them;
            // the room is capped so that a huge store does not ask for more address space than it needs.
            let storeBytes = min(StoreFile.size(of: path) + StoreFile.size(of: path + "-wal"), 64 << 20)
            var tasks = TaskList(reservingTextBytes: storeBytes, count: storeBytes / 16)
            try statement.forEachRow { row in
                row.withTextBytes(1) { text in
                    tasks.append(id: row.integer(0), storedText: text, isFavorite: row.integer(2) != 0,
                                 createdAt: row.real(3))
                }
            }
            return tasks
        }
    }

    /// The task with this identity, if it is in the list.
    public func task(id: TaskItem.ID) throws -> TaskItem? {
        try mapErrors {
            let statement = try SQLiteStatement(db.cachedStatement(sql: """
                SELECT \(TaskItem.columns) FROM task WHERE id = ? AND \(Self.isLive)
                """), path: path)
            var task: TaskItem?
            try statement.forEachRow(.integer(id)) { task = TaskItem(row: $0) }
            return task
        }
    }

    /// How many tasks the list holds.
    public func count() throws -> Int {
        try mapErrors {
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM task WHERE \(Self.isLive)")) ?? 0
        }
    }

    /// Those of `ids` that are not in the list, in the order given.
    public func missing(ids: [TaskItem.ID]) throws -> [TaskItem.ID] {
        try mapErrors {
            let statement = try db.cachedStatement(sql: "SELECT 1 FROM task WHERE id = ? AND \(Self.isLive)")
            return try ids.filter { try Int.fetchOne(statement, arguments: [$0]) == nil }
        }
    }

    /// SQLite's `data_version` as this transaction sees it: it changes only when another
    /// connection commits, so a caller holding a copy of the list knows whether it is still exact.
    public func externalVersion() throws -> Int {
        try mapErrors { try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    // MARK: Changing

    /// Appends a task with `text`, stored exactly as given, and returns it.
    @discardableResult
    public func create(text: String) throws -> TaskItem {
        try mapErrors {
            let step = try beginStep()
            let createdAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970) // as it reads back
            let insert = try insertTask ?? SQLiteStatement(db.makeStatement(sql: """
                INSERT INTO task (id, text, isFavorite, createdAt) VALUES (?, ?, 0, ?)
                """), path: path)
            insertTask = insert
            try insert.run(.integer(step), .text(text), .real(createdAt.timeIntervalSince1970))
            return TaskItem(id: step, text: text, isFavorite: false, createdAt: createdAt)
        }
    }

    /// Toggles the favourite flag of each task in `ids`; throws `tasksNotFound` if any is not in the list.
    public func toggleFavorite(ids: [TaskItem.ID]) throws {
        let ids = ids.uniqued()
        guard !ids.isEmpty else { return }
        try requireLive(ids)
        try mapErrors {
            let step = try beginStep()
            try toggle(ids)
            try record(step, .toggleFavorite, taskIDs: ids)
        }
    }

    /// Removes each task in `ids`; throws `tasksNotFound` if any is not in the list.
    public func remove(ids: [TaskItem.ID]) throws {
        let ids = ids.uniqued()
        guard !ids.isEmpty else { return }
        try requireLive(ids)
        try mapErrors {
            let step = try beginStep()
            let hide = try db.cachedStatement(sql: "UPDATE task SET removedBy = ? WHERE id = ?")
            for id in ids { try hide.execute(arguments: [step, id]) }
            try record(step, .remove, taskCount: ids.count)
        }
    }

    /// Removes every task and returns how many there were; an empty list records no change.
    @discardableResult
    public func removeAll() throws -> Int {
        let count = try count()
        guard count > 0 else { return 0 }
        return try mapErrors {
            let step = try beginStep()
            try record(step, .removeAll, taskCount: count, clearedThrough: loadHistory().clearedThrough)
            try setClearedThrough(step)
            return count
        }
    }

    /// Replaces the text of task `id`; throws `tasksNotFound` if it is not in the list.
    public func edit(id: TaskItem.ID, text: String) throws {
        guard let task = try task(id: id) else { throw TaskDatabaseError.tasksNotFound(ids: [id]) }
        // Bytes, not `!=`: Swift calls canonically equivalent strings equal (é and e + U+0301).
        guard !task.text.utf8.elementsEqual(text.utf8) else { return }
        try mapErrors {
            let step = try beginStep()
            try setText(text, of: id)
            try record(step, .edit, taskIDs: [id], oldText: task.text, newText: text)
        }
    }

    /// Reverts the latest change that is not undone yet and describes it; throws `nothingToUndo`.
    @discardableResult
    public func undo() throws -> Change {
        try mapErrors {
            var history = try loadHistory()
            var number = history.lastDone
            while true {
                guard number > history.floor else { throw TaskDatabaseError.nothingToUndo }
                let step = try fetchStep(where: "id <= ? ORDER BY id DESC LIMIT 1", number)
                if let step, step.kind == .skipped, number <= step.lastID ?? step.id {
                    number = step.id - 1
                    continue
                }
                history.undoneFrom = number
                self.history = history
                guard let step, step.id == number else {
                    try hideCreated(number)
                    return try describeCreate(number)
                }
                switch step.kind {
                case .toggleFavorite: try toggle(step.taskIDList)
                case .remove:
                    try db.execute(sql: "UPDATE task SET removedBy = NULL, restoredBy = ?1 WHERE removedBy = ?1",
                                   arguments: [number])
                case .removeAll: try setClearedThrough(step.clearedThrough ?? 0)
                case .edit: try setText(step.oldText ?? "", of: step.taskIDList.first ?? 0)
                case .skipped: break
                }
                return try describe(step)
            }
        }
    }

    /// Re-applies the latest undone change and describes it; throws `nothingToRedo`.
    @discardableResult
    public func redo() throws -> Change {
        try mapErrors {
            var history = try loadHistory()
            guard let number = history.undoneFrom else { throw TaskDatabaseError.nothingToRedo }
            var next = number + 1
            // Dropped ranges can follow one another (undo, change, undo, change): skip them all.
            while let skipped = try fetchStep(where: "id = ? AND kind = 'skipped'", next) {
                next = (skipped.lastID ?? skipped.id) + 1
            }
            history.undoneFrom = next > history.lastStep ? nil : next
            self.history = history
            guard let step = try fetchStep(where: "id = ?", number) else {
                try showCreated(number)
                return try describeCreate(number)
            }
            switch step.kind {
            case .toggleFavorite: try toggle(step.taskIDList)
            case .remove:
                try db.execute(sql: "UPDATE task SET removedBy = ?1, restoredBy = NULL WHERE restoredBy = ?1",
                               arguments: [number])
            case .removeAll: try setClearedThrough(number)
            case .edit: try setText(step.newText ?? "", of: step.taskIDList.first ?? 0)
            case .skipped: break
            }
            return try describe(step)
        }
    }

    /// Runs `body` in a savepoint: if it throws, what it changed is rolled back and the error rethrown,
    /// while the enclosing transaction goes on (used to skip a failing script line).
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        let (historyBefore, storedBefore) = (history, storedHistory)
        var result: T?
        do {
            try db.inSavepoint {
                result = try body()
                return .commit
            }
        } catch {
            (history, storedHistory) = (historyBefore, storedBefore) // as the rolled-back rows are
            throw TaskDatabaseError.mapping(error, path: path)
        }
        guard let result else { throw TaskDatabaseError.storage(path: path, reason: "savepoint ended early") }
        return result
    }

    /// Saves the history counters, purging what fell out of the kept history; called before commit.
    func finish() throws {
        guard var history, history != storedHistory else { return }
        try mapErrors {
            if history.lastStep - history.floor >= Self.historyLimit + Self.purgeInterval {
                let cutoff = min(history.lastStep - Self.historyLimit, (history.undoneFrom ?? .max) - 1)
                if cutoff > history.floor {
                    try db.execute(sql: "DELETE FROM task WHERE removedBy <= ?", arguments: [cutoff])
                    if history.clearedThrough <= cutoff { // the clear can no longer be undone
                        try db.execute(sql: "DELETE FROM task WHERE id <= ?", arguments: [history.clearedThrough])
                    }
                    try db.execute(sql: """
                        DELETE FROM step WHERE id <= ?1 AND (kind <> 'skipped' OR lastID <= ?1)
                        """, arguments: [cutoff])
                    history.floor = cutoff
                }
            }
            try history.save(db)
            self.history = history
            storedHistory = history
        }
    }

    // MARK: History

    private func loadHistory() throws -> History {
        if let history { return history }
        let loaded = try History.load(db)
        history = loaded
        storedHistory = loaded
        return loaded
    }

    /// Numbers a new change; first forgets the undone changes, which can no longer be redone.
    private func beginStep() throws -> Int64 {
        var history = try loadHistory()
        if let from = history.undoneFrom {
            // Tasks whose creation was undone are gone for good; restore marks lose their meaning;
            // the dropped numbers are never used again.
            try db.execute(sql: "DELETE FROM task WHERE removedBy >= ? AND removedBy = id", arguments: [from])
            try db.execute(sql: "UPDATE task SET restoredBy = NULL WHERE restoredBy IS NOT NULL")
            try db.execute(sql: "DELETE FROM step WHERE id >= ?", arguments: [from])
            try db.execute(sql: "INSERT INTO step (id, kind, taskCount, lastID) VALUES (?, 'skipped', 0, ?)",
                           arguments: [from, history.lastStep])
            history.undoneFrom = nil
        }
        history.lastStep += 1
        self.history = history
        return history.lastStep
    }

    private func record(
        _ number: Int64, _ kind: Step.Kind, taskIDs: [TaskItem.ID]? = nil,
        oldText: String? = nil, newText: String? = nil, taskCount: Int? = nil, clearedThrough: Int64? = nil
    ) throws {
        let idList = taskIDs.map { $0.map(String.init).joined(separator: ",") }
        try SQLiteStatement(db.cachedStatement(sql: """
            INSERT INTO step (id, kind, taskIDs, oldText, newText, taskCount, clearedThrough)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """), path: path).run(
                .integer(number), .text(kind.rawValue), SQLiteArgument(idList), SQLiteArgument(oldText),
                SQLiteArgument(newText), .integer(Int64(taskCount ?? taskIDs?.count ?? 0)),
                SQLiteArgument(clearedThrough))
    }

    /// The step row that `condition` (with one `?`, bound to `argument`) selects, if any.
    private func fetchStep(where condition: String, _ argument: Int64) throws -> Step? {
        var step: Step?
        try SQLiteStatement(db.cachedStatement(sql: "SELECT \(Step.columns) FROM step WHERE \(condition)"),
                            path: path).forEachRow(.integer(argument)) { step = try Step(row: $0) }
        return step
    }

    /// Hides every task with an id up to `id` (a clear), or shows them again (its undo); saved at
    /// once, since which tasks are live is read from the stored row (`isLive`).
    private func setClearedThrough(_ id: Int64) throws {
        var history = try loadHistory()
        history.clearedThrough = id
        try history.save(db)
        self.history = history
        storedHistory = history
    }

    private func hideCreated(_ id: TaskItem.ID) throws {
        try db.execute(sql: "UPDATE task SET removedBy = ?1 WHERE id = ?1 AND removedBy IS NULL", arguments: [id])
        guard db.changesCount == 1 else { throw inconsistentHistory(at: id) }
    }

    private func showCreated(_ id: TaskItem.ID) throws {
        try db.execute(sql: "UPDATE task SET removedBy = NULL WHERE id = ?1 AND removedBy = ?1", arguments: [id])
        guard db.changesCount == 1 else { throw inconsistentHistory(at: id) }
    }

    private func inconsistentHistory(at step: Int64) -> TaskDatabaseError {
        .storage(path: path, reason: "the undo history is inconsistent at step \(step)")
    }

    private func describeCreate(_ id: TaskItem.ID) throws -> Change {
        Change(kind: .create, taskCount: 1, text: try text(of: id))
    }

    private func describe(_ step: Step) throws -> Change {
        var text: String?
        if step.taskCount == 1 {
            let id: TaskItem.ID? = switch step.kind {
            case .toggleFavorite, .edit: step.taskIDList.first
            case .remove, .skipped: try TaskItem.ID.fetchOne(db, sql: """
                SELECT id FROM task WHERE removedBy = ?1 OR restoredBy = ?1 LIMIT 1
                """, arguments: [step.id])
            case .removeAll: try TaskItem.ID.fetchOne(db, sql: """
                SELECT id FROM task WHERE id > ? AND id < ? AND removedBy IS NULL LIMIT 1
                """, arguments: [step.clearedThrough ?? 0, step.id])
            }
            if let id { text = try self.text(of: id) }
        }
        return Change(kind: step.changeKind ?? .create, taskCount: step.taskCount, text: text)
    }

    private func text(of id: TaskItem.ID) throws -> String? {
        var text: String?
        try SQLiteStatement(db.cachedStatement(sql: "SELECT text FROM task WHERE id = ?"), path: path)
            .forEachRow(.integer(id)) { text = $0.text(0) }
        return text
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
        try SQLiteStatement(db.cachedStatement(sql: "UPDATE task SET text = ? WHERE id = ?"), path: path)
            .run(.text(text), .integer(id))
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
    /// The columns `init(row:)` reads, in order.
    static let columns = "id, text, isFavorite, createdAt"

    /// Decodes a row of `columns`.
    init(row: SQLiteRow) {
        self.init(
            id: row.integer(0), text: row.text(1), isFavorite: row.integer(2) != 0,
            createdAt: Date(timeIntervalSince1970: row.real(3)))
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
