/// The lines of a file's bytes: split at LF, a CR before the LF left out (CRLF files), the last line
/// without a LF kept; each with its number from 1.
struct ByteLines: Sequence {
    /// One line: where its bytes are (without the line ending), and its number.
    struct Line {
        var range: Range<Int>
        var number: Int
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func makeIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        var start = 0
        var number = 0

        mutating func next() -> Line? {
            guard start < bytes.count else { return nil }
            number += 1
            let newline = bytes[start...].firstIndex(of: 0x0A)
            var end = newline ?? bytes.count
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            defer { start = (newline ?? bytes.count - 1) + 1 }
            return Line(range: start..<end, number: number)
        }
    }
}

extension String {
    /// The bytes as a string, or an `invalidUTF8` error naming `line`.
    static func decoding(_ bytes: ArraySlice<UInt8>, line: Int) throws(InterchangeError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw InterchangeError(.line(line), .invalidUTF8) }
        return text
    }
}
