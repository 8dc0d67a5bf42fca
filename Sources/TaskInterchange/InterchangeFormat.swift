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
        let lines = ByteLines(bytes).prefix(200).map { bytes[$0.range] }
        if lines.contains(where: MarkdownChecklist.isTaskItem) { return .markdown }
        // A page of Markdown notes is Markdown without a task list (which its reader refuses), not
        // a todo.txt list of its headings and bullets; a line only todo.txt writes says todo.txt.
        if lines.contains(where: isMarkdownBlock), !lines.contains(where: isTodoTxtLine) { return .markdown }
        return .todotxt
    }

    /// Whether `line` opens a Markdown block no todo.txt line would: a heading (`# Notes`), a
    /// fence, a bullet (`- `, `* `, `+ `), a quote (`> `) or a heading's underline (`===`, `---`).
    private static func isMarkdownBlock(_ line: ArraySlice<UInt8>) -> Bool {
        let text = line.drop { $0 == 0x20 }
        guard line.count - text.count <= 3, let first = text.first else { return false }
        let rest = text.dropFirst()
        switch first {
        case UInt8(ascii: "#"):
            let afterHashes = text.drop { $0 == UInt8(ascii: "#") }
            return text.count - afterHashes.count <= 6 && (afterHashes.first == nil || afterHashes.first == 0x20)
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            return text.prefix(3).allSatisfy { $0 == first } && text.count >= 3
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ">"):
            return rest.first == 0x20 || (first != UInt8(ascii: ">") && text.count >= 3 && text.allSatisfy { $0 == first })
        case UInt8(ascii: "="):
            return text.allSatisfy { $0 == first }
        default:
            return false
        }
    }

    /// Whether `line` is one only todo.txt writes: done (`x `), a priority (`(A) `) or a date first.
    private static func isTodoTxtLine(_ line: ArraySlice<UInt8>) -> Bool {
        let text = Array(line)
        if text.starts(with: "x ".utf8) { return true }
        if text.count >= 4, text[0] == UInt8(ascii: "("), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(text[1]),
           text[2] == UInt8(ascii: ")"), text[3] == 0x20 { return true }
        return text.count >= 11 && text[4] == UInt8(ascii: "-") && text[7] == UInt8(ascii: "-") && text[10] == 0x20
            && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[$0]) }
    }

    /// `bytes` without the UTF-8 byte-order mark it may start with.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }
}
