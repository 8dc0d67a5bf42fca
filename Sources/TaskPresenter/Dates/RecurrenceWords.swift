import TaskModel

/// Reads how a task recurs, as typed after `every:` or `every N…`: `day`, `weekday` (Monday to
/// Friday), `week`, `month`, `year`, a count and a unit (`3d`, `2w`, `6m`, `1y`), or days of the week
/// (`mon,thu`), each anchored to the due date; with `-after` (`3d-after`), counted from the day
/// the task is checked off instead. Months and years keep the day of the month of the due date
/// (fixed when the first one is checked off: `Recurrence.anchored(on:)`).
enum RecurrenceWords {
    /// Why a word is not a recurrence, naming it.
    enum Failure: Error, Equatable {
        case unknown(String)
    }

    static func read(_ word: Substring) throws(Failure) -> Recurrence {
        var text = word.lowercased()
        let fromCompletion = text.hasSuffix("-after")
        if fromCompletion { text.removeLast("-after".count) }
        guard let rule = rule(text) else { throw .unknown(String(word)) }
        if fromCompletion, case .weekdays = rule { throw .unknown(String(word)) } // "every Monday after" means nothing
        return Recurrence(rule, fromCompletion: fromCompletion)
    }

    private static func rule(_ text: String) -> Recurrence.Rule? {
        switch text {
        case "day", "daily": return .days(1)
        case "weekday", "weekdays": return .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])
        case "week", "weekly": return .weeks(1)
        case "month", "monthly": return .months(1, dayOfMonth: nil)
        case "year", "yearly": return .months(12, dayOfMonth: nil)
        default: break
        }
        if let unit = text.last, let count = Int(text.dropLast()), text.first?.isNumber == true, (1...1_000).contains(count) {
            switch unit {
            case "d": return .days(count)
            case "w": return .weeks(count)
            case "m": return .months(count, dayOfMonth: nil)
            case "y": return .months(12 * count, dayOfMonth: nil)
            default: return nil
            }
        }
        let days = text.split(separator: ",", omittingEmptySubsequences: false).map { DueWords.weekday(String($0)) }
        guard !days.isEmpty, !days.contains(nil) else { return nil }
        return .weekdays(Set(days.compactMap { $0 }))
    }
}

extension RecurrenceWords {
    private static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// The words `read` reads as `recurrence` (its day of the month aside): `week`, `2w`, `mon,thu`,
    /// `3d-after`.
    static func typed(_ recurrence: Recurrence) -> String {
        let rule = switch recurrence.rule {
        case .days(1): "day"
        case let .days(count): "\(count)d"
        case .weeks(1): "week"
        case let .weeks(count): "\(count)w"
        case .months(1, _): "month"
        case .months(12, _): "year"
        case let .months(count, _) where count % 12 == 0: "\(count / 12)y"
        case let .months(count, _): "\(count)m"
        case let .weekdays(days) where days == [.monday, .tuesday, .wednesday, .thursday, .friday]: "weekday"
        case let .weekdays(days): days.map(\.rawValue).sorted().map { dayNames[$0 - 1] }.joined(separator: ",")
        }
        return recurrence.fromCompletion ? rule + "-after" : rule
    }
}
