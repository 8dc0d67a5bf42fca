import CLibPQ
import Foundation

/// The rows of one statement, read in binary format; the libpq result is freed with this value.
/// Column getters take the row and column numbers (from 0) and the type the statement selects.
final class PostgresResult {
    private let result: OpaquePointer

    /// Takes ownership of `result`.
    init(_ result: OpaquePointer) {
        self.result = result
    }

    deinit {
        PQclear(result)
    }

    /// How many rows it holds.
    var count: Int { Int(PQntuples(result)) }

    /// How many rows an INSERT, UPDATE or DELETE touched.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(result))) ?? 0 }

    func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(result, Int32(row), Int32(column)) != 0
    }

    /// The raw bytes of a value, valid only during `body`.
    func withBytes<T>(_ row: Int, _ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let length = Int(PQgetlength(result, Int32(row), Int32(column)))
        let start = PQgetvalue(result, Int32(row), Int32(column)).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        return try body(UnsafeBufferPointer(start: start, count: length))
    }

    /// A `bigint`; nil for NULL.
    func int64(_ row: Int, _ column: Int) -> Int64? {
        isNull(row, column) ? nil : withBytes(row, column) { Self.integer(Int64.self, $0) }
    }

    /// An `integer`; nil for NULL.
    func int32(_ row: Int, _ column: Int) -> Int32? {
        isNull(row, column) ? nil : withBytes(row, column) { Self.integer(Int32.self, $0) }
    }

    /// A `double precision`; nil for NULL.
    func double(_ row: Int, _ column: Int) -> Double? {
        int64(row, column).map { Double(bitPattern: UInt64(bitPattern: $0)) }
    }

    /// A `boolean`; nil for NULL.
    func bool(_ row: Int, _ column: Int) -> Bool? {
        isNull(row, column) ? nil : withBytes(row, column) { $0.first.map { $0 != 0 } }
    }

    /// A `uuid`; nil for NULL or a value that is not 16 bytes.
    func uuid(_ row: Int, _ column: Int) -> UUID? {
        guard !isNull(row, column) else { return nil }
        return withBytes(row, column) { bytes in
            guard bytes.count == 16, let base = bytes.baseAddress else { return nil }
            return UUID(uuid: UnsafeRawPointer(base).loadUnaligned(as: uuid_t.self))
        }
    }

    /// A `bytea` or `text` as bytes; nil for NULL.
    func bytes(_ row: Int, _ column: Int) -> [UInt8]? {
        isNull(row, column) ? nil : withBytes(row, column) { Array($0) }
    }

    /// A `bytea` or `text` as a string (invalid UTF-8 replaced); nil for NULL.
    func string(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : withBytes(row, column) { String(decoding: $0, as: UTF8.self) }
    }

    /// An integer in a result in text format (from `PostgresConnection.run`); nil for NULL or not a number.
    func textInteger(_ row: Int, _ column: Int) -> Int64? {
        string(row, column).flatMap { Int64($0) }
    }

    /// A big-endian integer of exactly its size, or 0 when the value has another size (never the
    /// case for the column types the statements select).
    private static func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, _ bytes: UnsafeBufferPointer<UInt8>) -> Integer {
        guard bytes.count == MemoryLayout<Integer>.size, let base = bytes.baseAddress else { return 0 }
        return Integer(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: Integer.self))
    }
}
