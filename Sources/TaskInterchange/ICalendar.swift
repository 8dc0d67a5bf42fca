import Foundation
import TaskModel

/// iCalendar (RFC 5545): a `VCALENDAR` of `VTODO`s, lines folded at 75 octets, CRLF.
///
/// A task is `UID` (its identity), `DTSTAMP`, `CREATED`, `LAST-MODIFIED` (its last change, else its
/// creation), `SUMMARY` (its text, escaped, with the parameters it was read with, `LANGUAGE=de`),
/// `STATUS` (`NEEDS-ACTION` or `COMPLETED`), `COMPLETED` when done (a kept one is dropped when it is
/// not), `PERCENT-COMPLETE:100` when done if the to-do had a percentage (a kept 100 is dropped when
/// it is not), a high `PRIORITY` for a favourite (1 to 4, RFC 5545 §3.8.1.9: the one read, else 1;
/// a lower one read is kept, and a high one dropped, for a task that is not), then `DUE`,
/// `RRULE` and `CATEGORIES` for its due date, recurrence (`ICalendarAttributes`) and tags
/// (`ICalendarCategories`, which writes back another program's categories as it wrote them). Every
/// other property and sub-component of a to-do (`DESCRIPTION`, `VALARM`, other priorities and
/// statuses, a `UID` that is not a UUID, the `DTSTAMP` read, a `DUE` or `RRULE` tasks cannot read)
/// is kept as the task's iCalendar fields, in order, and written back, with the `VTIMEZONE`s they
/// name (`ICalendarTimeZones`). (`DUE`, `RRULE` and
/// `CATEGORIES` were kept so before tasks had them: a task that still holds them there and has none
/// of its own writes them back, and reading that file makes them its own.) A text with control characters other than
/// line breaks and tabs, which `SUMMARY` cannot hold, also goes in `X-TASKS-TEXT` (base64 of its
/// UTF-8, as a plain value: with `ENCODING=BASE64`, Radicale refused the to-do), which wins on
/// reading while `SUMMARY` still says what it would.
enum ICalendar {
    static let productID = "-//tasks//tasks//EN"

    static func export(_ tasks: some Sequence<TaskItem>, extra: [String] = [], timeZone: TimeZone) -> [UInt8] {
        var zones = ICalendarTimeZones()
        var body: [String] = []
        let extraNames = Set(extra.map(ContentLine.name(of:)))
        for task in tasks {
            let split = ICalendarTimeZones.split(ICalendarKeptLines.split(task.foreign["icalendar"]))
            body.append("BEGIN:VTODO")
            toDo(task, foreign: ICalendarKeptLines(split.rest), rules: ICalendarZoneRules.unknownToTheSystem(in: split.zones), extra: extra, extraNames: extraNames, timeZone: timeZone, into: &body) {
                zones.resolve($0, kept: split.zones)
            }
            body.append("END:VTODO")
        }
        var out: [UInt8] = []
        for line in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productID] { ContentLine.fold(line, into: &out) }
        for line in zones.finish(&body) { ContentLine.fold(line, into: &out) }
        for line in body { ContentLine.fold(line, into: &out) }
        ContentLine.fold("END:VCALENDAR", into: &out)
        return out
    }

    /// The properties of `task`'s VTODO: its own, then the kept ones it does not replace, then `extra`,
    /// each line written as it was made valid by `zoned` (the zones of those written, not of kept
    /// ones the task's own replace).
    private static func toDo(_ task: TaskItem, foreign kept: ICalendarKeptLines, rules: [String: ICalendarZoneRules], extra: [String],
                             extraNames: Set<String>, timeZone: TimeZone, into lines: inout [String], zoned: (String) -> String) {
        let (foreign, own) = (kept.lines, kept.own)
        let foreignLine = kept.first(named:)
        lines.append(foreignLine("UID").map(zoned) ?? "UID:" + task.id.lowercasedText)
        lines.append(foreignLine("DTSTAMP").map(zoned) ?? "DTSTAMP:" + Timestamps.basicUTC(task.createdAt))
        lines.append("CREATED:" + Timestamps.basicUTC(task.createdAt))
        if let modified = task.modifiedAt { lines.append("LAST-MODIFIED:" + Timestamps.basicUTC(modified)) }
        // A summary read with parameters (`LANGUAGE=de`) keeps them, whatever its text is now.
        lines.append((foreignLine("SUMMARY").map(ContentLine.head(of:)) ?? "SUMMARY") + ":" + ICalendarText.escape(task.text))
        if ICalendarText.needsExactText(task.text) {
            lines.append("X-TASKS-TEXT:" + Data(task.text.utf8).base64EncodedString())
        }
        if let done = task.doneAt {
            lines.append("STATUS:COMPLETED")
            lines.append("COMPLETED:" + Timestamps.basicUTC(done))
        } else {
            lines.append(foreignLine("STATUS").map(zoned) ?? "STATUS:NEEDS-ACTION")
        }
        // A favourite keeps the high priority it was read with (another client's 2 to 4).
        if task.isFavorite { lines.append(foreignLine("PRIORITY").flatMap { isHigh($0) ? zoned($0) : nil } ?? "PRIORITY:1") }
        // The zone a timed due was read in: its line names the zone to write (with its VTIMEZONE),
        // but the zone of a series of its own (`ICalendarAttributes.writesItsZone`).
        let zoneMarker = foreignLine(ICalendarAttributes.dueZoneMarker)
        let ownZone = ICalendarAttributes.writesItsZone(task)
        let dueZone = ownZone ? ICalendarAttributes.seriesZone(of: task, timeZone: timeZone)
            : zoneMarker.flatMap(ICalendarTimeZones.tzid(named:)) ?? ICalendarAttributes.seriesZone(of: task, timeZone: timeZone)
        let attributes = ICalendarAttributes.lines(of: task, timeZone: timeZone, dueZone: dueZone,
                                                   isFloating: !ownZone && zoneMarker == ICalendarAttributes.floatingDueMarker, rules: rules)
        lines += dueZone == nil ? attributes : attributes.map(zoned)
        // Not zoned: categories another program wrote are written as they were, parameters and all.
        lines += ICalendarCategories.lines(for: task.tags, kept: foreign)
        // A kept COMPLETED is never written: a done task writes its own, and one not done must not
        // look done to clients that go by it.
        var written: Set<String> = ["UID", "DTSTAMP", "LAST-MODIFIED", "SUMMARY", "STATUS", "COMPLETED",
                                    ICalendarAttributes.dueZoneMarker, ICalendarAttributes.floatingZoneMarker, ICalendarCategories.marker]
        if task.isFavorite { written.insert("PRIORITY") }
        // A to-do has a DUE or a DURATION (from its DTSTART), never both (RFC 5545 §3.6.2): a due
        // date given one that had a duration replaces it (Radicale refused the to-do with both:
        // found by an independent tester).
        if task.due != nil { written.formUnion(["DUE", "DURATION"]) }
        if task.recurrence != nil { written.formUnion(["RRULE", "X-TASKS-RECUR-FROM"]) }
        if !ICalendarAttributes.keepsSeries(task, marker: foreignLine(ICalendarAttributes.keptSeriesMarker)) {
            written.formUnion(ICalendarAttributes.seriesLines)
        }
        written.insert(ICalendarAttributes.keptSeriesMarker)
        written.formUnion(extraNames)
        for (index, line) in foreign.enumerated() {
            guard own[index] else {
                lines.append(zoned(line))
                continue
            }
            let name = ContentLine.name(of: line)
            if written.contains(name) { continue }
            // A high priority kept is a favourite's: one that is not a favourite any more has none.
            if name == "PRIORITY", isHigh(line) { continue }
            if name == "DTSTART", let due = task.due {
                if let start = ICalendarAttributes.start(line, beside: due, timeZone: timeZone, rules: rules) { lines.append(zoned(start)) }
                continue
            }
            // Clients that go by the percentage must see what STATUS says: 100 when done (RFC 5545
            // §3.8.1.8), and not 100 once undone. Only a to-do that has one gets one: STATUS says
            // it all for clients that never write it.
            if name == "PERCENT-COMPLETE" {
                if task.doneAt != nil {
                    lines.append("PERCENT-COMPLETE:100")
                } else if ContentLine(line, number: 0)?.value.trimmingCharacters(in: .whitespaces) != "100" {
                    lines.append(zoned(line))
                }
                continue
            }
            lines.append(zoned(line))
        }
        lines += extra.map(zoned)
    }

    /// Whether a `PRIORITY` line says a high priority, 1 to 4 (RFC 5545 §3.8.1.9), which a favourite is.
    static func isHigh(_ line: String) -> Bool {
        ContentLine(line, number: 0).flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }.map((1...4).contains) ?? false
    }

    /// The properties a task is made of; every other line of a to-do is foreign. (`COMPLETED` is the
    /// task's only when it is done: one that is not keeps it in its place among the foreign lines.)
    private static let modelled: Set<String> = ["CREATED", "LAST-MODIFIED", "SUMMARY", "X-TASKS-TEXT"]

    /// A file's series in this machine's zone, or in UTC, is one with no zone of its own, as one made
    /// here is: an export read back is the list exported. (A sync keeps that zone, `ICalendarResource`:
    /// a phone's series read in New York still counts there once the machine is in Berlin.)
    static func parse(_ bytes: [UInt8], timeZone: TimeZone, now: Date) throws(InterchangeError) -> ParsedFile {
        var file = try read(bytes, timeZone: timeZone, now: now, oneToDo: false).file
        for index in file.tasks.indices where [timeZone.identifier, ICalendarAttributes.utc].contains(file.tasks[index].recurrence?.zone) {
            file.tasks[index].recurrence?.zone = nil
        }
        return file
    }

    /// The file, and the line each of its VTODOs starts on (those without text too); with `oneToDo`,
    /// a second VTODO is refused whatever its `UID` (a recurring to-do's instances share one); with
    /// `refusingUnreadableRecurrence`, so is a to-do with an `RRULE` tasks cannot follow.
    static func read(_ bytes: [UInt8], timeZone: TimeZone, now: Date, oneToDo: Bool,
                     refusingUnreadableRecurrence: Bool = false) throws(InterchangeError) -> (file: ParsedFile, toDos: [Int]) {
        let lines = try ContentLine.unfold(bytes)
        // Names and their values of BEGIN and END are case-insensitive (RFC 5545 §3.1, §3.6).
        guard let first = lines.first(where: { !$0.text.isEmpty }), let begin = ContentLine(first.text, number: first.number),
              begin.name == "BEGIN", begin.value.uppercased() == "VCALENDAR" else {
            throw InterchangeError(.line(lines.first?.number ?? 1), .notThisFormat)
        }
        var tasks: [TaskImport] = []
        var skipped: [SkippedEntry] = []
        // Series kept as tasks that do not repeat, which the import says (it said nothing: found by
        // an independent tester).
        var unfollowed = 0
        var seen: [UUID: Int] = [:]
        var toDos: [Int] = []
        // The zones the file defines: kept with the to-dos that name them, and the rules of those
        // the system does not know read once, for their times.
        let zones = definedZones(lines)
        let rules = ICalendarZoneRules.unknownToTheSystem(in: zones)
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
                        if oneToDo, let firstLine = toDos.first {
                            throw InterchangeError(.line(last.line), .severalToDos(firstLine: firstLine))
                        }
                        toDos.append(last.line)
                        let (task, keepsSeries) = try self.task(todo, line: last.line, timeZone: timeZone, rules: rules, now: now,
                                                                refusingUnreadableRecurrence: refusingUnreadableRecurrence)
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
                        if keepsSeries { unfollowed += 1 }
                    } else if last.name != "VTIMEZONE" { // zones: read before the to-dos (`definedZones`)
                        let summary = todo.first { $0.name == "SUMMARY" }.map { ICalendarText.unescape($0.value[...]) }
                        skipped.append(SkippedEntry(reason: .notAToDo(last.name), text: summary, line: last.line))
                    }
                }
            }
        }
        if let unclosed = open.last { throw InterchangeError(.line(unclosed.line), .unclosedComponent(unclosed.name)) }
        // Each to-do keeps the zones its kept lines name (a zone may come after them in the file).
        if !zones.isEmpty {
            for index in tasks.indices {
                tasks[index].foreign["icalendar"] = ICalendarTimeZones.attaching(zones, to: tasks[index].foreign["icalendar"] ?? "")
            }
        }
        var file = ParsedFile(tasks: tasks, skipped: skipped, precision: .second)
        file.unfollowedSeries = unfollowed
        return (file, toDos)
    }

    /// The `VTIMEZONE`s of a calendar's lines, by `TZID`, wherever they are (a zone may come after
    /// the to-dos that name it).
    private static func definedZones(_ lines: [(text: String, number: Int)]) -> [String: [String]] {
        var zones: [String: [String]] = [:]
        var zone: [String]?
        var depth = 0
        for line in lines where !line.text.isEmpty {
            let name = ContentLine.name(of: line.text)
            if name == "BEGIN" {
                depth += 1
                if depth == 2, line.text.uppercased() == "BEGIN:VTIMEZONE" { zone = [] }
            }
            zone?.append(line.text)
            if name == "END" {
                if depth == 2, let found = zone {
                    if let tzid = ICalendarTimeZones.tzid(of: found), zones[tzid] == nil { zones[tzid] = found }
                    zone = nil
                }
                depth -= 1
            }
        }
        return zones
    }

    /// The task of one `VTODO`'s lines (its BEGIN and END included), and whether it keeps a series
    /// tasks cannot follow as lines (`ICalendarAttributes.Read.keptSeries`).
    private static func task(_ lines: [ContentLine], line: Int, timeZone: TimeZone, rules: [String: ICalendarZoneRules], now: Date,
                             refusingUnreadableRecurrence: Bool) throws(InterchangeError) -> (task: TaskImport, keepsSeries: Bool) {
        let body = lines.dropFirst().dropLast()
        var depth = 0
        var properties: [String: ContentLine] = [:]
        var own: [ContentLine] = []
        var foreign: [ContentLine] = []
        for property in body {
            if property.name == "BEGIN" { depth += 1 }
            defer { if property.name == "END" { depth -= 1 } }
            // A to-do has one UID, one STATUS and one SUMMARY (RFC 5545 §3.6.2): a second, kept,
            // would stand for the first on export.
            if depth == 0, ["UID", "STATUS", "SUMMARY"].contains(property.name), properties[property.name] != nil { continue }
            if depth == 0, property.name != "END" { own.append(property) }
            if depth == 0, property.name != "END", properties[property.name] == nil {
                properties[property.name] = property
                // A SUMMARY's parameters (`LANGUAGE=de`) are kept with it, for its text to be written with them.
                if modelled.contains(property.name), property.name != "SUMMARY" || !ContentLine.head(of: property.text).contains(";") {
                    continue
                }
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
        let id = uid.map(StableIdentity.id(forUID:))
        let stamped = try time("DTSTAMP")
        let createdAt = try time("CREATED") ?? stamped ?? now
        let attributes = ICalendarAttributes.read(first: properties, all: own, timeZone: timeZone, rules: rules)
        // An RRULE not taken (of another form, or a second one) is a series tasks cannot follow.
        // So is one with dates of its own (`RDATE`), with or without an RRULE: re-dated here, its
        // dates were lost there (found by an independent tester).
        if refusingUnreadableRecurrence,
           let rule = own.first(where: { ($0.name == "RRULE" || $0.name == "RDATE") && !attributes.taken.contains($0.number) }) {
            throw InterchangeError(.line(rule.number), .unreadableRecurrence(rule.value))
        }
        let status = properties["STATUS"]?.value.uppercased()
        let isDone = status == "COMPLETED" || (status == nil && properties["COMPLETED"] != nil)
        let ownCompleted = isDone ? properties["COMPLETED"]?.number : nil
        // A marker read (not from tasks, which never writes one) is the reading's to set, not kept.
        let foreignLines = foreign.filter {
            !attributes.taken.contains($0.number) && $0.number != ownCompleted && $0.name != ICalendarAttributes.dueZoneMarker
                && $0.name != ICalendarAttributes.floatingZoneMarker
                && $0.name != ICalendarCategories.marker && $0.name != ICalendarAttributes.keptSeriesMarker
        }.map(\.text) + (attributes.dueZone.map { [$0] } ?? []) + (attributes.floatingIn.map { [$0] } ?? []) + attributes.categories
            + (attributes.keptSeries.map { [$0] } ?? [])
        var text = properties["SUMMARY"].map { ICalendarText.unescape($0.value[...]) } ?? ""
        if let exact = properties["X-TASKS-TEXT"], let data = Data(base64Encoded: exact.value),
           let decoded = String(data: data, encoding: .utf8), ICalendarText.escape(decoded) == properties["SUMMARY"]?.value {
            text = decoded
        }
        let completed = try time("COMPLETED")
        let task = TaskImport(id: id, text: text, isFavorite: properties["PRIORITY"].map { isHigh($0.text) } ?? false,
                              doneAt: isDone ? completed ?? createdAt : nil, createdAt: createdAt,
                              foreign: ["icalendar": foreignLines.joined(separator: "\n")],
                              due: attributes.due, tags: attributes.tags, recurrence: attributes.recurrence,
                              modifiedAt: try time("LAST-MODIFIED"))
        return (task, attributes.keptSeries != nil)
    }
}
