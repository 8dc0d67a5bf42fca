import TaskModel

/// Reads how a task recurs, as typed after `every:` or `every N…`: `day`, `weekday` (Monday to
/// Friday), `week`, `month`, `year`, a count and a unit (`3d`, `2w`, `6m`, `1y`), or days of the week
/// (`mon,thu`), each anchored to the due date; with `-after` (`3d-after`), counted from the day
/// the task is checked off instead. Months and years keep the day of the month of `anchor`.
enum RecurrenceWords {
    /// Why a word is not a recurrence, naming it.
    enum Failure: Error, Equatable {
        case unknown(String)
    }

    static func read(_ word: Substring, anchor: CalendarDay) throws(Failure) -> Recurrence {
        var text = word.lowercased()
        let fromCompletion = text.hasSuffix("-after")
        if fromCompletion { text.removeLast("-after".count) }
        guard let rule = rule(text, dayOfMonth: anchor.date.day) else { throw .unknown(String(word)) }
        if fromCompletion, case .weekdays = rule { throw .unknown(String(word)) } // "every Monday after" means nothing
        return Recurrence(rule, fromCompletion: fromCompletion)
    }

    private static func rule(_ text: String, dayOfMonth: Int) -> Recurrence.Rule? {
        switch text {
        case "day", "daily": return .days(1)
        case "weekday", "weekdays": return .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])
        case "week", "weekly": return .weeks(1)
        case "month", "monthly": return .months(1, dayOfMonth: dayOfMonth)
        case "year", "yearly": return .months(12, dayOfMonth: dayOfMonth)
        default: break
        }
        if let unit = text.last, let count = Int(text.dropLast()), text.first?.isNumber == true, (1...1_000).contains(count) {
            switch unit {
            case "d": return .days(count)
            case "w": return .weeks(count)
            case "m": return .months(count, dayOfMonth: dayOfMonth)
            case "y": return .months(12 * count, dayOfMonth: dayOfMonth)
            default: return nil
            }
        }
        let days = text.split(separator: ",", omittingEmptySubsequences: false).map { DueWords.weekday(String($0)) }
        guard !days.isEmpty, !days.contains(nil) else { return nil }
        return .weekdays(Set(days.compactMap { $0 }))
    }
}
