import Foundation
import TaskModel

/// todo.txt, one task a line, as todo.sh reads and writes it:
/// `(A) 2026-11-20 Call mom +family uuid:…` and `x 2026-11-22 2026-11-20 Pay rent pri:A uuid:…`.
///
/// A favourite is priority `(A)`, which todo.sh lists first; other priorities are kept as the task's
/// todo.txt field and written back. A done task has no priority in todo.txt (todo.sh's `do` drops
/// it), so a done task's priority is written as the `pri:` key that other todo.txt tools use.
/// `+projects`, `@contexts` and `key:value`s are part of the text, kept as written. Every line has
/// a creation date, so a text that starts like syntax (`(A) x`, `x `, a date) reads back as text;
/// `uuid:` (always last) carries the identity. Line breaks, other control characters and a
/// backslash that would read as one of these are escaped with backslashes (`TodoTxtEscaping`).
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
                if let priority { line += " pri:" + priority }
            } else {
                if let priority { line = "(" + priority + ") " }
                line += Timestamps.localDay(task.createdAt, in: timeZone) + " "
                    + TodoTxtEscaping.escape(task.text, guardingPriorityKey: false)
            }
            line += " uuid:" + task.id.lowercasedText + "\n"
            out.append(contentsOf: line.utf8)
        }
        return out
    }

    static func parse(_ bytes: [UInt8], timeZone: TimeZone, now: Date) throws(InterchangeError) -> ParsedFile {
        var tasks: [TaskImport] = []
        var seen: [UUID: Int] = [:]
        var days = DayCache(timeZone: timeZone)
        for line in ByteLines(bytes) {
            let text = try String.decoding(bytes[line.range], line: line.number)
            guard text.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            var task = parseLine(text, days: &days, now: now)
            if let id = task.id {
                if let first = seen[id] { throw InterchangeError(.line(line.number), .duplicateIdentity(id, firstLine: first)) }
                seen[id] = line.number
            }
            if task.foreign["todo.txt"] == nil { task.foreign["todo.txt"] = "" }
            tasks.append(task)
        }
        return ParsedFile(tasks: tasks, precision: .day)
    }

    /// One line that is not blank.
    private static func parseLine(_ line: String, days: inout DayCache, now: Date) -> TaskImport {
        var rest = Substring(line)
        var done: Date?
        var isDone = false
        var priority: String?
        var created: Date?
        if rest.hasPrefix("x ") {
            isDone = true
            rest = rest.dropFirst(2)
            done = date(&rest, &days)
            created = date(&rest, &days)
        } else {
            let head = Array(rest.utf8.prefix(4))
            if head.count == 4, head[0] == UInt8(ascii: "("), (0x41...0x5A).contains(head[1]), head[2] == UInt8(ascii: ")"),
               head[3] == 0x20 {
                priority = String(UnicodeScalar(head[1]))
                rest = rest.dropFirst(4)
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
        return TaskImport(id: id, text: TodoTxtEscaping.unescape(rest), isFavorite: priority == "A",
                          doneAt: isDone ? (done ?? createdAt) : nil, createdAt: createdAt,
                          foreign: priority.map { $0 == "A" ? [:] : ["todo.txt": $0] } ?? [:])
    }

    /// Reads a `yyyy-mm-dd` followed by a space or the end from the start of `rest`, consuming it.
    private static func date(_ rest: inout Substring, _ days: inout DayCache) -> Date? {
        let bytes = Array(rest.utf8.prefix(11))
        guard bytes.count >= 10, bytes.count == 10 || bytes[10] == 0x20, let date = days.date(bytes[0..<10]) else {
            return nil
        }
        rest = rest.dropFirst(bytes.count)
        return date
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

/// The backslash escapes of todo.txt texts: `\n`, `\r`, `\t`, `\xHH` for other control characters
/// (C0, DEL, C1), and `\:` for the colon of a last word that would read as a `pri:` key. A
/// backslash is doubled only where it would otherwise start one of these, so that ordinary
/// texts (`C:\Users`) are written as they are.
enum TodoTxtEscaping {
    private static let escapable: Set<Character> = ["\\", "n", "r", "t", "x", ":"]

    static func escape(_ text: String, guardingPriorityKey: Bool) -> String {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\\") && $0 != 0xC2 }
        if plain && !(guardingPriorityKey && text.utf8.contains(UInt8(ascii: ":"))) { return text }
        var pieces: [String] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: pieces.append("\\n")
            case 0x0D: pieces.append("\\r")
            case 0x09: pieces.append("\\t")
            case 0x00...0x1F, 0x7F...0x9F: pieces.append("\\x" + String(format: "%02X", scalar.value))
            default: pieces.append(String(scalar))
            }
        }
        if guardingPriorityKey, let colon = priorityKeyColon(pieces) { pieces[colon] = "\\:" }
        var out = ""
        for index in pieces.indices {
            if pieces[index] == "\\", let next = pieces[(index + 1)...].first?.first, escapable.contains(next) {
                out += "\\\\"
            } else {
                out += pieces[index]
            }
        }
        return out
    }

    /// Where the colon is when the pieces end in a word `pri:X` (X a capital letter).
    private static func priorityKeyColon(_ pieces: [String]) -> Int? {
        let count = pieces.count
        guard count >= 5, pieces[(count - 5)..<(count - 1)].joined() == "pri:",
              count == 5 || pieces[count - 6] == " ",
              let last = pieces[count - 1].unicodeScalars.first, pieces[count - 1].unicodeScalars.count == 1,
              ("A"..."Z").contains(last) else { return nil }
        return count - 2
    }

    static func unescape(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.first else {
                out.append(scalar)
                continue
            }
            switch next {
            case "\\": out.append("\\")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case ":": out.append(":")
            case "x":
                let hex = String(String.UnicodeScalarView(scalars.dropFirst().prefix(2)))
                guard hex.count == 2, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                    out.append(scalar)
                    continue
                }
                out.append(decoded)
                scalars = scalars.dropFirst(2)
            default:
                out.append(scalar)
                continue
            }
            scalars = scalars.dropFirst()
        }
        return String(out)
    }
}
