import Foundation
internal import GRDB
import TaskModel

/// The undo history: steps numbered by `history.lastStep`, undone from `history.undoneFrom` on,
/// kept down to `history.floor`, read back as `RecordedStep`s for TaskModel's one undo and redo
/// (`StepHistory`). How each kind of step is stored is `Schema`'s comment.
extension SQLiteTransaction: StepHistory {
    /// The SQL that records the image of one task: its row as it is now, before the change, beside
    /// the row the change makes of it (its position and fields bound, its other columns kept).
    /// `?1` the step, `?2` its ordinal, `?3` the task.
    private static let recordSQL = """
        INSERT INTO step_task (step, ordinal, task, \(TaskRow.columns("before_")), \(TaskRow.columns("after_")))
        SELECT ?1, ?2, ?3, \(TaskRow.columns()), \((4...4 + TaskRow.fieldColumns.count).map { "?\($0)" }.joined(separator: ", ")),
            createdBy, removedBy FROM task WHERE uuid = ?3
        """

    func isTaken(_ id: TaskItem.ID) throws -> Bool {
        try mapErrors {
            var found = false
            try statement("SELECT 1 FROM task WHERE uuid = ?").forEachRow(.uuid(id)) { _ in found = true }
            return found
        }
    }

    func states(of ids: [TaskItem.ID]) throws -> [TaskItem.ID: TaskState] {
        try mapErrors {
            let select = try statement("SELECT \(Self.taskColumns), position FROM task WHERE uuid = ? AND \(Self.isLive)")
            var states: [TaskItem.ID: TaskState] = [:]
            for id in ids {
                try select.forEachRow(.uuid(id)) { row in
                    states[id] = TaskState(try TaskItem(row: row, id: id, path: path), at: row.integer(Int32(TaskRow.taskColumnCount)))
                }
            }
            return states
        }
    }

    /// Records a change to the fields or places of tasks in the list: each task's row before, the
    /// after-state written into it, and the row as written. A task the step makes (no before-state)
    /// is inserted, its before-image the same row hidden by the step.
    func record(_ kind: Change.Kind, _ transitions: [TaskTransition]) throws {
        try mapErrors {
            let step = try beginStep()
            try addStepRow(step, kind)
            let update = try statement("UPDATE task SET \(TaskRow.assignments(TaskRow.fieldColumns)) WHERE uuid = ?")
            let image = try statement(Self.recordSQL)
            for (ordinal, transition) in transitions.enumerated() {
                if transition.before == nil, let after = transition.after {
                    try insert(after, madeBy: step, ordinal: Int64(ordinal))
                    continue
                }
                guard let before = transition.before, let after = transition.after else {
                    throw damagedHistory(at: step, "a change of fields names a task outside the list")
                }
                let fields = TaskRow.fieldArguments(after.task)
                try image.run([.integer(step), .integer(Int64(ordinal)), .uuid(transition.id), .integer(after.position)]
                              + fields)
                if !after.hasSameFields(as: before) { try update.run(fields + [.uuid(transition.id)]) }
                if after.position != before.position { try setPosition(of: transition.id, to: after.position) }
            }
        }
    }

    /// Inserts the task of `state`, made by step `step` among other changes, and its images.
    private func insert(_ state: TaskState, madeBy step: Int64, ordinal: Int64) throws {
        let fields = TaskRow.fieldArguments(state.task)
        try statement(Self.insertTaskSQL).run([.integer(state.position), .uuid(state.task.id)] + fields + [.integer(step)])
        // It may lie after the task this transaction appended last (the next of the last task
        // checked off): the next append asks for the largest position again.
        appendPosition = nil
        let shown: [SQLiteArgument] = [.integer(state.position)] + fields + [.integer(step)]
        try statement(TaskRow.insertImageSQL)
            .run([.integer(step), .integer(ordinal), .uuid(state.task.id)] + shown + [.integer(step)] + shown + [.null])
    }

    func stamp(_ ids: [TaskItem.ID], changedAt time: Date) throws {
        try mapErrors {
            let update = try statement("UPDATE task SET modifiedAt = ? WHERE uuid = ?")
            for id in ids { try update.run([.real(time.timeIntervalSince1970), .uuid(id)]) }
        }
    }

    func step(undone: Bool) throws -> RecordedStep? {
        try mapErrors {
            let history = try loadHistory()
            guard let number = undone ? history.undoneFrom : try latestDoneStep(history) else { return nil }
            let row = try stepRow(number)
            return RecordedStep(number: number, kind: row.kind,
                                transitions: try transitions(of: number, row, clearedThrough: history.clearedThrough))
        }
    }

    func write(_ step: RecordedStep, undoing: Bool) throws {
        try mapErrors {
            var history = try loadHistory()
            history.undoneFrom = undoing ? step.number : try firstUndone(after: step.number, history)
            self.history = history
            let row = try stepRow(step.number)
            // An import's added tasks are hidden after its images are written back, and shown before.
            if undoing {
                try writeImages(of: step.number, side: "before_")
                try writeMembers(of: step.number, row, undoing: true)
            } else {
                try writeMembers(of: step.number, row, undoing: false)
                try writeImages(of: step.number, side: "after_")
            }
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
                    try db.execute(sql: "DELETE FROM step_task WHERE step <= ?", arguments: [cutoff])
                    try db.execute(sql: "DELETE FROM step WHERE id <= ?1 AND (kind <> 'skipped' OR through <= ?1)",
                                   arguments: [cutoff])
                    history.floor = cutoff
                }
            }
            try history.save(db)
            self.history = history
            storedHistory = history
        }
    }

    // MARK: Numbering

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
            // Tasks whose creation was undone can no longer be shown again, but their rows stay
            // hidden (by the dropped step's number, which is never used again) until the history
            // passes them: a sync tells by them a task removed here from one a replaced store never
            // held (`untraced`).
            for sql in ["DELETE FROM step_task WHERE step >= ?", "DELETE FROM step WHERE id >= ?"] {
                try statement(sql).run(.integer(from))
            }
            try addStepRow(from, .skipped, through: history.lastStep)
            history.undoneFrom = nil
        }
        history.lastStep += 1
        self.history = history
        return history.lastStep
    }

    /// Writes the `step` row of step `number` (a create has none).
    func addStepRow(_ number: Int64, _ kind: StepKind, through: Int64? = nil) throws {
        try statement("INSERT INTO step (id, kind, through) VALUES (?, ?, ?)")
            .run(.integer(number), .text(kind.name), SQLiteArgument(through))
    }

    func addStepRow(_ number: Int64, _ kind: Change.Kind, through: Int64? = nil) throws {
        try addStepRow(number, .change(kind), through: through)
    }

    /// The latest step that is done, passing over the numbers of dropped steps; nil when there is none.
    private func latestDoneStep(_ history: History) throws -> Int64? {
        var number = history.lastDone
        while number > history.floor {
            guard let skipped = try skippedRange(endingAtOrAfter: number) else { return number }
            number = skipped.lowerBound - 1
        }
        return nil
    }

    /// The first undone step after `number` once it is redone, passing over dropped ones (ranges of
    /// them can follow one another: undo, change, undo, change); nil when none is left.
    private func firstUndone(after number: Int64, _ history: History) throws -> Int64? {
        var next = number + 1
        while let through = try statement("SELECT through FROM step WHERE id = ? AND kind = 'skipped'")
            .firstInteger(.integer(next)) {
            next = through + 1
        }
        return next > history.lastStep ? nil : next
    }

    /// The range of dropped step numbers that holds `number`, if any.
    private func skippedRange(endingAtOrAfter number: Int64) throws -> ClosedRange<Int64>? {
        var found: ClosedRange<Int64>?
        try statement("SELECT id, kind, through FROM step WHERE id <= ? ORDER BY id DESC LIMIT 1")
            .forEachRow(.integer(number)) { row in
                if row.text(1) == StepKind.skipped.name, let through = row.optionalInteger(2), through >= number {
                    found = row.integer(0)...through
                }
            }
        return found
    }

    // MARK: Steps read back

    /// What the `step` row of a step holds: its kind and, for a clear, the tasks it hid.
    private struct StepRow {
        var kind: Change.Kind
        var through: Int64?
    }

    /// The row of step `number`; a step with none created tasks.
    private func stepRow(_ number: Int64) throws -> StepRow {
        var found: StepRow?
        try statement("SELECT kind, through FROM step WHERE id = ?").forEachRow(.integer(number)) { row in
            guard case let .change(kind) = StepKind(name: row.text(0)), kind != .create else {
                throw damagedHistory(at: number, "unknown change kind '\(row.text(0))'")
            }
            found = StepRow(kind: kind, through: row.optionalInteger(1))
        }
        return found ?? StepRow(kind: .create)
    }

    /// Each task step `number` touched, before and after: its images, then the tasks it made or
    /// cleared, which their own rows describe.
    private func transitions(of number: Int64, _ step: StepRow, clearedThrough: Int64) throws -> [TaskTransition] {
        var transitions: [TaskTransition] = []
        try statement("""
            SELECT task, \(TaskRow.columns("before_")), \(TaskRow.columns("after_")),
                EXISTS (SELECT 1 FROM task WHERE uuid = step_task.task)
            FROM step_task WHERE step = ? ORDER BY ordinal
            """).forEachRow(.integer(number)) { row in
            let width = Int32(TaskRow.columnCount)
            guard let id = row.uuid(0), row.integer(1 + 2 * width) != 0 else {
                throw damagedHistory(at: number, "a task it names is not stored")
            }
            guard let before = TaskRow(row: row, at: 1), let after = TaskRow(row: row, at: 1 + width) else {
                throw damagedHistory(at: number, "an image of a task holds a value of the wrong kind")
            }
            guard let beforeState = before.state(id: id), let afterState = after.state(id: id) else {
                throw damagedHistory(at: number, "a task's foreign fields or recurrence do not read")
            }
            transitions.append(TaskTransition(id: id, before: before.isLive(clearedThrough: clearedThrough) ? beforeState : nil,
                                              after: after.isLive(clearedThrough: clearedThrough) ? afterState : nil))
        }
        let imaged = Set(transitions.map(\.id))
        func members(_ condition: String, _ arguments: SQLiteArgument..., added: Bool) throws {
            try statement("SELECT uuid, \(TaskRow.columns()) FROM task WHERE \(condition) ORDER BY position")
                .forEachRow(arguments) { row in
                    guard let id = row.uuid(0), !imaged.contains(id) else { return }
                    guard let state = TaskRow(row: row, at: 1)?.state(id: id) else {
                        throw damagedHistory(at: number, "a task it names does not read")
                    }
                    transitions.append(TaskTransition(id: id, before: added ? nil : state, after: added ? state : nil))
                }
        }
        // A create has no row: images of a step without one mean its row was lost.
        if step.kind == .create, !imaged.isEmpty { throw damagedHistory(at: number, "its step row is missing") }
        switch step.kind {
        case .create, .importTasks, .sync:
            try members("createdBy = ?", .integer(number), added: true)
        case .removeAll:
            guard let through = step.through else { throw damagedHistory(at: number, "a clear has no earlier bound") }
            try members("createdBy > ? AND createdBy < ? AND removedBy IS NULL", .integer(through), .integer(number),
                        added: false)
        default:
            break
        }
        guard !transitions.isEmpty else {
            throw damagedHistory(at: number, step.kind == .create ? "it created no task" : "it names no task")
        }
        return transitions
    }

    // MARK: Steps written back

    /// Writes each image of step `number` on `side` (`before_` or `after_`) back into its task's row.
    private func writeImages(of number: Int64, side: String) throws {
        var images: [(ordinal: Int64, id: TaskItem.ID, row: TaskRow)] = []
        try statement("SELECT ordinal, task, \(TaskRow.columns(side)) FROM step_task WHERE step = ? ORDER BY ordinal")
            .forEachRow(.integer(number)) { row in
                guard let id = row.uuid(1) else { throw damagedHistory(at: number, "a task it names is not stored") }
                guard let image = TaskRow(row: row, at: 2) else {
                    throw damagedHistory(at: number, "an image of a task holds a value of the wrong kind")
                }
                images.append((row.integer(0), id, image))
            }
        // Placing a task may renumber every position, the images' too: each place is read as it is now.
        let remembered = try statement("SELECT \(side)position FROM step_task WHERE step = ? AND ordinal = ?")
        for image in images {
            if let position = try remembered.firstInteger(.integer(number), .integer(image.ordinal)),
               try self.position(of: image.id) != position {
                let (wanted, placed) = try place(image.id, at: position)
                if placed != wanted { try rememberPlace(of: image.id, moving: wanted, to: placed) }
            }
            try write(image.row, of: image.id)
        }
    }

    /// Writes every column of `row` but its position into the row of task `id` (an import, and an
    /// undo or redo writing an image back).
    func write(_ row: TaskRow, of id: TaskItem.ID) throws {
        try statement("""
            UPDATE task SET \(TaskRow.assignments(TaskRow.columnsAfterPosition)) WHERE uuid = ?
            """).run(Array(row.arguments.dropFirst()) + [.uuid(id)])
    }

    /// Records that task `id`, whose place `from` was taken meanwhile (by a task appended there after
    /// it moved away), went just after it, to `to`: every image of it at `from` says `to` from now on,
    /// so that undo and redo of the steps around find it where they left it.
    private func rememberPlace(of id: TaskItem.ID, moving from: Int64, to: Int64) throws {
        for side in ["before_", "after_"] {
            try statement("UPDATE step_task SET \(side)position = ? WHERE task = ? AND \(side)position = ?")
                .run(.integer(to), .uuid(id), .integer(from))
        }
    }

    /// Hides or shows the tasks step `number` made or cleared.
    private func writeMembers(of number: Int64, _ step: StepRow, undoing: Bool) throws {
        switch step.kind {
        case .create, .importTasks, .sync:
            try db.execute(sql: undoing
                ? "UPDATE task SET removedBy = ?1 WHERE createdBy = ?1 AND removedBy IS NULL"
                : "UPDATE task SET removedBy = NULL WHERE createdBy = ?1 AND removedBy = ?1", arguments: [number])
        case .removeAll:
            guard let through = step.through else { throw damagedHistory(at: number, "a clear has no earlier bound") }
            try setClearedThrough(undoing ? through : number)
        default:
            break
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
}

/// What the `kind` column of a `step` row names: a change, or a range of dropped step numbers
/// (`through` its last), never used again.
enum StepKind: Equatable {
    case change(Change.Kind)
    case skipped

    init?(name: String) {
        if name == "skipped" {
            self = .skipped
        } else if let kind = Change.Kind(rawValue: name) {
            self = .change(kind)
        } else {
            return nil
        }
    }

    var name: String {
        switch self {
        case let .change(kind): kind.rawValue
        case .skipped: "skipped"
        }
    }
}
