/// A file format tasks exports to and imports from.
public enum InterchangeFormat: String, CaseIterable, Sendable, Hashable {
    /// todo.txt (one task a line, as todo.sh reads and writes it).
    case todotxt
    /// Taskwarrior's JSON (what `task export` writes and `task import` reads).
    case json
    /// A GitHub-flavoured Markdown task list (`- [ ] text`).
    case markdown
    /// iCalendar (RFC 5545): a `VCALENDAR` of `VTODO`s.
    case ics

    /// The name the user types after `--format`: the raw value.
    public var name: String { rawValue }

    /// The key under which a task keeps this format's fields that tasks does not model
    /// (`TaskItem.foreign`); nil for Markdown, which has none.
    public var foreignKey: String? {
        switch self {
        case .todotxt: "todo.txt"
        case .json: "taskwarrior"
        case .markdown: nil
        case .ics: "icalendar"
        }
    }

    /// The format a file name's extension stands for (`.txt`, `.json`, `.md`, `.ics`), if any.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "txt", "todo": self = .todotxt
        case "json": self = .json
        case "md", "markdown": self = .markdown
        case "ics", "ical", "ifb", "icalendar": self = .ics
        default: return nil
        }
    }

    /// The format of a file's contents, guessed from its first lines: JSON when it starts with `[` or
    /// `{`, iCalendar with `BEGIN:VCALENDAR` (in any case: iCalendar's names are), Markdown when a
    /// line is a task list item, else todo.txt. A byte-order mark and white space before are skipped.
    /// A file's extension, when it names a format (`init(fileName:)`), goes before this guess.
    public static func sniff(_ bytes: [UInt8]) -> InterchangeFormat {
        let bytes = withoutByteOrderMark(bytes)
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 || (bytes[start] >= 0x09 && bytes[start] <= 0x0D) { start += 1 }
        guard start < bytes.count else { return .todotxt }
        if bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{") { return .json }
        let head = bytes[start...].prefix(15).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        if head.elementsEqual("BEGIN:VCALENDAR".utf8) { return .ics }
        for line in ByteLines(bytes).prefix(200) where MarkdownChecklist.isTaskItem(bytes[line.range]) {
            return .markdown
        }
        return .todotxt
    }

    /// `bytes` without the UTF-8 byte-order mark it may start with.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }
}
