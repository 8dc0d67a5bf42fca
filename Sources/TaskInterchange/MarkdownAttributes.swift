import Foundation
import TaskModel

/// A task's tags, due date and recurrence in a Markdown item, after its text and before the note,
/// in words a reader of the rendered list understands:
/// `- [ ] Pay rent +home @desk (due 2026-12-01, every month) <!-- … -->`.
///
/// - a tag `home` is `+home`, a context `@desk` is `@desk` (escaped as Markdown text);
/// - an all-day due date is `due 2026-12-01`, a timed one `due 2026-12-01 16:00 UTC` (seconds when
///   not zero): Markdown files say nothing of time zones;
/// - a recurrence is `every day`, `every 3 days`, `every week`, `every 2 weeks`, `every month`,
///   `every 6 months`, `every year`, `every 2 years` or `every mon, thu`, then `on day 31` when the
///   day of the month it keeps is not the due date's, then `after done` when it counts from the
///   day the task is checked off.
///
/// So that a text never reads as these, a backslash goes before each word at its end that would
/// read as a tag and before a `)` that ends it when what it closes would read as a due date
/// (`escapeText`); `unescapeText` takes exactly these off again. A word or `)` that already has
/// backslashes before it gets one more, so that a text with them comes back as it was.
enum MarkdownAttributes {
    private static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    // MARK: Writing

    /// `text` as Markdown source (`MarkdownText`), with the words at its end that would read as
    /// tags, or as the parenthesis of a due date, escaped. Line breaks are still line breaks.
    static func escapeText(_ text: String) -> String {
        var out = MarkdownText.encode(text)
        if let close = closingBackslashes(out), wouldReadAsAttributes(out, closing: close) {
            out = String(out[..<close.lowerBound]) + "\\" + out[close.lowerBound...]
        }
        var escaped = ""
        var from = out.startIndex
        for start in trailingTagWordStarts(out[...], escaped: false) {
            escaped += out[from..<start] + "\\"
            from = start
        }
        return escaped + out[from...]
    }

    /// `escapeText` undone: the text an item's body (its tags and due date taken) stands for.
    static func unescapeText(_ body: Substring) -> String {
        var text = ""
        var from = body.startIndex
        for start in trailingTagWordStarts(body, escaped: true) {
            text += body[from..<start]
            from = body.index(after: start)
        }
        text += body[from...]
        if let close = closingBackslashes(text), !close.isEmpty, wouldReadAsAttributes(text, closing: close) {
            text = String(text[..<close.lowerBound] + text[text.index(after: close.lowerBound)...])
        }
        return MarkdownText.decode(text[...])
    }

    /// Where the backslashes before a `)` that ends `text` are (an empty range when none); nil
    /// when `text` does not end with `)`.
    private static func closingBackslashes(_ text: String) -> Range<String.Index>? {
        guard text.hasSuffix(")") else { return nil }
        let close = text.index(before: text.endIndex)
        var start = close
        while start > text.startIndex, text[text.index(before: start)] == "\\" { start = text.index(before: start) }
        return start..<close
    }

    /// Whether `text`, without the backslashes before its closing `)`, would end with the due
    /// date and recurrence that `read` takes.
    private static func wouldReadAsAttributes(_ text: String, closing: Range<String.Index>) -> Bool {
        let inner = text[..<closing.lowerBound]
        guard let open = inner.lastIndex(of: "("),
              open == inner.startIndex || [" ", "\n"].contains(inner[inner.index(before: open)]) else {
            return false
        }
        return attributes(inner[inner.index(after: open)...]) != nil
    }

    /// Where the words at the end of `text` start that would read as tags (`+home`, `@desk`) once
    /// the backslashes before them are taken off (`escaped`: and that have at least one), in order.
    /// Words are taken from the end as `read` takes tags.
    private static func trailingTagWordStarts(_ text: Substring, escaped: Bool) -> [String.Index] {
        var starts: [String.Index] = []
        var body = text
        while true {
            let start = body.lastIndex { $0 == " " || $0 == "\n" }.map { body.index(after: $0) } ?? body.startIndex
            let word = body[start...]
            let unescaped = word.drop { $0 == "\\" }
            guard !escaped || unescaped.startIndex > word.startIndex, tag(unescaped) != nil else { break }
            starts.append(start)
            body = body[..<start]
            if body.hasSuffix(" ") { body = body.dropLast() }
        }
        return starts.reversed()
    }

    /// The words after the text: tags, then the due date and recurrence in parentheses.
    static func suffix(of task: TaskItem) -> String {
        var out = ""
        for tag in task.tags {
            out += tag.hasPrefix("@") && tag.count > 1 ? " @" + MarkdownEscaping.escape(String(tag.dropFirst()))
                : " +" + MarkdownEscaping.escape(tag)
        }
        var parts: [String] = []
        var dueDay: CalendarDay?
        switch task.due {
        case let .day(day)?:
            dueDay = day
            parts.append("due " + Timestamps.dayText(day))
        case let .instant(instant)?:
            let utc = Timestamps.extendedUTC(instant) // 2026-12-01T16:00:30Z
            dueDay = Timestamps.parseDay(utc.prefix(10))
            let time = utc.hasSuffix(":00Z") ? utc.dropFirst(11).prefix(5) : utc.dropFirst(11).prefix(8)
            parts.append("due " + utc.prefix(10) + " " + time + " UTC")
        case nil: break
        }
        if let recurrence = task.recurrence { parts.append(words(recurrence, dueDay: dueDay)) }
        if !parts.isEmpty { out += " (" + parts.joined(separator: ", ") + ")" }
        return out
    }

    private static func words(_ recurrence: Recurrence, dueDay: CalendarDay?) -> String {
        func count(_ count: Int, _ unit: String) -> String { count == 1 ? unit : "\(count) \(unit)s" }
        var text = "every "
        switch recurrence.rule {
        case let .days(days): text += count(days, "day")
        case let .weeks(weeks): text += count(weeks, "week")
        case let .months(months, dayOfMonth):
            text += months % 12 == 0 ? count(months / 12, "year") : count(months, "month")
            if let dayOfMonth { text += " on day \(dayOfMonth)" }
        case let .weekdays(days):
            let names = Weekday.allCases.filter(days.contains).map { weekdayNames[$0.rawValue - 1] }
            text += names.isEmpty ? "day" : names.joined(separator: ", ")
        }
        return recurrence.fromCompletion ? text + " after done" : text
    }

    // MARK: Reading

    /// Takes the tags, due date and recurrence from the end of an item's content (its note and
    /// star taken off) into `task`, and returns the text that is left, still escaped.
    static func read(_ body: Substring, into task: inout TaskImport) -> Substring {
        var body = body
        if body.hasSuffix(")"), !body.hasSuffix("\\)"), let open = body.lastIndex(of: "("),
           open == body.startIndex || [" ", "\n"].contains(body[body.index(before: open)]),
           let (due, recurrence) = attributes(body[body.index(after: open)..<body.index(before: body.endIndex)]) {
            task.due = due
            task.recurrence = recurrence?.kept(forDueOn: due?.day(in: .gmt))
            body = body[..<open]
            if body.hasSuffix(" ") { body = body.dropLast() }
        }
        var tags: [String] = []
        while true {
            let start = body.lastIndex { $0 == " " || $0 == "\n" }.map { body.index(after: $0) } ?? body.startIndex
            guard let tag = tag(body[start...]) else { break }
            tags.insert(tag, at: 0)
            body = body[..<start]
            if body.hasSuffix(" ") { body = body.dropLast() }
        }
        task.tags = Tags.changing([], adding: tags, removing: [])
        return body
    }

    /// The tag a word writes (`+home`, `@desk`); nil for any other word.
    private static func tag(_ word: Substring) -> String? {
        guard word.count > 1, let first = word.first, first == "+" || first == "@",
              word.dropFirst().first?.isLetter == true else { return nil }
        let rest = MarkdownEscaping.unescape(word.dropFirst())
        let tag = first == "@" ? "@" + rest : rest
        return Tags.isValid(tag) ? tag : nil
    }

    /// The due date and recurrence of the words between the parentheses; nil when they are not
    /// those `suffix` writes.
    private static func attributes(_ text: Substring) -> (Due?, Recurrence?)? {
        var rest = text
        var due: Due?
        if rest.hasPrefix("due ") {
            rest = rest.dropFirst(4)
            guard let day = Timestamps.parseDay(rest.prefix(10)) else { return nil }
            rest = rest.dropFirst(10)
            due = .day(day)
            if rest.hasPrefix(" "), let utc = rest.range(of: " UTC") {
                let time = rest[rest.index(after: rest.startIndex)..<utc.lowerBound]
                let seconds = time.count == 5 ? time + ":00" : time
                guard let instant = Timestamps.parseExtendedUTC(Substring(Timestamps.dayText(day) + "T" + seconds + "Z")) else {
                    return nil
                }
                due = .instant(instant)
                rest = rest[utc.upperBound...]
            }
            if rest.isEmpty { return (due, nil) }
            guard rest.hasPrefix(", ") else { return nil }
            rest = rest.dropFirst(2)
        }
        guard let recurrence = recurrence(rest) else {
            return nil
        }
        return (due, recurrence)
    }

    private static func recurrence(_ text: Substring) -> Recurrence? {
        guard text.hasPrefix("every ") else { return nil }
        var rest = text.dropFirst(6)
        let fromCompletion = rest.hasSuffix(" after done")
        if fromCompletion { rest = rest.dropLast(11) }
        var dayOfMonth: Int?
        if let on = rest.range(of: " on day ") {
            guard let day = Int(rest[on.upperBound...]), (1...31).contains(day) else { return nil }
            dayOfMonth = day
            rest = rest[..<on.lowerBound]
        }
        let names = rest.split(separator: ", ", omittingEmptySubsequences: false).map(String.init)
        let days = names.compactMap { name in weekdayNames.firstIndex(of: name).flatMap { Weekday(rawValue: $0 + 1) } }
        let rule: Recurrence.Rule
        if !days.isEmpty, days.count == names.count {
            rule = .weekdays(Set(days))
        } else {
            let words = rest.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count <= 2, let count = words.count == 2 ? Int(words[0]) : 1, Recurrence.periodCounts.contains(count),
                  let unit = words.last else {
                return nil
            }
            switch (unit, words.count == 1) {
            case ("day", true), ("days", false): rule = .days(count)
            case ("week", true), ("weeks", false): rule = .weeks(count)
            case ("month", true), ("months", false): rule = .months(count, dayOfMonth: dayOfMonth)
            case ("year", true), ("years", false): rule = .months(12 * count, dayOfMonth: dayOfMonth)
            default: return nil
            }
        }
        if case .months = rule {} else if dayOfMonth != nil { return nil }
        return Recurrence(rule, fromCompletion: fromCompletion)
    }
}
