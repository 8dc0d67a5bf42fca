internal import GRDB
import TaskModel

/// The counters of the undo history (the one row of `history`), loaded once per transaction.
struct History: Equatable {
    /// The highest step number ever used.
    var lastStep: Int64
    /// The first undone step, if any: steps from it to `lastStep` are undone (or skipped).
    var undoneFrom: Int64?
    /// Steps up to this one can no longer be undone.
    var floor: Int64
    /// Tasks with ids up to this one were removed by a `clear`.
    var clearedThrough: Int64

    /// The latest step that is done, or `floor` when there is none.
    var lastDone: Int64 { (undoneFrom ?? lastStep + 1) - 1 }

    static func load(_ db: Database) throws -> History {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT lastStep, undoneFrom, floor, clearedThrough FROM history WHERE id = 1
            """) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the history row is missing")
        }
        return History(lastStep: row[0], undoneFrom: row[1], floor: row[2], clearedThrough: row[3])
    }

    func save(_ db: Database) throws {
        try db.execute(sql: """
            UPDATE history SET lastStep = ?, undoneFrom = ?, floor = ?, clearedThrough = ? WHERE id = 1
            """, arguments: [lastStep, undoneFrom, floor, clearedThrough])
    }
}
