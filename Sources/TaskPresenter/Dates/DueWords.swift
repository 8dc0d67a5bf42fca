import Foundation
import TaskModel

/// Reads the words a person types for a due date, resolved against the day it is where they are:
/// `2026-12-01`, `12-01`, `dec 1`, `1 dec`, `today`, `tomorrow`, `yesterday`, a weekday (`fri`,
/// `friday`: the next one after today), `3d`, `2w`, `1m`, `1y` from today, `eow`, `eom`, `eoy`
/// (weeks end on Sunday), each with an optional time after it (`17:00`, `5pm`, `5:30pm`), which
/// makes it timed. A date alone is all-day.
struct DueWords {
    /// The moment the words are read at, and where: `today` is the day its clock shows.
    let now: Date
    let timeZone: TimeZone

    /// Why words are not a due date, naming what was typed.
    enum Failure: Error, Hashable {
        /// Not a date this reader knows.
        case unknownDate(String)
        /// A date the calendar does not have (`feb 30`).
        case impossibleDate(String)
        /// Not a time of day (`25:00`).
        case impossibleTime(String)
    }

    var today: CalendarDay { CalendarDay(now, in: timeZone) }

    /// Reads a date from the start of `words`, and a time from the word after it when there is
    /// one; returns the due date and how many words it took. Throws when the first word (or the
    /// first two, for `dec 1`) is not a date.
    func read(_ words: ArraySlice<Substring>) throws(Failure) -> (due: Due, count: Int) {
        guard !words.isEmpty else { throw .unknownDate("") }
        let (day, dateWords) = try date(words)
        guard let timeWord = words.dropFirst(dateWords).first, Self.looksLikeTime(timeWord) else {
            return (.day(day), dateWords)
        }
        guard let (hour, minute) = Self.time(timeWord) else { throw .impossibleTime(String(timeWord)) }
        return (.instant(day.instant(hour: hour, minute: minute, in: timeZone)), dateWords + 1)
    }

    /// The time of day, in minutes from midnight, of a timed `due` that `read` took from the first
    /// `count` of `words`: the time typed, which a due on the night clocks skip it does not show.
    static func minuteOfDay(of due: Due, typedIn words: ArraySlice<Substring>, count: Int) -> Int? {
        guard case .instant = due, count > 0, count <= words.count else { return nil }
        return time(words[words.startIndex + count - 1]).map { $0.hour * 60 + $0.minute }
    }

    /// The day the first word (or two) names, and how many words that took.
    private func date(_ words: ArraySlice<Substring>) throws(Failure) -> (CalendarDay, Int) {
        let word = words[words.startIndex].lowercased()
        if let day = relative(word) { return (day, 1) }
        let second = words.dropFirst().first.map { $0.lowercased() }
        if let month = Self.month(word), let second, let day = Int(second) {
            return (try nextDate(month: month, day: day, typed: "\(word) \(second)"), 2)
        }
        if let month = second.flatMap(Self.month), let day = Int(word) {
            return (try nextDate(month: month, day: day, typed: "\(word) \(second ?? "")"), 2)
        }
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
           let day = Int(parts[2]), parts[1].count == 2, parts[2].count == 2 {
            guard let date = CalendarDay(year: year, month: month, day: day) else { throw .impossibleDate(word) }
            return (date, 1)
        }
        if parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]), parts[0].count <= 2, parts[1].count <= 2 {
            return (try nextDate(month: month, day: day, typed: word), 1)
        }
        throw .unknownDate(String(words[words.startIndex]))
    }

    /// A day named relative to today, or nil.
    private func relative(_ word: String) -> CalendarDay? {
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        case "eow": return today.adding(days: Weekday.sunday.rawValue - today.weekday.rawValue)
        case "eom":
            let (year, month, _) = today.date
            return CalendarDay(year: year, month: month, day: CalendarDay.days(inMonth: month, of: year))
        case "eoy": return CalendarDay(year: today.date.year, month: 12, day: 31)
        default: break
        }
        if let weekday = Self.weekday(word) {
            let ahead = (weekday.rawValue - today.weekday.rawValue + 6) % 7 + 1
            return today.adding(days: ahead)
        }
        guard let unit = word.last, let count = Int(word.dropLast()), word.first?.isNumber == true, count <= 100_000 else {
            return nil
        }
        switch unit {
        case "d": return today.adding(days: count)
        case "w": return today.adding(days: 7 * count)
        case "m": return today.adding(months: count)
        case "y": return today.adding(months: 12 * count)
        default: return nil
        }
    }

    /// The next `month`/`day` on or after today: this year's, or next year's when it has passed.
    private func nextDate(month: Int, day: Int, typed: String) throws(Failure) -> CalendarDay {
        let year = today.date.year
        // 29 February is next found in a leap year.
        for candidate in year...(year + 8) {
            if let date = CalendarDay(year: candidate, month: month, day: day), date >= today { return date }
        }
        throw .impossibleDate(typed)
    }

    /// Whether a word is meant as a time of day (it may still be an impossible one).
    static func looksLikeTime(_ word: Substring) -> Bool {
        let lower = word.lowercased()
        guard lower.first?.isNumber == true else { return false }
        return lower.contains(":") || lower.hasSuffix("am") || lower.hasSuffix("pm")
    }

    /// The hour and minute of `17:00`, `5pm`, `5:30pm`, `12am`; nil when it is not one.
    static func time(_ word: Substring) -> (hour: Int, minute: Int)? {
        var text = word.lowercased()
        var half: Int?
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            half = text.hasSuffix("pm") ? 12 : 0
            text.removeLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), parts[0].count <= 2 else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, (0...59).contains(minute), parts.count == 1 || parts[1].count == 2 else { return nil }
        if let half {
            guard (1...12).contains(hour) else { return nil }
            return (hour % 12 + half, minute)
        }
        guard parts.count == 2, (0...23).contains(hour) else { return nil }
        return (hour, minute)
    }

    /// The weekday a word names, in full or by its first three letters.
    static func weekday(_ word: String) -> Weekday? {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        guard let index = names.firstIndex(where: { $0 == word || (word.count == 3 && $0.hasPrefix(word)) }) else {
            return nil
        }
        return Weekday(rawValue: index + 1)
    }

    /// The month (1–12) a word names, in full or by its first three letters.
    static func month(_ word: String) -> Int? {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                     "october", "november", "december"]
        guard let index = names.firstIndex(where: { $0 == word || (word.count == 3 && $0.hasPrefix(word)) }) else {
            return nil
        }
        return index + 1
    }
}
