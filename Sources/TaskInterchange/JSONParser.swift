/// Reads JSON (RFC 8259) from bytes into `JSONValue`s, one top-level value at a time, telling the
/// line where each starts and, for a syntax error, the line where it is.
struct JSONParser {
    private let bytes: [UInt8]
    private(set) var index = 0
    private(set) var line = 1
    /// Where the value being read is, for errors: member names and array indices, made into text
    /// (`[3].tags[0]`) only when an error needs it.
    private var path: [PathStep] = []

    private enum PathStep {
        case member(String)
        case element(Int)
    }

    /// The path of the value being read, as text.
    var pathText: String {
        path.map { step in
            switch step {
            case let .member(name): "." + name
            case let .element(index): "[\(index)]"
            }
        }.joined()
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// Whether only whitespace is left.
    mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// The next byte after whitespace, not consumed.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` (after whitespace) when it is next; returns whether it was.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// An error at the current line and path: `expected` instead of what is there.
    func failure(_ expected: String) -> InterchangeError {
        InterchangeError(.jsonPath(pathText, line: line), .invalidJSON(expected: expected))
    }

    /// One value, the `index`th of the file's top level when given (for errors).
    mutating func value(topLevelIndex index: Int?) throws(InterchangeError) -> JSONValue {
        guard let index else { return try value() }
        path = [.element(index)]
        defer { path = [] }
        return try value()
    }

    /// One value.
    mutating func value() throws(InterchangeError) -> JSONValue {
        guard let byte = peek() else { throw failure("a value") }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            var members: [JSONValue.Member] = []
            if consume(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                guard peek() == UInt8(ascii: "\"") else { throw failure("a member name in quotes") }
                let key = try string()
                guard consume(UInt8(ascii: ":")) else { throw failure("`:` after the member name") }
                path.append(.member(key))
                members.append(JSONValue.Member(key: key, value: try value()))
                path.removeLast()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw failure("`,` or `}`") }
            return .object(members)
        case UInt8(ascii: "["):
            index += 1
            var values: [JSONValue] = []
            if consume(UInt8(ascii: "]")) { return .array(values) }
            repeat {
                path.append(.element(values.count))
                values.append(try value())
                path.removeLast()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw failure("`,` or `]`") }
            return .array(values)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            return try number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(InterchangeError) -> JSONValue {
        let word = Array(word.utf8)
        guard bytes[index...].starts(with: word) else { throw failure("a value") }
        index += word.count
        return value
    }

    private mutating func number() throws(InterchangeError) -> JSONValue {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        guard digits() > 0 else { throw failure("a value") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("digits after `.`") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("an exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// A string starting at `"`.
    private mutating func string() throws(InterchangeError) -> String {
        index += 1
        var start = index
        var text: [UInt8] = []
        var hasEscapes = false
        while true {
            guard index < bytes.count else { throw failure("`\"` to end the string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw failure("an escaped control character (\\n, \\u0001) in the string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            hasEscapes = true
            text.append(contentsOf: bytes[start..<index])
            index += 1
            guard index < bytes.count else { throw failure("an escape after `\\`") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), bytes[index...].starts(with: [0x5C, UInt8(ascii: "u")]) {
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("a low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let decoded = Unicode.Scalar(scalar) else { throw failure("a Unicode scalar, not a lone surrogate") }
                text.append(contentsOf: String(Character(decoded)).utf8)
            default:
                throw failure("a valid escape (\\n, \\\", \\u00e9)")
            }
            start = index
        }
        // Most strings have no escape: made straight from the file's bytes, ASCII without checking.
        let decoded: String? = if hasEscapes {
            { text.append(contentsOf: bytes[start..<index]); return Self.string(utf8: text[...]) }()
        } else {
            Self.string(utf8: bytes[start..<index])
        }
        index += 1
        guard let decoded else { throw InterchangeError(.jsonPath(pathText, line: line), .invalidUTF8) }
        return decoded
    }

    /// The text of `utf8`, or nil when it is not valid UTF-8.
    private static func string(utf8: ArraySlice<UInt8>) -> String? {
        utf8.withUnsafeBufferPointer { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }
    }

    private mutating func hex4() throws(InterchangeError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("four hex digits after \\u")
        }
        index += 4
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }
}
