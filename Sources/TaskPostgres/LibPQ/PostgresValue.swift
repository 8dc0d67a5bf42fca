import Foundation

/// A statement parameter, sent in PostgreSQL's binary format with its type.
enum PostgresValue {
    case int64(Int64)
    case double(Double)
    case bool(Bool)
    /// `bytea`: the bytes as they are (a task's text, NUL bytes included).
    case bytes([UInt8])
    case text(String)
    case uuid(UUID)
    /// `uuid[]`: a one-dimensional array with no NULL.
    case uuids([UUID])
    /// `bigint[]`: a one-dimensional array, nil elements NULL.
    case int64s([Int64?])
    /// `double precision[]`: a one-dimensional array, nil elements NULL.
    case doubles([Double?])
    /// `boolean[]`: a one-dimensional array, nil elements NULL.
    case bools([Bool?])
    /// `bytea[]`: a one-dimensional array, nil elements NULL (many tasks' texts, sent at once).
    case byteas([[UInt8]?])
    /// `text[]`: a one-dimensional array, nil elements NULL.
    case texts([String?])
    /// SQL NULL (of the type the statement gives it).
    case null

    /// The UTF-8 of `text`, as `bytea` (the encoding the backend stores texts in).
    static func utf8(_ text: String) -> PostgresValue { .bytes(Array(text.utf8)) }

    /// The value's type OID (0 lets the server infer it, as for NULL).
    var typeOID: UInt32 {
        switch self {
        case .int64: 20
        case .double: 701
        case .bool: 16
        case .bytes: 17
        case .text: 25
        case .uuid: 2950
        case .uuids: 2951
        case .int64s: 1016
        case .doubles: 1022
        case .bools: 1000
        case .byteas: 1001
        case .texts: 1009
        case .null: 0
        }
    }

    /// The value in binary format; nil for NULL.
    var binary: [UInt8]? {
        switch self {
        case let .int64(value): Self.bigEndian(value)
        case let .double(value): Self.bigEndian(value.bitPattern)
        case let .bool(value): [value ? 1 : 0]
        case let .bytes(bytes): bytes
        case let .text(text): Array(text.utf8)
        case let .uuid(id): Self.bytes(of: id)
        case let .uuids(ids): Self.array(of: 2950, ids.map(Self.bytes(of:)))
        case let .int64s(values): Self.array(of: 20, values.map { $0.map(Self.bigEndian) })
        case let .doubles(values): Self.array(of: 701, values.map { $0.map { Self.bigEndian($0.bitPattern) } })
        case let .bools(values): Self.array(of: 16, values.map { $0.map { [$0 ? 1 : 0] } })
        case let .byteas(values): Self.array(of: 17, values)
        case let .texts(values): Self.array(of: 25, values.map { $0.map { Array($0.utf8) } })
        case .null: nil
        }
    }

    private static func bigEndian<Integer: FixedWidthInteger>(_ value: Integer) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian, Array.init)
    }

    private static func bytes(of id: UUID) -> [UInt8] {
        withUnsafeBytes(of: id.uuid, Array.init)
    }

    /// A one-dimensional array in binary format: dimensions, whether it holds a NULL, the element
    /// type, its length and lower bound, then each element's length (-1 for NULL) and bytes.
    /// An empty array has no dimension.
    private static func array(of elementType: UInt32, _ elements: [[UInt8]?]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20 + elements.reduce(0) { $0 + 4 + ($1?.count ?? 0) })
        func append<Integer: FixedWidthInteger>(_ value: Integer) {
            withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
        }
        append(Int32(elements.isEmpty ? 0 : 1))
        append(Int32(elements.contains { $0 == nil } ? 1 : 0))
        append(elementType)
        if !elements.isEmpty {
            append(Int32(elements.count))
            append(Int32(1))
        }
        for element in elements {
            append(Int32(element?.count ?? -1))
            if let element { bytes += element }
        }
        return bytes
    }
}
