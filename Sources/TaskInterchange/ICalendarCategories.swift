import TaskModel

/// A task's tags as a to-do's `CATEGORIES` (each value escaped as TEXT, `CATEGORIES:home,@phone`),
/// and the lines another program wrote kept as it wrote them.
///
/// Reading takes every `CATEGORIES` line; a category with spaces or control characters is made a
/// tag (`with space` is `with_space`, `Tags.fromElsewhere`). When writing the tags read would not
/// give back the lines read byte for byte (that, or another spelling: several lines, parameters,
/// escapes), those lines are kept among the task's iCalendar fields, each as a marker
/// (`X-TASKS-CATEGORIES:` then the line as read) that is never written itself. Writing then:
/// - while the task's tags are those the kept lines read as (the same, in the same order), the kept
///   lines as they were: a change to another field renames no category on the server;
/// - once they differ, one line (with the first kept line's name and parameters) of the task's tags
///   in its order, each one the kept lines hold spelled as they spelled it (the first such spelling),
///   each other one as tasks has it; a tag removed here is gone. It reads back as the task's tags.
enum ICalendarCategories {
    static let marker = "X-TASKS-CATEGORIES"

    // MARK: Reading

    /// The tags of a to-do's `CATEGORIES` lines, and the markers keeping those lines (none when
    /// writing the tags gives them back).
    static func read(_ lines: [ContentLine]) -> (tags: [String], kept: [String]) {
        let tags = tags(of: lines.flatMap { spellings($0.value) })
        let written = self.lines(for: tags, kept: [])
        let same = lines.count == written.count && zip(lines, written).allSatisfy { $0.text.utf8.elementsEqual($1.utf8) }
        return (tags, same ? [] : lines.map { marker + ":" + $0.text })
    }

    /// The values of a `CATEGORIES` line as written (split at commas that are not escaped) and the
    /// tag each one reads as; a value that reads as no tag (only spaces) is left out.
    private static func spellings(_ value: String) -> [(written: Substring, tag: String)] {
        var parts: [Substring] = []
        var start = value.startIndex
        var escaped = false
        for index in value.indices {
            if escaped {
                escaped = false
            } else if value[index] == "\\" {
                escaped = true
            } else if value[index] == "," {
                parts.append(value[start..<index])
                start = value.index(after: index)
            }
        }
        parts.append(value[start...])
        return parts.compactMap { part in
            part.isEmpty ? nil : Tags.fromElsewhere(ICalendarText.unescape(part)).map { (part, $0) }
        }
    }

    private static func tags(of spellings: [(written: Substring, tag: String)]) -> [String] {
        Tags.changing([], adding: spellings.map(\.tag), removing: [])
    }

    // MARK: Writing

    /// The `CATEGORIES` lines of `tags`, given the task's kept iCalendar fields `kept`.
    static func lines(for tags: [String], kept: [String]) -> [String] {
        // Markers are only made by reading, of CATEGORIES lines, spelled so (one read from a file is
        // not kept): found without an upper-case copy of every kept line.
        let prefix = marker + ":"
        let read = kept.compactMap { line in
            line.hasPrefix(prefix) ? ContentLine(String(line.dropFirst(prefix.count)), number: 0) : nil
        }.filter { $0.name == "CATEGORIES" }
        guard let first = read.first else {
            return tags.isEmpty ? [] : ["CATEGORIES:" + tags.map(ICalendarText.escape).joined(separator: ",")]
        }
        let spelled = read.flatMap { spellings($0.value) }
        if Self.tags(of: spelled).elementsEqual(tags, by: { $0.utf8.elementsEqual($1.utf8) }) { return read.map(\.text) }
        guard !tags.isEmpty else { return [] }
        // By bytes: a tag canonically equivalent to one read but spelled otherwise was typed here. A
        // spelling ending in a backslash (`a\` at the end of its line) would escape the comma after it.
        var serverSpelling: [[UInt8]: Substring] = [:]
        for spelling in spelled where !spelling.written.hasSuffix("\\") {
            if serverSpelling[Array(spelling.tag.utf8)] == nil { serverSpelling[Array(spelling.tag.utf8)] = spelling.written }
        }
        let values = tags.map { tag in serverSpelling[Array(tag.utf8)].map(String.init) ?? ICalendarText.escape(tag) }
        return [ContentLine.head(of: first.text) + ":" + values.joined(separator: ",")]
    }
}
