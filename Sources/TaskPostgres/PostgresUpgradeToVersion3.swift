import Foundation
import TaskModel

/// Brings a shared list of schema 2 to version 3, keeping each person's history: every step of
/// every kind becomes, per task it touched, the task's row before and after it (`PostgresSchema`).
///
/// Schema 2 undid a step only when each task it touched still had `changed_by` = the step, and
/// redid it only when `changed_by` was the step's `previous_change`. So the steps a task's history
/// can still replay form a chain from its row as it is: the step in `changed_by` left the row as
/// it is now, and before it the row read as that step's effect reverted; the step before that is
/// its `previous_change`, and so on back. An undone step whose `previous_change` is a step on the
/// chain (or the chain's head) would be redone from the row as that step left it: its before is
/// that row and its after that row with its effect applied, and undone steps after it follow the
/// same way, in step order. A step on no chain could not be replayed; it gets the best images the
/// row as it is gives, and the generic check decides.
///
/// A step that does not decode (an unknown kind, a row missing what its kind needs) drops the whole
/// history, as TaskSQLite's upgrade does: every task in the list and its order are kept, the hidden
/// ones are deleted, and `run` says so.
enum PostgresUpgradeToVersion3 {
    /// Runs inside the migration's transaction; returns whether the history was kept.
    static func run(_ connection: PostgresConnection) throws -> Bool {
        try connection.run(PostgresSchema.version3Images)
        // The images written below are of today's rows.
        try connection.run(PostgresSchema.version4Columns + PostgresSchema.version5Columns)
        let converted = try convert(connection)
        if let images = converted {
            try write(images, connection)
        } else {
            try connection.run("""
                DELETE FROM tasks.step_task;
                DELETE FROM tasks.step;
                DELETE FROM tasks.task WHERE removed_by IS NOT NULL;
                UPDATE tasks.task SET changed_by = NULL;
                """)
        }
        try connection.run(PostgresSchema.version3Done)
        return converted != nil
    }

    /// A `step_task` row: its step and ordinal.
    private struct Key: Hashable {
        var step: Int64
        var ordinal: Int32
    }

    /// A `step_task` row's images, before and after its step.
    private typealias Images = (before: PostgresTaskRow?, after: PostgresTaskRow?)

    /// Every `step_task` row's images; nil when a step or a row does not decode.
    private static func convert(_ connection: PostgresConnection) throws -> [Key: Images]? {
        let stepRows = try connection.query("SELECT \(PostgresLegacyStep.columns) FROM tasks.step")
        var steps: [Int64: PostgresLegacyStep] = [:]
        for row in 0..<stepRows.count {
            guard let step = PostgresLegacyStep(stepRows, row: row) else { return nil }
            steps[step.number] = step
        }
        let recordRows = try connection.query("""
            SELECT \(PostgresLegacyStep.Record.columns) FROM tasks.step_task ORDER BY step, ordinal
            """)
        var records: [UUID: [PostgresLegacyStep.Record]] = [:]
        for row in 0..<recordRows.count {
            guard let record = PostgresLegacyStep.Record(recordRows, row: row) else { return nil }
            guard steps[record.step] != nil else { continue } // a step purged without its rows: never read
            records[record.task, default: []].append(record)
        }
        let taskRows = try connection.query("SELECT uuid, changed_by, \(PostgresTaskRow.taskColumns) FROM tasks.task")
        var images: [Key: Images] = [:]
        for row in 0..<taskRows.count {
            guard let id = taskRows.uuid(row, 0), let current = try? PostgresTaskRow(taskRows, row: row, at: 2) else {
                return nil
            }
            guard let touched = records.removeValue(forKey: id) else { continue }
            TaskChain(steps: steps, records: touched, current: current).images(changedBy: taskRows.int64(row, 1))
                .forEach { images[$0.key] = $0.value }
        }
        for (_, touched) in records { // tasks gone for good
            for record in touched { images[Key(step: record.step, ordinal: record.ordinal)] = goneForGood }
        }
        return images
    }

    /// The images of a task no longer stored: a row in the list on both sides, which it can never
    /// read as again, so that undo and redo of the step are refused, as schema 2 refused them.
    private static let goneForGood: Images = {
        let row = PostgresTaskRow(position: 0, text: [], isFavorite: false, doneAt: nil, createdAt: 0, foreign: nil,
                                  removedBy: nil)
        return (row, row)
    }()

    /// The images of the rows of one task, from its row as it is now.
    private struct TaskChain {
        let steps: [Int64: PostgresLegacyStep]
        let records: [PostgresLegacyStep.Record]
        let current: PostgresTaskRow

        func images(changedBy: Int64?) -> [Key: Images] {
            var images: [Key: Images] = [:]
            let byStep = Dictionary(records.map { ($0.step, $0) }, uniquingKeysWith: { first, _ in first })
            // Back from the row as it is, through each step's previous change.
            var chain: [(change: Int64?, row: PostgresTaskRow?)] = [(changedBy, current)]
            var change = changedBy
            var row: PostgresTaskRow? = current
            while let number = change, let after = row, let step = steps[number], !step.undone,
                  let record = byStep[number], images[key(record)] == nil {
                let before = step.before(record, after: after)
                images[key(record)] = (before, after)
                change = record.previousChange
                row = before
                chain.append((change, row))
            }
            // Forward from each row on the chain, through the undone steps that were made from it.
            var pending = chain
            while !pending.isEmpty {
                let (from, row) = pending.removeFirst()
                for record in records where record.previousChange == from && images[key(record)] == nil {
                    guard let step = steps[record.step], step.undone, let base = row ?? (step.made(record) ? current : nil)
                    else { continue }
                    let after = step.after(record, before: base)
                    images[key(record)] = (step.made(record) ? nil : base, after)
                    pending.append((record.step, after))
                }
            }
            // Off the chains: the best the row as it is gives.
            for record in records where images[key(record)] == nil {
                guard let step = steps[record.step] else { continue }
                images[key(record)] = step.undone
                    ? (step.made(record) ? nil : current, step.after(record, before: current))
                    : (step.before(record, after: current), current)
            }
            return images
        }

        private func key(_ record: PostgresLegacyStep.Record) -> Key {
            Key(step: record.step, ordinal: record.ordinal)
        }
    }

    /// Writes every row's images, in one statement.
    private static func write(_ images: [Key: Images], _ connection: PostgresConnection) throws {
        guard !images.isEmpty else { return }
        let rows = Array(images)
        let befores = PostgresTaskRow.arrays(rows.map(\.value.before))
        let afters = PostgresTaskRow.arrays(rows.map(\.value.after))
        let columns = zip(PostgresTaskRow.columns(.before).components(separatedBy: ", "),
                          PostgresTaskRow.columns(.after).components(separatedBy: ", "))
        let names = columns.map(\.0) + columns.map(\.1)
        let types = PostgresTaskRow.types + PostgresTaskRow.types
        _ = try connection.query("""
            UPDATE tasks.step_task st SET \(names.map { "\($0) = i.\($0)" }.joined(separator: ", "))
            FROM unnest($1::int8[], $2::int8[], \(types.enumerated().map { "$\($0 + 3)::\($1)[]" }.joined(separator: ", ")))
                AS i(step, ordinal, \(names.joined(separator: ", ")))
            WHERE st.step = i.step AND st.ordinal = i.ordinal
            """, [.int64s(rows.map(\.key.step)), .int64s(rows.map { Int64($0.key.ordinal) })] + befores + afters)
    }
}
