internal import GRDB
import TaskModel

/// The undo history: steps numbered by `history.lastStep`, undone from `history.undoneFrom` on,
/// kept down to `history.floor`.
extension SQLiteTransaction {
    @discardableResult
    func undo() throws -> Change {
        try mapErrors {
            var history = try loadHistory()
            var number = history.lastDone
            while true {
                guard number > history.floor else { throw StoreError.nothingToUndo }
                let nearest = try stepRow(where: "id <= ? ORDER BY id DESC LIMIT 1", number)
                if let nearest, case let .skipped(through) = nearest.step, number <= through {
                    number = nearest.number - 1
                    continue
                }
                history.undoneFrom = number
                self.history = history
                let step = nearest?.number == number ? nearest?.step ?? .create : .create
                try revert(step, number)
                return try describe(step, number)
            }
        }
    }

    @discardableResult
    func redo() throws -> Change {
        try mapErrors {
            var history = try loadHistory()
            guard let number = history.undoneFrom else { throw StoreError.nothingToRedo }
            var next = number + 1
            // Dropped ranges can follow one another (undo, change, undo, change): skip them all.
            while let skipped = try stepRow(where: "id = ? AND kind = 'skipped'", next),
                  case let .skipped(through) = skipped.step {
                next = through + 1
            }
            history.undoneFrom = next > history.lastStep ? nil : next
            self.history = history
            let step = try stepRow(where: "id = ?", number)?.step ?? .create
            try apply(step, number)
            return try describe(step, number)
        }
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
                        try db.execute(sql: "DELETE FROM task WHERE createdBy <= ?", arguments: [history.clearedThrough])
                    }
                    try db.execute(sql: """
                        DELETE FROM step WHERE id <= ?1 AND (kind <> 'skipped' OR json_extract(data, '$.through') <= ?1)
                        """, arguments: [cutoff])
                    history.floor = cutoff
                }
            }
            try history.save(db)
            self.history = history
            storedHistory = history
        }
    }

    // MARK: Steps

    func loadHistory() throws -> History {
        if let history { return history }
        let loaded = try History.load(db)
        history = loaded
        storedHistory = loaded
        return loaded
    }

    /// Numbers a new change; first forgets the undone changes, which can no longer be redone.
    func beginStep() throws -> Int64 {
        var history = try loadHistory()
        if let from = history.undoneFrom {
            // Tasks whose creation was undone are gone for good; restore marks lose their meaning;
            // the dropped numbers are never used again.
            try db.execute(sql: "DELETE FROM task WHERE removedBy >= ? AND removedBy = createdBy", arguments: [from])
            try db.execute(sql: "UPDATE task SET restoredBy = NULL WHERE restoredBy IS NOT NULL")
            try db.execute(sql: "DELETE FROM step WHERE id >= ?", arguments: [from])
            try record(.skipped(through: history.lastStep), as: from)
            history.undoneFrom = nil
        }
        history.lastStep += 1
        self.history = history
        return history.lastStep
    }

    /// Writes the row of `step` (none for a create) as step `number`.
    func record(_ step: Step, as number: Int64) throws {
        guard let record = step.record else { return }
        try statement("INSERT INTO step (id, kind, tasks, data) VALUES (?, ?, ?, ?)")
            .run(.integer(number), .text(record.kind), .blob(record.tasks), .text(record.data))
    }

    /// The step row that `condition` (with one `?`, bound to `argument`) selects, decoded.
    private func stepRow(where condition: String, _ argument: Int64) throws -> (number: Int64, step: Step)? {
        var found: (Int64, Step)?
        try statement("SELECT id, kind, tasks, data FROM step WHERE \(condition)").forEachRow(.integer(argument)) { row in
            let number = row.integer(0)
            do {
                found = (number, try Step(record: Step.Record(kind: row.text(1), tasks: row.blob(2), data: row.text(3))))
            } catch let malformed as Step.Malformed {
                throw damagedHistory(at: number, malformed.reason)
            }
        }
        return found
    }

    /// Undoes `step`, numbered `number`.
    private func revert(_ step: Step, _ number: Int64) throws {
        switch step {
        case .create:
            try db.execute(sql: "UPDATE task SET removedBy = ?1 WHERE createdBy = ?1 AND removedBy IS NULL",
                           arguments: [number])
            guard db.changesCount > 0 else { throw damagedHistory(at: number, "it created no task") }
        case let .toggleFavorite(tasks):
            try requireStored(tasks, number)
            try toggleFavorite(tasks)
        case let .toggleDone(tasks, previous, _):
            try requireStored(tasks, number)
            try setDone(tasks, to: previous)
        case .remove, .removeDone:
            try db.execute(sql: "UPDATE task SET removedBy = NULL, restoredBy = ?1 WHERE removedBy = ?1",
                           arguments: [number])
        case let .removeAll(_, clearedThrough):
            try setClearedThrough(clearedThrough)
        case let .edit(task, old, _):
            try requireStored([task], number)
            try setText(old, of: task)
        case let .move(task, from, _):
            try requireStored([task], number)
            try place(task, at: from)
        case let .importTasks(_, images):
            try requireStored(images.map(\.id), number)
            for image in images { try write(image.before, of: image.id) }
            try db.execute(sql: "UPDATE task SET removedBy = ?1 WHERE createdBy = ?1 AND removedBy IS NULL",
                           arguments: [number])
        case .skipped:
            throw damagedHistory(at: number, "a skipped step was undone")
        }
    }

    /// Redoes `step`, numbered `number`.
    private func apply(_ step: Step, _ number: Int64) throws {
        switch step {
        case .create:
            try db.execute(sql: "UPDATE task SET removedBy = NULL WHERE createdBy = ?1 AND removedBy = ?1",
                           arguments: [number])
            guard db.changesCount > 0 else { throw damagedHistory(at: number, "it created no task") }
        case let .toggleFavorite(tasks):
            try requireStored(tasks, number)
            try toggleFavorite(tasks)
        case let .toggleDone(tasks, previous, doneAt):
            try requireStored(tasks, number)
            try setDone(tasks, to: previous.map { $0 == nil ? doneAt : nil })
        case .remove, .removeDone:
            try db.execute(sql: "UPDATE task SET removedBy = ?1, restoredBy = NULL WHERE restoredBy = ?1",
                           arguments: [number])
        case .removeAll:
            try setClearedThrough(number)
        case let .edit(task, _, new):
            try requireStored([task], number)
            try setText(new, of: task)
        case let .move(task, _, to):
            try requireStored([task], number)
            try place(task, at: to)
        case let .importTasks(_, images):
            try requireStored(images.map(\.id), number)
            try db.execute(sql: "UPDATE task SET removedBy = NULL WHERE createdBy = ?1 AND removedBy = ?1",
                           arguments: [number])
            for image in images { try write(image.after, of: image.id) }
        case .skipped:
            throw damagedHistory(at: number, "a skipped step was redone")
        }
    }

    /// Throws when a task that step `number` names is not stored at all (purged: the history is damaged).
    private func requireStored(_ tasks: [TaskItem.ID], _ number: Int64) throws {
        let select = try statement("SELECT 1 FROM task WHERE uuid = ?")
        for task in tasks {
            var found = false
            try select.forEachRow(.uuid(task)) { _ in found = true }
            guard found else { throw damagedHistory(at: number, "a task it names is not stored") }
        }
    }

    /// Hides every task created up to step `number` (a clear), or shows them again (its undo); saved
    /// at once, since which tasks are live is read from the stored row (`isLive`).
    func setClearedThrough(_ number: Int64) throws {
        var history = try loadHistory()
        history.clearedThrough = number
        try history.save(db)
        self.history = history
        storedHistory = history
    }

    /// What `step`, numbered `number`, did, as it reads after its undo or redo.
    private func describe(_ step: Step, _ number: Int64) throws -> Change {
        guard let kind = step.changeKind else { throw damagedHistory(at: number, "a skipped step was described") }
        switch step {
        case .create:
            let created = try taskIDs(where: "createdBy = ?", .integer(number))
            return try change(kind, of: created)
        case let .toggleFavorite(tasks):
            return try change(kind, of: tasks, flag: "isFavorite")
        case let .toggleDone(tasks, _, _):
            return try change(kind, of: tasks, flag: "doneAt IS NOT NULL")
        case let .remove(count), let .removeDone(count):
            let one = count == 1 ? try taskIDs(where: "removedBy = ?1 OR restoredBy = ?1", .integer(number)) : []
            return Change(kind: kind, taskCount: count, text: try one.first.flatMap(storedText(of:)))
        case let .removeAll(count, clearedThrough):
            let one = count == 1 ? try taskIDs(where: "createdBy > ? AND createdBy < ? AND removedBy IS NULL",
                                               .integer(clearedThrough), .integer(number)) : []
            return Change(kind: kind, taskCount: count, text: try one.first.flatMap(storedText(of:)))
        case let .edit(task, _, _), let .move(task, _, _):
            return try change(kind, of: [task])
        case let .importTasks(added, images):
            let one = added + images.count == 1
                ? (images.isEmpty ? try taskIDs(where: "createdBy = ?", .integer(number)) : [images[0].id]) : []
            return Change(kind: kind, taskCount: added + images.count, text: try one.first.flatMap(storedText(of:)))
        case .skipped:
            throw damagedHistory(at: number, "a skipped step was described")
        }
    }

    /// A change of `kind` to `tasks`, naming the task when there is one (and, with `flag`, whether
    /// that SQL expression holds for it now).
    private func change(_ kind: Change.Kind, of tasks: [TaskItem.ID], flag: String? = nil) throws -> Change {
        guard tasks.count == 1 else { return Change(kind: kind, taskCount: tasks.count) }
        var isSet: Bool?
        if let flag {
            try statement("SELECT \(flag) FROM task WHERE uuid = ?").forEachRow(.uuid(tasks[0])) {
                isSet = $0.integer(0) != 0
            }
        }
        return Change(kind: kind, taskCount: 1, text: try storedText(of: tasks[0]), isSet: isSet)
    }

    /// The identities of the stored tasks that `condition`, given `arguments`, selects.
    private func taskIDs(where condition: String, _ arguments: SQLiteArgument...) throws -> [TaskItem.ID] {
        var ids: [TaskItem.ID] = []
        try statement("SELECT uuid FROM task WHERE \(condition) ORDER BY position")
            .forEachRow(arguments) { row in row.uuid(0).map { ids.append($0) } }
        return ids
    }
}
