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
        let keptHistory = try convertHistory(db)
        if !keptHistory {
            try UpgradeToVersion2.dropHistory(db)
            try db.execute(sql: "DELETE FROM step_task")
        }
        try db.execute(sql: "DROP TABLE step_v3; PRAGMA user_version = 4")
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
        guard let current = try rows(of: steps.flatMap { named(by: $0.step) }, db) else { return false }
        var images: [Image] = []
        // Back from the latest done step, then forward from the first undone one.
        var rows = current
        for (number, step) in steps.reversed() where number <= history.lastDone && number > history.floor {
            guard let stepImages = replay(step, number, &rows, undoing: true) else { return false }
            images += stepImages
        }
        rows = current
        for (number, step) in steps where number > history.lastDone {
            guard let stepImages = replay(step, number, &rows, undoing: false) else { return false }
            images += stepImages
        }
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
        let insert = SQLiteStatement(try db.makeStatement(sql: """
            INSERT INTO step_task (step, ordinal, task, \(TaskRow.columns("before_")), \(TaskRow.columns("after_")))
            VALUES (?, ?, ?, \(Array(repeating: "?", count: 2 * TaskRow.columnCount).joined(separator: ", ")))
            """), path: "")
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
            try select.forEachRow(.uuid(id)) { rows[id] = TaskRow(row: $0, at: 0) }
            guard rows[id] != nil else { return nil }
        }
        return rows
    }

    /// Reverts (`undoing`) or applies step `number` to `rows`, returning the images it makes; nil
    /// when it does not fit them.
    private static func replay(_ step: LegacyStep, _ number: Int64, _ rows: inout [UUID: TaskRow],
                               undoing: Bool) -> [Image]? {
        var images: [Image] = []
        func change(_ id: UUID, _ update: (inout TaskRow) -> Void) -> Bool {
            guard var row = rows[id] else { return false }
            // A task whose fields a step changed was in the list then, whatever hides it now.
            if step.changeKind != .importTasks { row.removedBy = nil }
            let old = row
            update(&row)
            rows[id] = row
            images.append(Image(step: number, ordinal: images.count, id: id,
                                before: undoing ? row : old, after: undoing ? old : row))
            return true
        }
        var fits = true
        switch step {
        case let .toggleFavorite(tasks):
            for id in tasks { fits = fits && change(id) { $0.isFavorite.toggle() } }
        case let .toggleDone(tasks, previous, doneAt):
            for (id, time) in zip(tasks, previous) {
                fits = fits && change(id) { $0.doneAt = undoing ? time : (time == nil ? doneAt : nil) }
            }
        case let .edit(task, old, new):
            fits = change(task) { $0.text = undoing ? old : new }
        case let .move(task, from, to):
            fits = change(task) { $0.position = undoing ? from : to }
        case let .importTasks(_, legacy):
            for image in legacy {
                let target = undoing ? image.before : image.after
                fits = fits && change(image.id) { row in
                    let position = row.position
                    row = target
                    row.position = position
                }
            }
        case .create, .remove, .removeDone, .removeAll, .skipped:
            break
        }
        return fits ? images : nil
    }
}
