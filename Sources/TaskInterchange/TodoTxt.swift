import Foundation
import TaskModel

/// todo.txt, one task a line, as todo.sh reads and writes it:
/// `(A) 2026-11-20 Call mom +family uuid:…` and `x 2026-11-22 2026-11-20 Pay rent pri:A uuid:…`.
///
/// A favourite is priority `(A)`, which todo.sh lists first; other priorities are kept as the task's
/// todo.txt field and written back. A done task has no priority in todo.txt (todo.sh's `do` drops
/// it), so a done task's priority is written as the `pri:` key that other todo.txt tools use.
/// `+projects` and `@contexts` are the task's tags, `due:` its due date and `rec:` its recurrence
/// (`TodoTxtAttributes`), written after the text; other `key:value`s are part of the text, kept as
/// written. Every line has a creation date, so a text that starts like syntax (`(A) x`, `x `, a
/// date) reads back as text; `uuid:` (always last) carries the identity. Line breaks, other control
/// characters, words that would read as tags or keys, and a backslash that would read as one of
/// these escapes are escaped with backslashes (`TodoTxtEscaping`).
enum TodoTxt {
    static func export(_ tasks: TaskList, timeZone: TimeZone) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(tasks.count * 80)
        for task in tasks {
            let priority = task.isFavorite ? "A" : task.foreign["todo.txt"]
            var line = ""
            if let done = task.doneAt {
                line = "x " + Timestamps.localDay(done, in: timeZone) + " " + Timestamps.localDay(task.createdAt, in: timeZone)
                    + " " + TodoTxtEscaping.escape(task.text, guardingPriorityKey: true)
                    + TodoTxtAttributes.words(of: task, timeZone: timeZone)
                if let priority { line += " pri:" + priority }
            } else {
                if let priority { line = "(" + priority + ") " }
                line += Timestamps.localDay(task.createdAt, in: timeZone) + " "
                    + TodoTxtEscaping.escape(task.text, guardingPriorityKey: false)
                    + TodoTxtAttributes.words(of: task, timeZone: timeZone)
            }
            line += " uuid:" + task.id.lowercasedText + "\n"
            out.append(contentsOf: line.utf8)
        }
        return out
    }

    static func parse(_ bytes: [UInt8], timeZone: TimeZone, now: Date) throws(InterchangeError) -> ParsedFile {
        var tasks: [TaskImport] = []
        var skipped: [SkippedEntry] = []
        var seen: [UUID: Int] = [:]
        var days = DayCache(timeZone: timeZone)
        for line in ByteLines(bytes) {
            let text = try String.decoding(bytes[line.range], line: line.number)
            guard text.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            var task = parseLine(text, days: &days, timeZone: timeZone, now: now)
            if task.hasNoText {
                skipped.append(SkippedEntry(reason: .noText, text: nil, line: line.number))
                continue
            }
            if let id = task.id {
                if let first = seen[id] { throw InterchangeError(.line(line.number), .duplicateIdentity(id, firstLine: first)) }
                seen[id] = line.number
            }
            if task.foreign["todo.txt"] == nil { task.foreign["todo.txt"] = "" }
            tasks.append(task)
        }
        return ParsedFile(tasks: tasks, skipped: skipped, precision: .day)
    }

    /// One line that is not blank.
    private static func parseLine(_ line: String, days: inout DayCache, timeZone: TimeZone, now: Date) -> TaskImport {
        var rest = Substring(line)
        var done: Date?
        var isDone = false
        var priority: String?
        var created: Date?
        if rest.utf8.starts(with: "x ".utf8) {
            isDone = true
            dropBytes(2, of: &rest)
            done = date(&rest, &days)
            created = date(&rest, &days)
        } else {
            let head = Array(rest.utf8.prefix(4))
            if head.count == 4, head[0] == UInt8(ascii: "("), (0x41...0x5A).contains(head[1]), head[2] == UInt8(ascii: ")"),
               head[3] == 0x20 {
                priority = String(UnicodeScalar(head[1]))
                dropBytes(4, of: &rest)
            }
            created = date(&rest, &days)
        }
        let id = trailingKey("uuid:", in: &rest) { UUID(text: $0.utf8) }
        if isDone, let letter = trailingKey("pri:", in: &rest, { value -> String? in
            value.count == 1 && ("A"..."Z").contains(value) ? String(value) : nil
        }) {
            priority = letter
        }
        let createdAt = created ?? done ?? now
        let read = TodoTxtAttributes.read(rest, created: createdAt, timeZone: timeZone)
        return TaskImport(id: id, text: TodoTxtEscaping.unescape(read.text), isFavorite: priority == "A",
                          doneAt: isDone ? (done ?? createdAt) : nil, createdAt: createdAt,
                          foreign: priority.map { $0 == "A" ? [:] : ["todo.txt": $0] } ?? [:],
                          due: read.due, tags: read.tags, recurrence: read.recurrence)
    }

    /// Reads a `yyyy-mm-dd` followed by a space or the end from the start of `rest`, consuming it.
    private static func date(_ rest: inout Substring, _ days: inout DayCache) -> Date? {
        let bytes = Array(rest.utf8.prefix(11))
        guard bytes.count >= 10, bytes.count == 10 || bytes[10] == 0x20, let date = days.date(bytes[0..<10]) else {
            return nil
        }
        dropBytes(bytes.count, of: &rest)
        return date
    }

    /// Drops the first `count` bytes (ASCII, read before) of `rest`: counted in Characters, a space
    /// and a combining mark after it would go together.
    private static func dropBytes(_ count: Int, of rest: inout Substring) {
        rest = rest[rest.utf8.index(rest.startIndex, offsetBy: count)...]
    }

    /// The days read so far: a file's lines share few dates, and the time zone's offset is costly to ask.
    private struct DayCache {
        let timeZone: TimeZone
        var dates: [ArraySlice<UInt8>: Date] = [:]

        mutating func date(_ bytes: ArraySlice<UInt8>) -> Date? {
            if let known = dates[bytes] { return known }
            guard let date = Timestamps.parseLocalDay(bytes, timeZone: timeZone) else { return nil }
            if dates.count < 10_000 { dates[bytes] = date }
            return date
        }
    }

    /// Takes the last word of `rest` when it is `key` and a value that `read` accepts (the word
    /// alone, or after a space), and returns what `read` made of the value.
    private static func trailingKey<T>(_ key: String, in rest: inout Substring, _ read: (Substring) -> T?) -> T? {
        let space = rest.utf8.lastIndex(of: 0x20)
        let wordStart = space.map { rest.utf8.index(after: $0) } ?? rest.startIndex
        let word = rest[wordStart...]
        guard word.hasPrefix(key), let value = read(word.dropFirst(key.count)) else { return nil }
        rest = rest[..<(space ?? rest.startIndex)]
        return value
    }
}
