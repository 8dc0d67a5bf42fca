import Foundation

/// How a task comes back once checked off: the rule, and whether it counts from the due date (the
/// next one after today: no pile of missed ones) or from the day the task was checked off.
public struct Recurrence: Sendable, Hashable {
    /// When the next one falls.
    public enum Rule: Sendable, Hashable {
        /// Every `n` days.
        case days(Int)
        /// Every `n` weeks.
        case weeks(Int)
        /// Every `n` months, on the day of the month the rule was anchored on, or the month's last
        /// day when it is shorter (31 Jan, 28 Feb, 31 Mar). Nil until the first one is checked off:
        /// then the day of its due date (`anchored(on:)`), which the ones after it keep.
        case months(Int, dayOfMonth: Int?)
        /// On each of these days of the week.
        case weekdays(Set<Weekday>)
    }

    public var rule: Rule
    /// Counted from the day the task is checked off rather than from its due date.
    public var fromCompletion: Bool

    public init(_ rule: Rule, fromCompletion: Bool = false) {
        self.rule = rule
        self.fromCompletion = fromCompletion
    }

    /// The due date of the task that follows one due `due` and checked off on `completed`: counted
    /// from `completed`, one period after it; anchored, the first date of the rule after both the
    /// due date and the day it was checked off.
    public func next(after due: CalendarDay, completed: CalendarDay) -> CalendarDay {
        if fromCompletion { // months from the day checked off, not from the due date's day of the month
            guard case let .months(count, _?) = rule else { return step(completed, times: 1) }
            return Recurrence(.months(count, dayOfMonth: nil), fromCompletion: true).step(completed, times: 1)
        }
        let bound = max(due, completed)
        let period: Int? = switch rule {
        case let .days(count): max(count, 1)
        case let .weeks(count): 7 * max(count, 1)
        case .months, .weekdays: nil
        }
        if let period { // whole periods past the bound, at once however overdue the task is
            return due.adding(days: ((bound.daysSince1970 - due.daysSince1970) / period + 1) * period)
        }
        if case .weekdays = rule { return step(bound, times: 1) }
        // Months counted from the due date each time, so that the day of the month is kept.
        var times = 1
        while step(due, times: times) <= bound { times += 1 }
        return step(due, times: times)
    }

    /// The date `times` periods after `day` (for weekdays: the `times`-th such day after it).
    private func step(_ day: CalendarDay, times: Int) -> CalendarDay {
        switch rule {
        case let .days(count): return day.adding(days: max(count, 1) * times)
        case let .weeks(count): return day.adding(days: 7 * max(count, 1) * times)
        case let .months(count, dayOfMonth): return day.adding(months: max(count, 1) * times, dayOfMonth: dayOfMonth)
        case let .weekdays(days):
            guard !days.isEmpty else { return day.adding(days: times) }
            var next = day
            for _ in 0..<times {
                repeat { next = next.adding(days: 1) } while !days.contains(next.weekday)
            }
            return next
        }
    }

    /// The due date that follows `due` (checked off at `completed`), in `timeZone`: a timed one keeps
    /// its time of day on its new day. A recurring task without a due date counts from the day
    /// it was checked off.
    public func next(after due: Due?, completed: Date, in timeZone: TimeZone) -> Due {
        guard let due else {
            let day = CalendarDay(completed, in: timeZone)
            return .day(Recurrence(rule, fromCompletion: true).anchored(on: day).next(after: day, completed: day))
        }
        let day = next(after: due.day(in: timeZone), completed: CalendarDay(completed, in: timeZone))
        guard case let .instant(instant) = due else { return .day(day) }
        let (hour, minute) = CalendarDay.time(of: instant, in: timeZone)
        return .instant(day.instant(hour: hour, minute: minute, in: timeZone))
    }

    /// This rule with the day of the month of its months fixed to `day`'s when it was not yet.
    public func anchored(on day: CalendarDay) -> Recurrence {
        guard case let .months(count, nil) = rule else { return self }
        return Recurrence(.months(count, dayOfMonth: day.date.day), fromCompletion: fromCompletion)
    }

    /// This rule as kept for a task due on `day`: without the day of the month when it is that
    /// day's, so that one rule has one form (what every store and file keeps).
    public func kept(forDueOn day: CalendarDay?) -> Recurrence {
        guard let day, case let .months(count, dayOfMonth?) = rule, dayOfMonth == day.date.day else { return self }
        return Recurrence(.months(count, dayOfMonth: nil), fromCompletion: fromCompletion)
    }
}
