extension ConnectionString {
    /// The `key=value` pairs of a connection string, read as libpq reads them (spaces around `=`,
    /// a value bare up to a space or in single quotes, a backslash keeping the next byte), as byte
    /// ranges; also over a string libpq refuses, as far as it reads as pairs, so that a password in
    /// it can be found and left out.
    struct Pairs: Sequence, IteratorProtocol {
        /// One pair.
        struct Pair {
            /// The key, or nil where the text stops reading as pairs (no `=` after a word, or a
            /// first word that is not a name of letters, digits and underscores).
            var key: Range<Int>?
            /// The value, inside its quotes when quoted (to the end when the quote is not closed).
            var value: Range<Int>
            /// From the spaces before the key to the end of the value, its closing quote included.
            var whole: Range<Int>
        }

        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func next() -> Pair? {
            let start = index
            skipSpaces()
            guard index < bytes.count else { return nil }
            let keyStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), !isSpace(bytes[index]) { index += 1 }
            let key = keyStart..<index
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "="), !key.isEmpty,
                  start > 0 || isName(key) else {
                defer { index = bytes.count }
                return Pair(key: nil, value: index..<bytes.count, whole: start..<bytes.count)
            }
            index += 1
            skipSpaces()
            let value: Range<Int>
            if index < bytes.count, bytes[index] == UInt8(ascii: "'") {
                index += 1
                let valueStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = Swift.min(index, bytes.count)
                value = valueStart..<index
                if index < bytes.count { index += 1 } // the closing quote
            } else {
                let valueStart = index
                while index < bytes.count, !isSpace(bytes[index]) {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = Swift.min(index, bytes.count)
                value = valueStart..<index
            }
            return Pair(key: key, value: value, whole: start..<index)
        }

        private mutating func skipSpaces() {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        }

        private func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || (0x09...0x0D).contains(byte)
        }

        /// Whether the bytes of `range` are a name: a letter, then letters, digits and underscores.
        private func isName(_ range: Range<Int>) -> Bool {
            guard let first = range.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[first] | 0x20) else {
                return false
            }
            return bytes[range].allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: "_")
            }
        }
    }
}
