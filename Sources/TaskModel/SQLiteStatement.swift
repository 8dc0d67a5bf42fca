import Foundation
internal import GRDB
internal import GRDBSQLite

/// The one place where the model calls SQLite's C API itself: binding and stepping a statement that
/// GRDB prepared, for the hot path of appending tasks, where GRDB's argument boxing costs more than SQLite.
struct SQLiteStatement {
    private let statement: Statement
    private let path: String

    init(_ statement: Statement, path: String) {
        self.statement = statement
        self.path = path
    }

    /// Runs the statement once with these arguments, in order: texts keep their NUL characters.
    func run(_ arguments: SQLiteArgument...) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch argument {
            case .integer(let value):
                code = sqlite3_bind_int64(handle, index, value)
            case .real(let value):
                code = sqlite3_bind_double(handle, index, value)
            case .text(var value):
                code = value.withUTF8 { bytes in
                    sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count), SQLITE_TRANSIENT)
                }
            case .null:
                code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(code) }
    }

    private func failure(_ code: Int32) -> Error {
        let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(statement.sqliteStatement)))
        return TaskDatabaseError.mapping(DatabaseError(resultCode: ResultCode(rawValue: code), message: message),
                                         path: path)
    }
}

/// A value bound to an SQL parameter by `SQLiteStatement`.
enum SQLiteArgument {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

/// SQLite's marker asking it to copy bound bytes before the call returns.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
