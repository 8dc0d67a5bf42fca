import TaskModel

/// What `find TEXT` keeps: the tasks whose text contains TEXT, ignoring case for all of Unicode
/// (`find CAFÉ` finds `café`, `find STRASSE` finds `Straße`) and comparing characters, not bytes
/// (a precomposed `é` matches `e` + U+0301), and that have each of its tag words (`+home`, `@phone`).
struct TaskFilter: Sendable, Hashable {
    /// The search as typed.
    let query: String
    /// The tags a task must have, each case-folded.
    private let tags: [String]
    /// `query` case-folded.
    private let folded: String
    /// `folded` as ASCII bytes when it is all ASCII: then an ASCII text is searched byte by byte.
    private let asciiNeedle: [UInt8]?

    init(query: String) {
        self.query = query
        let words = query.split(separator: " ")
        // `+@phone` too, as `tag` takes a context.
        func tag(_ word: Substring) -> String? { AttributeWords.tag(word.hasPrefix("+@") ? word.dropFirst() : word) }
        tags = words.compactMap(tag).map(Self.fold)
        let text = tags.isEmpty ? query : words.filter { tag($0) == nil }.joined(separator: " ")
        folded = Self.fold(text)
        asciiNeedle = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
    }

    /// Whether the text whose UTF-8 is `text` matches.
    ///
    /// Folding case costs two new strings a text, which made `find` on 200,000 accented texts
    /// seven times as slow as `list`; an ASCII search is first looked for in the text's bytes with
    /// ASCII letters lowered and the few characters that fold to ASCII letters (`ß` to `ss`, `ﬁ`
    /// to `fi`, …) folded. Not found there, it is not in the folded text; found in a text of other
    /// characters too, the full comparison decides (an `e` followed by an accent is not an `e`).
    /// A search whose folded text is not ASCII cannot match an ASCII text.
    /// `scratch` is room for the folded bytes, kept from one text to the next.
    func matches(_ text: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> Bool {
        // A search of tags only has no text to look for; Foundation's `contains("")` is false.
        guard !folded.isEmpty else { return true }
        let isASCII = text.allSatisfy { $0 < 0x80 }
        if let asciiNeedle {
            if isASCII { return Self.contains(text, asciiNeedle) }
            Self.asciiFold(text, into: &scratch)
            guard Self.contains(scratch, asciiNeedle) else { return false }
        } else if isASCII {
            return false
        }
        return Self.fold(String(decoding: text, as: UTF8.self)).contains(folded)
    }

    /// `text` into `folded`, with ASCII letters lowered and each character whose folded form is made of ASCII
    /// letters replaced by it; every other byte kept.
    private static func asciiFold(_ text: UnsafeBufferPointer<UInt8>, into folded: inout [UInt8]) {
        folded.removeAll(keepingCapacity: true)
        var index = 0
        while index < text.count {
            let byte = text[index], rest = text.count - index
            guard byte >= 0xC3 else { // ASCII, a continuation byte, or a lead byte of none of them
                folded.append(lower(byte))
                index += 1
                continue
            }
            if rest >= 2, let replacement = foldsToASCII2[UInt16(text[index]) << 8 | UInt16(text[index + 1])] {
                folded += replacement
                index += 2
            } else if rest >= 3, let replacement = foldsToASCII3[
                UInt32(text[index]) << 16 | UInt32(text[index + 1]) << 8 | UInt32(text[index + 2])] {
                folded += replacement
                index += 3
            } else {
                folded.append(lower(text[index]))
                index += 1
            }
        }
    }

    /// Two-byte characters that fold to ASCII letters: ß, ſ, ŉ (to ʼn, whose n is ASCII).
    private static let foldsToASCII2: [UInt16: [UInt8]] = [
        0xC39F: Array("ss".utf8), 0xC5BF: Array("s".utf8), 0xC589: Array("ʼn".utf8),
    ]

    /// Three-byte ones: ẞ, the Kelvin sign, the ligatures ﬀ to ﬆ.
    private static let foldsToASCII3: [UInt32: [UInt8]] = [
        0xE1BA9E: Array("ss".utf8), 0xE284AA: Array("k".utf8), 0xEFAC80: Array("ff".utf8), 0xEFAC81: Array("fi".utf8),
        0xEFAC82: Array("fl".utf8), 0xEFAC83: Array("ffi".utf8), 0xEFAC84: Array("ffl".utf8),
        0xEFAC85: Array("st".utf8), 0xEFAC86: Array("st".utf8),
    ]

    /// The indices of the tasks of `list` that match, in order.
    func matchingIndices(in list: TaskList) -> [Int] {
        var indices: [Int] = []
        var scratch: [UInt8] = []
        list.forEachTask { index, text, flags in
            if hasTags(flags.tags), matches(text, scratch: &scratch) { indices.append(index) }
        }
        return indices
    }

    /// Whether a task with `taskTags` has every tag searched for (case-insensitive).
    private func hasTags(_ taskTags: [String]) -> Bool {
        tags.isEmpty || tags.allSatisfy { tag in taskTags.contains { Self.fold($0) == tag } }
    }

    /// Case folding, near enough: upper case then lower case maps `ß` and `SS` to `ss`, `ﬁ` to `fi`.
    private static func fold(_ text: String) -> String {
        text.uppercased().lowercased()
    }

    /// Whether `text` contains `needle` (ASCII, lower case) with ASCII letters of any case.
    private static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { contains($0, needle) }
    }

    /// Whether `text` contains `needle` (ASCII, lower case) with ASCII letters of any case.
    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
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
