import Foundation
import TaskModel

/// A task's tags, due date and recurrence as todo.txt words, written after its text:
///
/// - a tag `home` is `+home` (a project), a context `@phone` is `@phone`; any other tag starting
///   with `@` (`@` alone) is written after a `+`;
/// - an all-day due date is `due:2026-12-01`; a timed one keeps todo.txt's date-only `due:` (its day
///   in the export's time zone) and adds its time of day there with that zone's UTC offset,
///   `due-time:17:00+01:00` (seconds only when not zero), so that it reads back as the same instant
///   in any zone;
/// - a recurrence is the `rec:` of todo.txt's recurrence add-ons: `rec:+1w` anchored to the due date
///   (strict), `rec:1w` counted from the day the task is checked off, units `d`, `w`, `m`, `y`, and
///   `b` for Monday to Friday (business days). Months keep the due date's day of the month; when
///   the task's day differs (or it has no due date) it is written as `rec-day:31`. Other sets of
///   weekdays have no todo.txt form: tasks writes them as `rec:+mon,thu`, which other tools ignore.
///
/// Reading takes these words from anywhere in a line (todo.sh users write `Call @phone Mom`),
/// each with one space next to it; a word whose value does not read stays in the text.
enum TodoTxtAttributes {
    /// The keys tasks reads: a text's own word starting with one of them is escaped.
    static let keys = ["due", "due-time", "rec", "rec-day"]

    private static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    // MARK: Writing

    /// The words of `task`'s tags, due date and recurrence, each after a space.
    static func words(of task: TaskItem, timeZone: TimeZone) -> String {
        var out = ""
        for tag in task.tags { out += " " + tagWord(tag) }
        var dueDay: CalendarDay?
        switch task.due {
        case let .day(day)?:
            dueDay = day
            out += " due:" + Timestamps.dayText(day)
        case let .instant(instant)?:
            dueDay = CalendarDay(instant, in: timeZone)
            let (day, time) = dayAndTime(instant, in: timeZone)
            out += " due:" + Timestamps.dayText(day) + " due-time:" + time
        case nil: break
        }
        if let recurrence = task.recurrence { out += recurrenceWords(recurrence, dueDay: dueDay) }
        return out
    }

    /// `+tag`, or the tag itself for a context (`@phone`).
    static func tagWord(_ tag: String) -> String {
        tag.hasPrefix("@") && tag.count > 1 ? tag : "+" + tag
    }

    private static func recurrenceWords(_ recurrence: Recurrence, dueDay: CalendarDay?) -> String {
        let sign = recurrence.fromCompletion ? "" : "+"
        switch recurrence.rule {
        case let .days(count): return " rec:" + sign + "\(count)d"
        case let .weeks(count): return " rec:" + sign + "\(count)w"
        case let .months(count, dayOfMonth):
            let period = count % 12 == 0 ? "\(count / 12)y" : "\(count)m"
            let day = dayOfMonth.map { " rec-day:\($0)" } ?? "" // none: the due date's
            return " rec:" + sign + period + day
        case let .weekdays(days):
            if days == workdays { return " rec:" + sign + "1b" }
            let names = Weekday.allCases.filter(days.contains).map { weekdayNames[$0.rawValue - 1] }
            return " rec:" + sign + (names.isEmpty ? "1d" : names.joined(separator: ","))
        }
    }

    /// The day and `17:00+01:00`, or `17:00:30+01:00`: what `timeZone`'s clock shows and its UTC
    /// offset. An offset with seconds (local mean time, before time zones) is written to the minute,
    /// the day and time with it, so that they still say the same instant.
    private static func dayAndTime(_ instant: Date, in timeZone: TimeZone) -> (CalendarDay, String) {
        let offset = timeZone.secondsFromGMT(for: instant) / 60 * 60
        let local = Timestamps.wholeSeconds(instant) + Int64(offset)
        let day = CalendarDay(daysSince1970: Int((local - (local % 86_400 + 86_400) % 86_400) / 86_400))
        let seconds = Int((local % 86_400 + 86_400) % 86_400)
        var text = pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2)
        if seconds % 60 != 0 { text += ":" + pad(seconds % 60, 2) }
        let minutes = abs(offset) / 60
        return (day, text + (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2))
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        Timestamps.pad(Int64(value), width)
    }

    // MARK: Reading

    /// What `read` took from a line.
    struct Read {
        var text: Substring
        var tags: [String] = []
        var due: Due?
        var recurrence: Recurrence?
    }

    /// Takes the tags, due date and recurrence words out of `rest` (the line without its date,
    /// priority, `pri:` and `uuid:`); a month recurrence without `rec-day:` keeps the due date's day
    /// of the month, or `created`'s when there is none.
    static func read(_ rest: Substring, created: Date, timeZone: TimeZone) -> Read {
        // A line with no sign and none of the keys is all text: 100,000 of them are not split into words.
        if !mayHoldAttributes(rest) { return Read(text: rest) }
        var words = rest.split(separator: " ", omittingEmptySubsequences: false)
        var taken: [Int] = []
        var tags: [String] = []
        var dueIndex: Int?, timeIndex: Int?, recIndex: Int?, dayIndex: Int?
        for (index, word) in words.enumerated() {
            // A letter after the sign, as `tasks` reads its own words: `+1 555` is text, not a tag.
            if word.count > 1, word.hasPrefix("+") || word.hasPrefix("@"), word.dropFirst().first?.isLetter == true {
                let tag = word.hasPrefix("+") ? String(word.dropFirst()) : String(word)
                guard Tags.isValid(tag) else { continue }
                if !tags.contains(tag) { tags.append(tag) }
                taken.append(index)
            } else if dueIndex == nil, word.hasPrefix("due:") {
                dueIndex = index
            } else if timeIndex == nil, word.hasPrefix("due-time:") {
                timeIndex = index
            } else if recIndex == nil, word.hasPrefix("rec:") {
                recIndex = index
            } else if dayIndex == nil, word.hasPrefix("rec-day:") {
                dayIndex = index
            }
        }
        var result = Read(text: "", tags: tags)
        if let dueIndex, let day = Timestamps.parseDay(words[dueIndex].dropFirst(4)) {
            result.due = .day(day)
            taken.append(dueIndex)
            if let timeIndex, let instant = instant(on: day, words[timeIndex].dropFirst(9)) {
                result.due = .instant(instant)
                taken.append(timeIndex)
            }
        }
        if let recIndex {
            let dayWord = dayIndex.flatMap { Int(words[$0].dropFirst(8)) }.flatMap { (1...31).contains($0) ? $0 : nil }
            if let recurrence = recurrence(words[recIndex].dropFirst(4), dayOfMonth: dayWord) {
                result.recurrence = recurrence.kept(forDueOn: result.due?.day(in: timeZone))
                taken.append(recIndex)
                if dayWord != nil, case .months = recurrence.rule, let dayIndex { taken.append(dayIndex) }
            }
        }
        for index in taken.sorted(by: >) { words.remove(at: index) }
        result.text = taken.isEmpty ? rest : Substring(words.joined(separator: " "))
        return result
    }

    /// Whether `text` has a `+` or `@`, or a word starting with one of the keys `read` takes (byte by
    /// byte: Foundation's `contains` costs more than the rest of a line's reading).
    private static func mayHoldAttributes(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        let keys = ["due:", "due-time:", "rec:", "rec-day:"].map { Array($0.utf8) }
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "@") { return true }
            guard index == 0 || bytes[index - 1] == UInt8(ascii: " ") else { continue }
            if keys.contains(where: { bytes[index...].starts(with: $0) }) { return true }
        }
        return false
    }

    /// The instant of `17:00`, `17:00:30`, each followed by `+hh:mm` or `-hh:mm`, on `day`.
    private static func instant(on day: CalendarDay, _ text: Substring) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 11 || bytes.count == 14 else { return nil }
        let hasSeconds = bytes.count == 14
        let zone = hasSeconds ? 8 : 5
        func number(_ range: Range<Int>) -> Int? {
            guard bytes[range].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard bytes[2] == UInt8(ascii: ":"), !hasSeconds || bytes[5] == UInt8(ascii: ":"),
              bytes[zone] == UInt8(ascii: "+") || bytes[zone] == UInt8(ascii: "-"), bytes[zone + 3] == UInt8(ascii: ":"),
              let hour = number(0..<2), let minute = number(3..<5), let second = hasSeconds ? number(6..<8) : 0,
              let offsetHours = number(zone + 1..<zone + 3), let offsetMinutes = number(zone + 4..<zone + 6),
              hour < 24, minute < 60, second < 60, offsetHours < 24, offsetMinutes < 60 else { return nil }
        let offset = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[zone] == UInt8(ascii: "-") ? -1 : 1)
        let seconds = day.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The recurrence of a `rec:` value: `+` for anchored, a count (1 when left out), a unit; or
    /// weekday names separated by commas.
    private static func recurrence(_ value: Substring, dayOfMonth: Int?) -> Recurrence? {
        let anchored = value.hasPrefix("+")
        let body = anchored ? value.dropFirst() : value
        let names = body.split(separator: ",", omittingEmptySubsequences: false)
        if names.allSatisfy({ weekdayNames.contains(String($0)) }), !names.isEmpty {
            let days = names.compactMap { name in weekdayNames.firstIndex(of: String(name)).flatMap { Weekday(rawValue: $0 + 1) } }
            return Recurrence(.weekdays(Set(days)), fromCompletion: !anchored)
        }
        guard let unit = body.last else { return nil }
        let digits = body.dropLast()
        guard digits.allSatisfy(\.isASCII), let count = digits.isEmpty ? 1 : Int(digits), Recurrence.periodCounts.contains(count) else {
            return nil
        }
        let rule: Recurrence.Rule
        switch unit {
        case "d": rule = .days(count)
        case "w": rule = .weeks(count)
        case "m": rule = .months(count, dayOfMonth: dayOfMonth)
        case "y": rule = .months(12 * count, dayOfMonth: dayOfMonth)
        case "b" where count == 1: rule = .weekdays(workdays)
        default: return nil
        }
        return Recurrence(rule, fromCompletion: !anchored)
    }
}
