import TaskModel

/// What `find TEXT` keeps: the tasks whose text contains TEXT, ignoring case for all of Unicode
/// (`find CAFÉ` finds `café`, `find STRASSE` finds `Straße`) and comparing characters, not bytes
/// (a precomposed `é` matches `e` + U+0301).
struct TaskFilter: Sendable, Hashable {
    /// The text searched for, as typed.
    let query: String
    /// `query` case-folded.
    private let folded: String
    /// `folded` as ASCII bytes when it is all ASCII: then an ASCII text is searched byte by byte.
    private let asciiNeedle: [UInt8]?

    init(query: String) {
        self.query = query
        folded = Self.fold(query)
        asciiNeedle = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
    }

    /// Whether the text whose UTF-8 is `text` matches.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let asciiNeedle, text.allSatisfy({ $0 < 0x80 }) {
            return Self.asciiContains(text, lowercased: asciiNeedle)
        }
        return Self.fold(String(decoding: text, as: UTF8.self)).contains(folded)
    }

    /// The indices of the tasks of `list` that match, in order.
    func matchingIndices(in list: TaskList) -> [Int] {
        var indices: [Int] = []
        list.forEachTask { index, text, _ in if matches(text) { indices.append(index) } }
        return indices
    }

    /// Case folding, near enough: upper case then lower case maps `ß` and `SS` to `ss`, `ﬁ` to `fi`.
    private static func fold(_ text: String) -> String {
        text.uppercased().lowercased()
    }

    /// Whether ASCII `text` contains `needle` (lower case) with ASCII letters of any case.
    private static func asciiContains(_ text: UnsafeBufferPointer<UInt8>, lowercased needle: [UInt8]) -> Bool {
        guard needle.count <= text.count else { return false }
        guard let first = needle.first else { return true }
        var start = 0
        while start + needle.count <= text.count {
            if lower(text[start]) == first {
                var offset = 1
                while offset < needle.count, lower(text[start + offset]) == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    @inline(__always)
    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
