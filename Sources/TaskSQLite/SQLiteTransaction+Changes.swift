import Foundation
internal import GRDB
import TaskModel

extension SQLiteTransaction: TaskWriting {
    private static let insertTaskSQL = "INSERT INTO task (position, uuid, text, createdAt, createdBy) VALUES (?, ?, ?, ?, ?)"

    @discardableResult
    func create(text: String) throws -> TaskItem {
        try mapErrors {
            let step = try beginStep()
            let createdAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970) // as it reads back
            let id = identities.next(at: createdAt)
            let insert = try insertTask ?? statement(Self.insertTaskSQL)
            insertTask = insert // a script of many adds looks it up once
            let position = try nextAppendPosition()
            try insert.run(.integer(position), .uuid(id), .text(text), .real(createdAt.timeIntervalSince1970), .integer(step))
            appendPosition = position
            return TaskItem(id: id, text: text, createdAt: createdAt)
        }
    }

    func toggleFavorite(ids: [TaskItem.ID]) throws {
        guard let ids = try namedLiveTasks(ids) else { return }
        try mapErrors {
            let step = try beginStep()
            try toggleFavorite(ids)
            try record(.toggleFavorite(tasks: ids), as: step)
        }
    }

    @discardableResult
    func toggleDone(ids: [TaskItem.ID]) throws -> Date {
        let time = Date(timeIntervalSince1970: Date().timeIntervalSince1970)
        guard let ids = try namedLiveTasks(ids) else { return time }
        try mapErrors {
            let step = try beginStep()
            let select = try statement("SELECT doneAt FROM task WHERE uuid = ?")
            let previous = try ids.map { id in
                var doneAt: Double?
                try select.forEachRow(.uuid(id)) { doneAt = $0.optionalReal(0) }
                return doneAt
            }
            try setDone(ids, to: previous.map { $0 == nil ? time.timeIntervalSince1970 : nil })
            try record(.toggleDone(tasks: ids, previous: previous, doneAt: time.timeIntervalSince1970), as: step)
        }
        return time
    }

    func remove(ids: [TaskItem.ID]) throws {
        guard let ids = try namedLiveTasks(ids) else { return }
        try mapErrors {
            let step = try beginStep()
            let hide = try statement("UPDATE task SET removedBy = ? WHERE uuid = ?")
            for id in ids { try hide.run(.integer(step), .uuid(id)) }
            try record(.remove(count: ids.count), as: step)
        }
    }

    @discardableResult
    func removeAll() throws -> Int {
        let count = try count()
        guard count > 0 else { return 0 }
        return try mapErrors {
            let step = try beginStep()
            try record(.removeAll(count: count, clearedThrough: loadHistory().clearedThrough), as: step)
            try setClearedThrough(step)
            return count
        }
    }

    @discardableResult
    func removeDone() throws -> Int {
        try mapErrors {
            let count = try Int.fetchOne(db.cachedStatement(sql: """
                SELECT count(*) FROM task WHERE doneAt IS NOT NULL AND \(Self.isLive)
                """)) ?? 0
            guard count > 0 else { return 0 }
            let step = try beginStep()
            try db.cachedStatement(sql: """
                UPDATE task SET removedBy = ? WHERE doneAt IS NOT NULL AND \(Self.isLive)
                """).execute(arguments: [step])
            try record(.removeDone(count: count), as: step)
            return count
        }
    }

    func edit(id: TaskItem.ID, text: String, expected: String?) throws {
        guard let task = try taskToEdit(id: id, to: text, expected: expected) else { return }
        try mapErrors {
            let step = try beginStep()
            try setText(text, of: id)
            try record(.edit(task: id, old: task.text, new: text), as: step)
        }
    }

    func move(id: TaskItem.ID, to place: Placement) throws {
        let neighbour = switch place { case let .before(other), let .after(other): other }
        guard neighbour != id else { return }
        try requireLive([id, neighbour])
        try mapErrors {
            guard let (from, to) = try positions(moving: id, next: place) else { return } // there already
            let step = try beginStep()
            try setPosition(of: id, to: to)
            try record(.move(task: id, from: from, to: to), as: step)
        }
    }

    /// Runs `body` in a savepoint: if it throws, what it changed is rolled back and the error rethrown,
    /// while the enclosing transaction goes on (used to skip a failing script line).
    func savepoint<T>(_ body: () throws -> T) throws -> T {
        let (historyBefore, storedBefore) = (history, storedHistory)
        var result: T?
        do {
            try db.inSavepoint {
                result = try body()
                return .commit
            }
        } catch {
            (history, storedHistory) = (historyBefore, storedBefore) // as the rolled-back rows are
            throw StoreError.mapping(error, path: path)
        }
        guard let result else {
            throw StoreError.storage(path: path, cause: StoreError.Cause(code: "savepoint", message: "ended early"))
        }
        return result
    }

    // MARK: Rows

    func toggleFavorite(_ ids: [TaskItem.ID]) throws {
        let toggle = try statement("UPDATE task SET isFavorite = NOT isFavorite WHERE uuid = ?")
        for id in ids { try toggle.run(.uuid(id)) }
    }

    func setDone(_ ids: [TaskItem.ID], to times: [Double?]) throws {
        let update = try statement("UPDATE task SET doneAt = ? WHERE uuid = ?")
        for (id, time) in zip(ids, times) { try update.run(SQLiteArgument(time), .uuid(id)) }
    }

    func setText(_ text: String, of id: TaskItem.ID) throws {
        try statement("UPDATE task SET text = ? WHERE uuid = ?").run(.text(text), .uuid(id))
    }
}
