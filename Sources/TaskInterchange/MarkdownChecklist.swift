import Foundation
import TaskModel

/// A GitHub-flavoured Markdown task list: `- [ ] text`, `- [x] text`, a favourite's text after `★ `,
/// and after it an HTML comment (which renders as nothing) with the identity and times:
/// `- [x] ★ Pay rent <!-- uuid:… created:2026-11-20T09:00:00Z done:2026-11-22T18:30:00Z -->`.
/// The text is Markdown source, written as it is, escaped only where it would end or change the
/// item (`MarkdownText`); a line break in it is a hard line break, the item going on on the next
/// line, indented. Its tags, due date and recurrence follow it in words (`MarkdownAttributes`):
/// `Pay rent +home (due 2026-12-01, every month)`.
///
/// Reading takes the items of any list (`-`, `*`, `+`, at any indentation) and ignores other lines
/// and what is inside fenced code blocks (`MarkdownFences`). An item with no text is skipped; a
/// file with text but no item is refused (it is not a task list).
enum MarkdownChecklist {
    static func export(_ tasks: TaskList) -> [UInt8] {
        var out = ""
        for task in tasks {
            out += task.isDone ? "- [x] " : "- [ ] "
            if task.isFavorite { out += "★ " }
            let line = MarkdownAttributes.escapeText(task.text) + MarkdownAttributes.suffix(of: task)
            out += line.replacing("\n", with: "\\\n  ")
            out += " <!-- uuid:" + task.id.lowercasedText + " created:" + Timestamps.extendedUTC(task.createdAt)
            if let done = task.doneAt { out += " done:" + Timestamps.extendedUTC(done) }
            out += " -->\n"
        }
        return Array(out.utf8)
    }

    /// Whether a line is a task list item: indentation, a bullet, a space, `[ ]`, `[x]` or `[X]`,
    /// then a space or the end of the line.
    static func isTaskItem(_ line: ArraySlice<UInt8>) -> Bool {
        itemContentStart(line) != nil
    }

    /// Where the item's content starts (after `- [x] `), and whether it is checked.
    private static func itemContentStart(_ line: ArraySlice<UInt8>) -> (start: Int, checked: Bool)? {
        var index = line.startIndex
        while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard index + 4 < line.endIndex + 1, index < line.endIndex,
              [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(line[index]) else { return nil }
        index += 1
        guard index < line.endIndex, line[index] == 0x20 else { return nil }
        while index < line.endIndex, line[index] == 0x20 { index += 1 }
        guard index + 3 <= line.endIndex, line[index] == UInt8(ascii: "["), line[index + 2] == UInt8(ascii: "]") else {
            return nil
        }
        let mark = line[index + 1]
        guard mark == 0x20 || mark == UInt8(ascii: "x") || mark == UInt8(ascii: "X") else { return nil }
        index += 3
        if index == line.endIndex { return (index, mark != 0x20) }
        guard line[index] == 0x20 else { return nil }
        return (index + 1, mark != 0x20)
    }

    static func parse(_ bytes: [UInt8], now: Date) throws(InterchangeError) -> ParsedFile {
        var tasks: [TaskImport] = []
        var skipped: [SkippedEntry] = []
        var seen: [UUID: Int] = [:]
        var hasText = false
        var fences = MarkdownFences()
        var lines = Array(ByteLines(bytes))[...]
        while let line = lines.popFirst() {
            let bytesOfLine = bytes[line.range]
            hasText = hasText || bytesOfLine.contains { $0 != 0x20 && $0 != 0x09 }
            if fences.isCode(bytesOfLine) { continue }
            guard let (start, checked) = itemContentStart(bytesOfLine) else { continue }
            var content = try String.decoding(bytes[start..<line.range.upperBound], line: line.number)
            // A hard line break (an odd run of backslashes at the end) goes on on the next line,
            // unless the item's paragraph ends there (a blank line, another item, a fence).
            while MarkdownEscaping.endsWithHardBreak(content), let next = lines.first, continues(bytes[next.range]) {
                lines.removeFirst()
                // The indentation is bytes: a space before a combining mark is one Character with it.
                let continued = try String.decoding(bytes[next.range].drop { $0 == 0x20 || $0 == 0x09 }, line: next.number)
                content = String(content.dropLast()) + "\n" + continued
            }
            var task = TaskImport(id: nil, text: "", createdAt: now)
            var body = Substring(content)
            if body.hasSuffix(" -->"), let note = body.range(of: "<!-- ", options: .backwards),
               note.upperBound <= body.index(body.endIndex, offsetBy: -4) {
                for field in body[note.upperBound..<body.index(body.endIndex, offsetBy: -4)].split(separator: " ") {
                    try read(field, into: &task, line: line.number)
                }
                var end = note.lowerBound
                if end > body.startIndex, body[body.index(before: end)] == " " { end = body.index(before: end) }
                body = body[..<end]
            }
            if body.hasPrefix("★ ") {
                task.isFavorite = true
                body = body.dropFirst(2)
            }
            task.text = MarkdownAttributes.unescapeText(MarkdownAttributes.read(body, into: &task))
            if checked { task.doneAt = task.doneAt ?? task.createdAt } else { task.doneAt = nil }
            if task.hasNoText {
                skipped.append(SkippedEntry(reason: .noText, text: nil, line: line.number))
                continue
            }
            if let id = task.id {
                if let first = seen[id] { throw InterchangeError(.line(line.number), .duplicateIdentity(id, firstLine: first)) }
                seen[id] = line.number
            }
            tasks.append(task)
        }
        if hasText, tasks.isEmpty, skipped.isEmpty { throw InterchangeError(.wholeFile, .noTaskItems) }
        return ParsedFile(tasks: tasks, skipped: skipped, precision: .second)
    }

    /// Whether a line after a hard line break goes on with the item's text: not blank, not a list
    /// item, not a fence.
    private static func continues(_ line: ArraySlice<UInt8>) -> Bool {
        let indented = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard let first = indented.first else { return false }
        if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(first),
           indented.dropFirst().first.map({ $0 == 0x20 || $0 == 0x09 }) ?? true {
            return false
        }
        var fences = MarkdownFences()
        return !fences.isCode(line)
    }

    /// One `key:value` of the note after an item.
    private static func read(_ field: Substring, into task: inout TaskImport, line: Int) throws(InterchangeError) {
        guard let colon = field.firstIndex(of: ":") else { return }
        let key = String(field[..<colon])
        let value = field[field.index(after: colon)...]
        func invalid() -> InterchangeError { InterchangeError(.line(line), .invalidValue(field: key, value: String(value))) }
        switch key {
        case "uuid":
            guard let id = UUID(text: value.utf8) else { throw invalid() }
            task.id = id
        case "created":
            guard let date = Timestamps.parseExtendedUTC(value) else { throw invalid() }
            task.createdAt = date
        case "done":
            guard let date = Timestamps.parseExtendedUTC(value) else { throw invalid() }
            task.doneAt = date
        default:
            break
        }
    }
}
