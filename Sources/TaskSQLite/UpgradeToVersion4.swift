import Foundation
internal import GRDB
import TaskModel

/// Brings a store of schema version 3 to version 4, where a step keeps the rows of the tasks whose
/// fields or places it changed, before and after (`step_task`), instead of a JSON object of what
/// its kind changed (`LegacyStep`).
///
/// The history is linear, so the rows each step saw can be found from today's: going back from the
/// latest done step, each one's after-rows are the rows as they stand, and reverting it gives its
/// before-rows; going forward from the first undone step, the other way round. Steps that add or
/// remove tasks keep their compact form (`Schema`). The history is kept when every step decodes and
/// names only stored tasks; otherwise it is dropped (every task in the list is kept) and the upgrade
/// says so.
enum UpgradeToVersion4 {
    /// Runs inside the migration's transaction; returns what it did when it had to drop the history.
    static func run(_ db: Database) throws -> StoreUpgrade? {
        try db.execute(sql: "ALTER TABLE step RENAME TO step_v3")
        try db.execute(sql: Schema.version4History)
        // The images written below are of today's rows.
        try Schema.addVersion5Columns(db)
        try Schema.addVersion6Columns(db)
        let keptHistory = try convertHistory(db)
        if !keptHistory {
            try UpgradeToVersion2.dropHistory(db)
            try db.execute(sql: "DELETE FROM step_task")
        }
        // Removals are images now: the marks of schema 3 go, with their column.
        try db.execute(sql: """
            DROP TABLE step_v3;
            DROP INDEX task_restoredBy;
            ALTER TABLE task DROP COLUMN restoredBy;
            PRAGMA user_version = 4
            """)
        return keptHistory ? nil : StoreUpgrade(fromVersion: 3, keptHistory: false)
    }

    /// One image row of `step_task`.
    private struct Image {
        var step: Int64
        var ordinal: Int
        var id: UUID
        var before: TaskRow
        var after: TaskRow
    }

    /// Writes every old step in the new form; false when one cannot be, and then nothing is written.
    private static func convertHistory(_ db: Database) throws -> Bool {
        let history = try History.load(db)
        var steps: [(number: Int64, step: LegacyStep)] = []
        for row in try Row.fetchAll(db, sql: "SELECT id, kind, tasks, data FROM step_v3 ORDER BY id") {
            let bytes: Data = row[2]
            guard let step = try? LegacyStep(record: LegacyStep.Record(kind: row[1], tasks: [UInt8](bytes), data: row[3]))
            else { return false }
            steps.append((row[0], step))
        }
        let marks = try removalMarks(db)
        let touched = steps.flatMap { named(by: $0.step) } + marks.hidden.values.joined() + marks.restored.values.joined()
        guard let current = try rows(of: touched, db) else { return false }
        var images: [Image] = []
        // Back from the latest done step, then forward from the first undone one.
        var back = Replay(rows: current, undoing: true)
        for (number, step) in steps.reversed() where number <= history.lastDone && number > history.floor {
            guard back.replay(step, number) else { return false }
        }
        var forward = Replay(rows: current, undoing: false)
        for (number, step) in steps where number > history.lastDone {
            guard forward.replay(step, number, removing: marks.restored[number] ?? []) else { return false }
        }
        images = back.images + forward.images
        for (number, step) in steps {
            if case .create = step { continue } // it has no row, as before
            let through: Int64? = switch step {
            case let .removeAll(_, clearedThrough): clearedThrough
            case let .skipped(through): through
            default: nil
            }
            try db.execute(sql: "INSERT INTO step (id, kind, through) VALUES (?, ?, ?)",
                           arguments: [number, kind(of: step)?.name, through])
        }
        // Texts go through SQLite's C API, which keeps their NUL characters.
        let insert = SQLiteStatement(try db.makeStatement(sql: TaskRow.insertImageSQL), path: "")
        for image in images {
            try insert.run([.integer(image.step), .integer(Int64(image.ordinal)), .uuid(image.id)]
                           + image.before.arguments + image.after.arguments)
        }
        return true
    }

    /// What a step's row names as its kind now.
    private static func kind(of step: LegacyStep) -> StepKind? {
        if case .skipped = step { return .skipped }
        return step.changeKind.map(StepKind.change)
    }

    /// The tasks whose rows a step changed (not the ones it added or removed).
    private static func named(by step: LegacyStep) -> [UUID] {
        switch step {
        case let .toggleFavorite(tasks), let .toggleDone(tasks, _, _): tasks
        case let .edit(task, _, _), let .move(task, _, _): [task]
        case let .importTasks(_, images): images.map(\.id)
        case .create, .remove, .removeDone, .removeAll, .skipped: []
        }
    }

    /// The stored rows of `ids`; nil when one is not stored.
    private static func rows(of ids: [UUID], _ db: Database) throws -> [UUID: TaskRow]? {
        var rows: [UUID: TaskRow] = [:]
        let select = SQLiteStatement(try db.makeStatement(sql: "SELECT \(TaskRow.columns()) FROM task WHERE uuid = ?"),
                                     path: "")
        for id in Set(ids) {
            try select.forEachRow(.uuid(id)) { rows[id] = TaskRow(row: $0, at: 0) } // nil: a damaged row
            guard rows[id] != nil else { return nil }
        }
        return rows
    }

    /// The marks schema 3 kept of removals on the rows: the tasks each step hides (`removedBy`), and
    /// those the undo of each brought back (`restoredBy`), for its redo. Schema 4 keeps images.
    private static func removalMarks(_ db: Database) throws -> (hidden: [Int64: [UUID]], restored: [Int64: [UUID]]) {
        var marks: (hidden: [Int64: [UUID]], restored: [Int64: [UUID]]) = ([:], [:])
        // A task may carry both: removed by one step, and brought back by the undo of a later one.
        for row in try Row.fetchAll(db, sql: """
            SELECT uuid, removedBy, restoredBy FROM task WHERE removedBy IS NOT NULL OR restoredBy IS NOT NULL
            ORDER BY position
            """) {
            let bytes: Data = row[0]
            guard let id = try? LegacyStep.unpack([UInt8](bytes)).first else { continue }
            if let number: Int64 = row[1] { marks.hidden[number, default: []].append(id) }
            if let number: Int64 = row[2] { marks.restored[number, default: []].append(id) }
        }
        return marks
    }

    /// The rows of the tasks the history touches, walked one step at a time, back (`undoing`) or
    /// forward, and the images each step makes of them.
    private struct Replay {
        var rows: [UUID: TaskRow]
        let undoing: Bool
        var images: [Image] = []
        /// The tasks each step hides as the rows stand, by its number.
        private var hiddenBy: [Int64: Set<UUID>] = [:]

        init(rows: [UUID: TaskRow], undoing: Bool) {
            self.rows = rows
            self.undoing = undoing
            for (id, row) in rows { if let step = row.removedBy { hiddenBy[step, default: []].insert(id) } }
        }

        /// Reverts (`undoing`) or applies step `number` (a removal going forward removes `removing`,
        /// the tasks its undo brought back); false when it does not fit the rows.
        mutating func replay(_ step: LegacyStep, _ number: Int64, removing: [UUID] = []) -> Bool {
            switch step {
            case let .toggleFavorite(tasks):
                return tasks.allSatisfy { id in change(id, number) { $0.isFavorite.toggle() } }
            case let .toggleDone(tasks, previous, doneAt):
                let undoing = undoing
                return zip(tasks, previous).allSatisfy { id, time in
                    change(id, number) { $0.doneAt = undoing ? time : (time == nil ? doneAt : nil) }
                }
            case let .edit(task, old, new):
                let text = undoing ? old : new
                return change(task, number) { $0.text = text }
            case let .move(task, from, to):
                let position = undoing ? from : to
                return change(task, number) { $0.position = position }
            case let .importTasks(_, legacy):
                // The rows the import read and wrote, as it kept them (positions aside: it moved no task).
                return legacy.allSatisfy { image in
                    record(image.id, number) { row in
                        var (before, after) = (image.before, image.after)
                        (before.position, after.position) = (row.position, row.position)
                        return (before, after)
                    }
                }
            case .remove, .removeDone:
                let removed = undoing ? (hiddenBy[number] ?? []).sorted { rows[$0]?.position ?? 0 < rows[$1]?.position ?? 0 }
                                      : removing
                return !removed.isEmpty && removed.allSatisfy { id in
                    record(id, number) { row in
                        var (shown, hidden) = (row, row)
                        (shown.removedBy, hidden.removedBy) = (nil, number)
                        return (shown, hidden)
                    }
                }
            case .create, .removeAll, .skipped:
                return true
            }
        }

        /// Records the images `sides` makes of the task's row; the row becomes the side the replay goes to.
        private mutating func record(_ id: UUID, _ number: Int64,
                                     _ sides: (TaskRow) -> (before: TaskRow, after: TaskRow)) -> Bool {
            guard let row = rows[id] else { return false }
            let (before, after) = sides(row)
            let next = undoing ? before : after
            if row.removedBy != next.removedBy {
                if let old = row.removedBy { hiddenBy[old]?.remove(id) }
                if let new = next.removedBy { hiddenBy[new, default: []].insert(id) }
            }
            rows[id] = next
            let ordinal = images.last?.step == number ? (images.last?.ordinal ?? -1) + 1 : 0
            images.append(Image(step: number, ordinal: ordinal, id: id, before: before, after: after))
            return true
        }

        /// A change to the fields of a task, which was in the list then, whatever hides it now;
        /// `update` makes the other side's row from the one the replay comes from.
        private mutating func change(_ id: UUID, _ number: Int64, _ update: (inout TaskRow) -> Void) -> Bool {
            let undoing = undoing
            return record(id, number) { row in
                var known = row
                known.removedBy = nil
                var other = known
                update(&other)
                return undoing ? (other, known) : (known, other)
            }
        }
    }
}
