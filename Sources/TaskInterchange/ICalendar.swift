import Foundation
import TaskModel

/// iCalendar (RFC 5545): a `VCALENDAR` of `VTODO`s, lines folded at 75 octets, CRLF.
///
/// A task is `UID` (its identity), `DTSTAMP`, `CREATED`, `LAST-MODIFIED` (its last change, else its
/// creation), `SUMMARY` (its text, escaped), `STATUS`
/// (`NEEDS-ACTION` or `COMPLETED`), `COMPLETED` when done, `PRIORITY:1` for a favourite, then `DUE`,
/// `RRULE` and `CATEGORIES` for its due date, recurrence and tags (`ICalendarAttributes`). Every
/// other property and sub-component of a to-do (`DESCRIPTION`, `VALARM`, other priorities and
/// statuses, a `UID` that is not a UUID, the `DTSTAMP` read, a `DUE` or `RRULE` tasks cannot read)
/// is kept as the task's iCalendar fields, in order, and written back. (`DUE`, `RRULE` and
/// `CATEGORIES` were kept so before tasks had them: a task that still holds them there and has none
/// of its own writes them back, and reading that file makes them its own.) A text with control characters other than
/// line breaks and tabs, which `SUMMARY` cannot hold, also goes in `X-TASKS-TEXT` (base64 of its
/// UTF-8), which wins on reading while `SUMMARY` still says what it would.
enum ICalendar {
    static let productID = "-//tasks//tasks//EN"

    static func export(_ tasks: TaskList, timeZone: TimeZone) -> [UInt8] {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productID]
        for task in tasks {
            // Split at each LF scalar: a line that ends in a stray CR would make "\r\n" one Character.
            let foreign = task.foreign["icalendar"].map { $0.unicodeScalars.split(separator: "\n").map { String($0) } } ?? []
            // The to-do's own foreign properties: not those of a component inside it (a VALARM's UID).
            var depth = 0
            let own = foreign.map { line in
                let name = ContentLine.name(of: line)
                if name == "BEGIN" { depth += 1 }
                defer { if name == "END" { depth -= 1 } }
                return depth == 0 && name != "END"
            }
            func foreignLine(_ name: String) -> String? {
                foreign.indices.first { own[$0] && ContentLine.name(of: foreign[$0]) == name }.map { foreign[$0] }
            }
            lines.append("BEGIN:VTODO")
            lines.append(foreignLine("UID") ?? "UID:" + task.id.lowercasedText)
            lines.append(foreignLine("DTSTAMP") ?? "DTSTAMP:" + Timestamps.basicUTC(task.createdAt))
            lines.append("CREATED:" + Timestamps.basicUTC(task.createdAt))
            if let modified = task.modifiedAt { lines.append("LAST-MODIFIED:" + Timestamps.basicUTC(modified)) }
            lines.append("SUMMARY:" + summary(task.text))
            if needsExactText(task.text) {
                lines.append("X-TASKS-TEXT;ENCODING=BASE64;VALUE=BINARY:" + Data(task.text.utf8).base64EncodedString())
            }
            if let done = task.doneAt {
                lines.append("STATUS:COMPLETED")
                lines.append("COMPLETED:" + Timestamps.basicUTC(done))
            } else {
                lines.append(foreignLine("STATUS") ?? "STATUS:NEEDS-ACTION")
            }
            if task.isFavorite { lines.append("PRIORITY:1") }
            lines += ICalendarAttributes.lines(of: task, timeZone: timeZone)
            var written: Set<String> = ["UID", "DTSTAMP", "LAST-MODIFIED", "STATUS"]
            if task.isFavorite { written.insert("PRIORITY") }
            if task.due != nil { written.insert("DUE") }
            if task.recurrence != nil { written.formUnion(["RRULE", "X-TASKS-RECUR-FROM"]) }
            lines += foreign.indices.filter { !own[$0] || !written.contains(ContentLine.name(of: foreign[$0])) }.map { foreign[$0] }
            lines.append("END:VTODO")
        }
        lines.append("END:VCALENDAR")
        var out: [UInt8] = []
        for line in lines { ContentLine.fold(line, into: &out) }
        return out
    }

    /// The text as a `SUMMARY` value: `\`, `;`, `,` and line breaks escaped, other control
    /// characters (which TEXT cannot hold) replaced by U+FFFD.
    static func summary(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\t": out += "\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    private static func needsExactText(_ text: String) -> Bool {
        text.utf8.contains { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F }
    }

    static func unescapeText(_ value: Substring) -> String {
        guard value.contains("\\") else { return String(value) }
        var out = ""
        var characters = value[...]
        while let character = characters.popFirst() {
            guard character == "\\", let next = characters.first else {
                out.append(character)
                continue
            }
            switch next {
            case "n", "N": out.append("\n")
            case "\\", ";", ",": out.append(next)
            default:
                out.append(character)
                continue
            }
            characters = characters.dropFirst()
        }
        return out
    }

    /// The properties a task is made of; every other line of a to-do is foreign. (`COMPLETED` is the
    /// task's only when it is done: one that is not keeps it in its place among the foreign lines.)
    private static let modelled: Set<String> = ["CREATED", "LAST-MODIFIED", "SUMMARY", "X-TASKS-TEXT"]

    static func parse(_ bytes: [UInt8], timeZone: TimeZone, now: Date) throws(InterchangeError) -> ParsedFile {
        let lines = try ContentLine.unfold(bytes)
        // Names and their values of BEGIN and END are case-insensitive (RFC 5545 §3.1, §3.6).
        guard let first = lines.first(where: { !$0.text.isEmpty }), let begin = ContentLine(first.text, number: first.number),
              begin.name == "BEGIN", begin.value.uppercased() == "VCALENDAR" else {
            throw InterchangeError(.line(lines.first?.number ?? 1), .notThisFormat)
        }
        var tasks: [TaskImport] = []
        var skipped: [SkippedEntry] = []
        var seen: [UUID: Int] = [:]
        var open: [(name: String, line: Int)] = []
        var todo: [ContentLine] = []
        for line in lines where !line.text.isEmpty {
            guard let parsed = ContentLine(line.text, number: line.number) else {
                throw InterchangeError(.line(line.number), .notAContentLine)
            }
            if parsed.name == "BEGIN" {
                open.append((parsed.value.uppercased(), line.number))
                if open.count == 2 { todo = [] }
            }
            if open.count >= 2 { todo.append(parsed) }
            if parsed.name == "END" {
                guard let last = open.last, last.name == parsed.value.uppercased() else {
                    throw InterchangeError(.line(line.number), .unexpectedEnd(parsed.value))
                }
                open.removeLast()
                if open.count == 1 {
                    if last.name == "VTODO" {
                        let task = try self.task(todo, line: last.line, timeZone: timeZone, now: now)
                        if task.hasNoText {
                            skipped.append(SkippedEntry(reason: .noText, text: nil, line: last.line))
                            continue
                        }
                        if let id = task.id {
                            if let firstLine = seen[id] {
                                throw InterchangeError(.line(last.line), .duplicateIdentity(id, firstLine: firstLine))
                            }
                            seen[id] = last.line
                        }
                        tasks.append(task)
                    } else if last.name != "VTIMEZONE" {
                        let summary = todo.first { $0.name == "SUMMARY" }.map { unescapeText($0.value[...]) }
                        skipped.append(SkippedEntry(reason: .notAToDo(last.name), text: summary, line: last.line))
                    }
                }
            }
        }
        if let unclosed = open.last { throw InterchangeError(.line(unclosed.line), .unclosedComponent(unclosed.name)) }
        return ParsedFile(tasks: tasks, skipped: skipped, precision: .second)
    }

    /// The task of one `VTODO`'s lines (its BEGIN and END included).
    private static func task(_ lines: [ContentLine], line: Int, timeZone: TimeZone, now: Date) throws(InterchangeError) -> TaskImport {
        let body = lines.dropFirst().dropLast()
        var depth = 0
        var properties: [String: ContentLine] = [:]
        var own: [ContentLine] = []
        var foreign: [ContentLine] = []
        for property in body {
            if property.name == "BEGIN" { depth += 1 }
            defer { if property.name == "END" { depth -= 1 } }
            // A to-do has one UID and one STATUS (RFC 5545 §3.6.2): a second, kept, would stand for
            // the first on export.
            if depth == 0, ["UID", "STATUS"].contains(property.name), properties[property.name] != nil { continue }
            if depth == 0, property.name != "END" { own.append(property) }
            if depth == 0, property.name != "END", properties[property.name] == nil {
                properties[property.name] = property
                if modelled.contains(property.name) { continue }
                if property.name == "STATUS", ["NEEDS-ACTION", "COMPLETED"].contains(property.value.uppercased()) { continue }
                if property.name == "PRIORITY", property.value == "1" { continue }
                if property.name == "UID", UUID(text: property.value.utf8) != nil { continue }
            }
            foreign.append(property)
        }
        func time(_ name: String) throws(InterchangeError) -> Date? {
            guard let property = properties[name] else { return nil }
            guard let date = Timestamps.parseBasic(property.value[...], timeZone: timeZone) else {
                throw InterchangeError(.line(property.number), .invalidValue(field: name, value: property.value))
            }
            return date
        }
        let uid = properties["UID"]?.value
        let id = uid.flatMap { UUID(text: $0.utf8) } ?? uid.map(StableIdentity.uuid(for:))
        let stamped = try time("DTSTAMP")
        let createdAt = try time("CREATED") ?? stamped ?? now
        let attributes = ICalendarAttributes.read(first: properties, all: own, timeZone: timeZone)
        let status = properties["STATUS"]?.value.uppercased()
        let isDone = status == "COMPLETED" || (status == nil && properties["COMPLETED"] != nil)
        let ownCompleted = isDone ? properties["COMPLETED"]?.number : nil
        let foreignLines = foreign.filter { !attributes.taken.contains($0.number) && $0.number != ownCompleted }.map(\.text)
        var text = properties["SUMMARY"].map { unescapeText($0.value[...]) } ?? ""
        if let exact = properties["X-TASKS-TEXT"], let data = Data(base64Encoded: exact.value),
           let decoded = String(data: data, encoding: .utf8), summary(decoded) == properties["SUMMARY"]?.value {
            text = decoded
        }
        let completed = try time("COMPLETED")
        return TaskImport(id: id, text: text, isFavorite: properties["PRIORITY"]?.value == "1",
                          doneAt: isDone ? completed ?? createdAt : nil, createdAt: createdAt,
                          foreign: ["icalendar": foreignLines.joined(separator: "\n")],
                          due: attributes.due, tags: attributes.tags, recurrence: attributes.recurrence,
                          modifiedAt: try time("LAST-MODIFIED"))
    }
}
