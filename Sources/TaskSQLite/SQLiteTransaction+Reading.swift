import Foundation
internal import GRDB
import TaskModel

extension SQLiteTransaction: TaskReading {
    /// The SQL condition for a task in the list: not removed, and not hidden by a clear.
    static let isLive = "removedBy IS NULL AND createdBy > (SELECT clearedThrough FROM history WHERE id = 1)"

    /// The columns `TaskItem(row:)` reads, in order.
    static let taskColumns = "uuid, " + TaskRow.fieldColumns.joined(separator: ", ")

    func allTasks() throws -> TaskList {
        try tasks(limit: nil)
    }

    func firstTasks(_ count: Int) throws -> TaskList {
        try tasks(limit: max(0, count))
    }

    func tasks(at indices: [ClosedRange<Int>]) throws -> [Int: TaskItem] {
        var found: [Int: TaskItem] = [:]
        for run in indices where run.upperBound >= 0 {
            let start = max(0, run.lowerBound)
            let rows = try tasks(limit: run.upperBound - start + 1, offset: start)
            for (offset, task) in rows.enumerated() { found[start + offset] = task }
        }
        return found
    }

    /// The tasks in list order, the first `limit` of them after the first `offset` when given.
    private func tasks(limit: Int?, offset: Int = 0) throws -> TaskList {
        try mapErrors {
            // SQLite skips an OFFSET's rows without making their columns.
            let select = try statement("SELECT \(Self.taskColumns) FROM task WHERE \(try listedCondition()) ORDER BY position"
                + (limit == nil ? "" : " LIMIT ? OFFSET ?"))
            // The store's files bound the bytes of all texts, and a row takes more than 16 bytes of them;
            // the room is capped so that a huge store does not ask for more address space than it needs.
            let storeBytes = min(StoreFile.size(of: path) + StoreFile.size(of: path + "-wal"), 64 << 20)
            let rows = min(storeBytes / 16, limit ?? .max)
            var tasks = TaskList(reservingTextBytes: min(storeBytes, rows * 64), count: rows)
            var position = 0
            try select.forEachRow(limit.map { [.integer(Int64($0)), .integer(Int64(offset))] } ?? []) { row in
                guard let id = row.uuid(0), let foreign = row.foreignFields(5),
                      let attributes = row.attributes(from: 6) else {
                    throw damagedTask(at: offset + position)
                }
                row.withTextBytes(1) { text in
                    tasks.append(id: id, storedText: text, isFavorite: row.integer(2) != 0,
                                 doneAt: row.optionalReal(3), createdAt: row.real(4), foreign: foreign,
                                 due: attributes.due, tags: attributes.tags, recurrence: attributes.recurrence,
                                 modifiedAt: row.optionalReal(10))
                }
                position += 1
            }
            return tasks
        }
    }

    /// The dated tasks come from their own index; each one's index in the list is the count of the
    /// listed rows before it, counted from the one before (a scan of the positions up to the last
    /// dated task, in SQLite, with nothing made of the rows).
    func datedTasks(endingBefore end: (day: CalendarDay, instant: Date)?) throws -> (tasks: TaskList, indices: [Int]) {
        try mapErrors {
            let listed = try listedCondition()
            var tasks = TaskList()
            var positions: [Int64] = []
            try statement("""
                SELECT \(Self.taskColumns), position FROM task
                WHERE (dueDay IS NOT NULL OR dueAt IS NOT NULL) AND doneAt IS NULL AND \(listed)
                    \(end == nil ? "" : "AND (dueDay < ? OR dueAt < ?)")
                ORDER BY position
                """).forEachRow(end.map { [.integer(Int64($0.day.daysSince1970)), .real($0.instant.timeIntervalSince1970)] } ?? []) { row in
                guard let id = row.uuid(0) else { throw damagedTask(at: positions.count) }
                tasks.append(try TaskItem(row: row, id: id, path: path))
                positions.append(row.integer(Int32(TaskRow.taskColumnCount)))
            }
            let between = try statement("SELECT count(*) FROM task WHERE position > ? AND position < ? AND \(listed)")
            var indices: [Int] = []
            indices.reserveCapacity(positions.count)
            var (previous, index) = (Int64.min, -1)
            for position in positions {
                index += 1 + Int(try between.firstInteger(.integer(previous), .integer(position)) ?? 0)
                indices.append(index)
                previous = position
            }
            return (tasks, indices)
        }
    }

    func task(id: TaskItem.ID) throws -> TaskItem? {
        try mapErrors {
            var task: TaskItem?
            try statement("SELECT \(Self.taskColumns) FROM task WHERE uuid = ? AND \(Self.isLive)")
                .forEachRow(.uuid(id)) { task = try TaskItem(row: $0, id: id, path: path) }
            return task
        }
    }

    func count() throws -> Int {
        try mapErrors {
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM task WHERE \(try listedCondition())")) ?? 0
        }
    }

    /// The condition every row of the list meets: `isLive`, or none at all when no row is hidden
    /// (no task removed, and no clear that undo can still take back: the purge deletes what a clear
    /// hid once it falls below the history's floor). A scan then tests nothing per row, and the
    /// rows a number skips (`OFFSET`) are passed without reading their columns.
    private func listedCondition() throws -> String {
        var hidden = true
        try statement("""
            SELECT EXISTS (SELECT 1 FROM task WHERE removedBy IS NOT NULL)
                OR (SELECT clearedThrough > floor FROM history WHERE id = 1)
            """).forEachRow { hidden = $0.integer(0) != 0 }
        return hidden ? Self.isLive : "1"
    }

    /// SQLite's `data_version` as this transaction sees it: it changes only when another
    /// connection commits.
    func externalVersion() throws -> Int {
        try mapErrors { try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0 }
    }

    /// Those of `ids` that are not in the list, in the order given.
    func missing(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID] {
        try absent(ids, where: Self.isLive)
    }

    /// Those of `ids` with no row, live or hidden by a removal the history keeps.
    func untraced(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID] {
        try absent(ids, where: "1")
    }

    /// Those of `ids` with no row that `condition` holds for, in the order given.
    private func absent(_ ids: [TaskItem.ID], where condition: String) throws -> [TaskItem.ID] {
        try mapErrors {
            let select = try statement("SELECT 1 FROM task WHERE uuid = ? AND \(condition)")
            return try ids.filter { id in
                var found = false
                try select.forEachRow(.uuid(id)) { _ in found = true }
                return !found
            }
        }
    }

    private func damagedTask(at index: Int) -> StoreError {
        .corrupt(path: path, cause: StoreError.Cause(code: "task", message: "task \(index + 1) does not read"))
    }
}

extension TaskItem {
    /// Decodes a row of `SQLiteTransaction.taskColumns` whose identity is known to be `id`.
    init(row: SQLiteRow, id: UUID, path: String) throws {
        guard let foreign = row.foreignFields(5), let attributes = row.attributes(from: 6) else {
            throw StoreError.corrupt(path: path, cause: StoreError.Cause(code: "task",
                                                                         message: "unreadable foreign fields or recurrence"))
        }
        self.init(id: id, text: row.text(1), isFavorite: row.integer(2) != 0,
                  doneAt: row.optionalReal(3).map(Date.init(timeIntervalSince1970:)),
                  createdAt: Date(timeIntervalSince1970: row.real(4)), foreign: foreign,
                  due: attributes.due, tags: attributes.tags, recurrence: attributes.recurrence,
                  modifiedAt: row.optionalReal(10).map(Date.init(timeIntervalSince1970:)))
    }
}

extension SQLiteRow {
    /// The due date, tags and recurrence in the four columns from `start` (`dueDay`, `dueAt`, `tags`,
    /// `recurrence`); nil when the recurrence does not read.
    func attributes(from start: Int32) -> (due: Due?, tags: [String], recurrence: Recurrence?)? {
        var recurrence: Recurrence?
        if let stored = optionalText(start + 3) {
            guard let read = Recurrence(storedForm: stored) else { return nil }
            recurrence = read
        }
        return (Due(storedDay: optionalInteger(start), instant: optionalReal(start + 1)),
                Tags.read(storedForm: optionalText(start + 2)), recurrence)
    }
}
