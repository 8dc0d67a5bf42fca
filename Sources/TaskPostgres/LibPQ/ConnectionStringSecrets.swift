extension ConnectionString {
    /// Where a connection string, valid or not, holds a password: the URI's `user:secret@` and its
    /// `password=` parameter, or a `password` pair. Read from the bytes alone, so that a string libpq
    /// refuses is shown without its password too.
    struct Secrets {
        /// The string.
        let text: String
        /// The byte ranges of the passwords in it.
        let ranges: [Range<Int>]
        /// The byte ranges to leave out to show it without them (a `:` or separator with each), and
        /// what stands in their place (`…` for the value of a key libpq does not know).
        private let cuts: [(range: Range<Int>, standIn: String)]

        /// Finds the passwords of `text`; with `unknownKeys`, the value of a key that is not libpq's
        /// counts as one too (in a string libpq refused, `passwd=` is likely a password mistyped).
        init(_ text: String, unknownKeys: Bool = false) {
            self.text = text
            let bytes = Array(text.utf8)
            let found = Self.authority(bytes).map { Self.inURI(bytes, authority: $0) }
                ?? Self.inPairs(bytes, unknownKeys: unknownKeys)
            ranges = found.map(\.secret)
            cuts = found.map(\.cut)
        }

        /// The string without its passwords.
        var withoutPassword: String {
            guard !cuts.isEmpty else { return text }
            var bytes = Array(text.utf8)
            for cut in cuts.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                bytes.replaceSubrange(cut.range, with: cut.standIn.utf8)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// `message` (libpq's) without the passwords: the whole string it quotes is shown without
        /// them, and a quoted token that is a password or holds one (`invalid percent-encoded token:
        /// "S3c%zz"`) is named for what it is.
        func scrubbed(_ message: String) -> String {
            let secrets = ranges.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }.filter { !$0.isEmpty }
            guard !secrets.isEmpty else { return message }
            var message = message.replacing(text, with: withoutPassword)
            for secret in secrets {
                message = message.replacing(": \"\(secret)\"", with: " in the password")
                // What is left in quotes: libpq quotes every token it cites.
                let pieces = message.split(separator: "\"", omittingEmptySubsequences: false)
                message = pieces.enumerated().map { index, piece in
                    index % 2 == 1 ? piece.replacing(secret, with: "…") : piece
                }.joined(separator: "\"")
            }
            return message
        }

        private typealias Found = (secret: Range<Int>, cut: (range: Range<Int>, standIn: String))

        /// Where the authority of an address starts and ends (after `word:`, `word://` or `word//`
        /// and the slashes, up to the next `/`, `?` or `#`); nil when the string is no such address.
        private static func authority(_ bytes: [UInt8]) -> Range<Int>? {
            guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else { return nil }
            let schemeEnd = bytes.firstIndex { byte in
                !((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                  || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))
            } ?? bytes.count
            guard schemeEnd < bytes.count, bytes[schemeEnd] == UInt8(ascii: ":")
                    || bytes[schemeEnd...].starts(with: "//".utf8) else { return nil }
            var start = bytes[schemeEnd] == UInt8(ascii: ":") ? schemeEnd + 1 : schemeEnd
            while start < bytes.count, bytes[start] == UInt8(ascii: "/") { start += 1 }
            let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            return start..<(end ?? bytes.count)
        }

        private static func inURI(_ bytes: [UInt8], authority: Range<Int>) -> [Found] {
            var found: [Found] = []
            if let at = bytes[authority].lastIndex(of: UInt8(ascii: "@")),
               let colon = bytes[authority.lowerBound..<at].firstIndex(of: UInt8(ascii: ":")) {
                found.append((colon + 1..<at, (colon..<at, "")))
            }
            guard let question = bytes[authority.upperBound...].firstIndex(of: UInt8(ascii: "?")) else { return found }
            var start = question + 1
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                let key = bytes[start..<end].prefix { $0 != UInt8(ascii: "=") }
                // A key libpq does not know is a mistyped one, perhaps `pasword`: its value is kept out too.
                let value = start + key.count + 1..<end
                if key.elementsEqual("password".utf8) {
                    // The parameter and the `&` after it; the last one takes the separator before it.
                    found.append((value, (end < bytes.count ? start..<end + 1 : start - 1..<end, "")))
                } else if key.count < end - start, !ConnectionString.isLibpqKeyword(String(decoding: key, as: UTF8.self)) {
                    found.append((value, (value, "…")))
                }
                start = end + 1
            }
            return found
        }

        private static func inPairs(_ bytes: [UInt8], unknownKeys: Bool) -> [Found] {
            var found: [Found] = []
            for pair in Pairs(bytes) {
                guard let key = pair.key else { break }
                if unknownKeys, !bytes[key].elementsEqual("password".utf8),
                   !ConnectionString.isLibpqKeyword(String(decoding: bytes[key], as: UTF8.self)) {
                    found.append((pair.value, (pair.value, "…")))
                }
                guard bytes[key].elementsEqual("password".utf8) else { continue }
                // The first pair takes the spaces after it, so that what is shown starts as it did.
                var cut = pair.whole
                if cut.lowerBound == 0 {
                    while cut.upperBound < bytes.count, bytes[cut.upperBound] == 0x20 { cut = 0..<cut.upperBound + 1 }
                }
                found.append((pair.value, (cut, "")))
            }
            return found
        }
    }
}
