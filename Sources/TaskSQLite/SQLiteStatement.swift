import Foundation
internal import GRDB
internal import GRDBSQLite
import TaskModel

/// The one place where the model calls SQLite's C API itself: binding, stepping and reading a
/// statement that GRDB prepared. GRDB boxes every argument and column (more costly than SQLite on
/// the hot paths) and binds and reads a `String` as a C string, cutting it at its first NUL; here a
/// text's length is given, so it is stored and read back exactly.
struct SQLiteStatement {
    private let statement: Statement
    private let path: String

    init(_ statement: Statement, path: String) {
        self.statement = statement
        self.path = path
    }

    /// Runs the statement once with these arguments, in order: texts keep their NUL characters.
    func run(_ arguments: SQLiteArgument...) throws {
        try run(arguments)
    }

    /// Runs the statement once with these arguments, in order.
    func run(_ arguments: [SQLiteArgument]) throws {
        try bind(arguments)
        defer { sqlite3_reset(statement.sqliteStatement) }
        let code = sqlite3_step(statement.sqliteStatement)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(code) }
    }

    /// Runs the statement with these arguments and calls `body` with each row it returns.
    func forEachRow(_ arguments: SQLiteArgument..., body: (SQLiteRow) throws -> Void) throws {
        try forEachRow(arguments, body: body)
    }

    /// Runs the statement with these arguments and calls `body` with each row it returns.
    func forEachRow(_ arguments: [SQLiteArgument], body: (SQLiteRow) throws -> Void) throws {
        try bind(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure(code) }
            try body(SQLiteRow(handle: handle))
        }
    }

    /// The first column of the first row the statement returns with these arguments, when there is
    /// one and it is not NULL.
    func firstInteger(_ arguments: SQLiteArgument...) throws -> Int64? {
        var found: Int64?
        try forEachRow(arguments) { row in
            if found == nil { found = row.optionalInteger(0) }
        }
        return found
    }

    private func bind(_ arguments: [SQLiteArgument]) throws {
        let handle = statement.sqliteStatement
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
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { bytes in
                    // A zero-length blob, not NULL: SQLite takes a nil pointer for NULL.
                    sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                      Int32(bytes.count), SQLITE_TRANSIENT)
                }
            case .null:
                code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
    }

    private func failure(_ code: Int32) -> Error {
        let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(statement.sqliteStatement)))
        return StoreError.mapping(DatabaseError(resultCode: ResultCode(rawValue: code), message: message),
                                  path: path)
    }
}

/// The current row of a running `SQLiteStatement`, read column by column (from 0).
struct SQLiteRow {
    fileprivate let handle: OpaquePointer

    /// The column as an integer.
    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// The column as a floating-point number.
    func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column as an integer, or nil when it is NULL.
    func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

    /// The column as a floating-point number, or nil when it is NULL.
    func optionalReal(_ column: Int32) -> Double? { isNull(column) ? nil : real(column) }

    /// The column's bytes as a blob (a copy).
    func blob(_ column: Int32) -> [UInt8] {
        let start = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let start, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The column as a UUID stored as 16 bytes, or nil when it holds anything else.
    func uuid(_ column: Int32) -> UUID? {
        guard sqlite3_column_type(handle, column) == SQLITE_BLOB, sqlite3_column_bytes(handle, column) == 16,
              let start = sqlite3_column_blob(handle, column) else { return nil }
        return UUID(uuid: start.loadUnaligned(as: uuid_t.self))
    }

    /// The column as text, or nil when it is NULL.
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// The column as `TaskItem.foreign` (`ForeignFieldsCoding`: NULL is none); nil when it holds
    /// something else.
    func foreignFields(_ column: Int32) -> [String: String]? {
        optionalText(column).map(ForeignFieldsCoding.decode) ?? [:]
    }

    private func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// Whether the column holds a value of `kind` (or NULL, when `orNull`): what a damaged row is
    /// told apart by, since reading a text as a number gives 0.
    func holds(_ kind: SQLiteValueKind, _ column: Int32, orNull: Bool = false) -> Bool {
        let type = sqlite3_column_type(handle, column)
        if type == SQLITE_NULL { return orNull }
        switch kind {
        case .integer: return type == SQLITE_INTEGER
        case .number: return type == SQLITE_INTEGER || type == SQLITE_FLOAT
        case .text: return type == SQLITE_TEXT
        }
    }

    /// The column as text, with its NUL characters (invalid UTF-8 is replaced).
    func text(_ column: Int32) -> String {
        withTextBytes(column) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the column's text as stored: its bytes, NULs included, valid only during the call.
    func withTextBytes<Result>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // sqlite3_column_text first (it may convert the value), then sqlite3_column_bytes.
        let start = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return body(UnsafeBufferPointer(start: count > 0 ? start : nil, count: count))
    }
}

/// The kinds of value a column of the store holds, for `SQLiteRow.holds`.
enum SQLiteValueKind {
    case integer, number, text
}

/// A value bound to an SQL parameter by `SQLiteStatement`.
enum SQLiteArgument {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    /// A UUID, as its 16 bytes.
    static func uuid(_ id: UUID) -> SQLiteArgument { .blob(id.bytes) }

    /// A floating-point number, or NULL for nil.
    init(_ value: Double?) { self = value.map(Self.real) ?? .null }

    /// An integer, or NULL for nil.
    init(_ value: Int64?) { self = value.map(Self.integer) ?? .null }

    /// A text, or NULL for nil.
    init(_ value: String?) { self = value.map(Self.text) ?? .null }
}

/// SQLite's marker asking it to copy bound bytes before the call returns.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension UUID {
    /// The 16 bytes of the UUID, in order.
    var bytes: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }
}
