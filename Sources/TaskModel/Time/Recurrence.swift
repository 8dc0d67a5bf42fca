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
    /// The zone (an identifier the system knows) a timed series counts its days and times of day
    /// in, when it is not the machine's: a phone's series due at 09:00 in New York stays at 09:00
    /// there from a machine in Berlin, where the two zones change clocks on different days. Nil:
    /// the machine's zone.
    public var zone: String?
    /// The time of day, in minutes from midnight, of a timed series whose due cannot say it: one
    /// due at 02:30 on the night clocks skip it is due at 03:30, and comes back at 02:30 the day
    /// after. Only read while the due is that time on its day (`timeOfDay(of:in:)`): a due
    /// changed since says its own.
    public var minuteOfDay: Int?

    /// The counts of units (days, weeks, months, years) a period read from another program's file
    /// or calendar may have: a series of more is not one tasks follows. Counting with
    /// `INTERVAL=9223372036854775807` overflowed, and checking it off ended the program (found by
    /// an independent tester). Typed, a period counts 1,000 at most.
    public static let periodCounts = 1...10_000

    /// Whether the period counts `periodCounts.upperBound` units at most (years counted as months).
    public var isWithinReach: Bool {
        switch rule {
        case let .days(count), let .weeks(count): count <= Self.periodCounts.upperBound
        case let .months(count, _): count <= 12 * Self.periodCounts.upperBound
        case .weekdays: true
        }
    }

    public init(_ rule: Rule, fromCompletion: Bool = false, zone: String? = nil, minuteOfDay: Int? = nil) {
        self.rule = rule
        self.fromCompletion = fromCompletion
        self.zone = zone
        self.minuteOfDay = minuteOfDay
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

    /// The due date that follows `due` (checked off at `completed`), counted in the series' zone
    /// (`zone`, else `timeZone`): a timed one keeps its time of day on its new day. A recurring task
    /// without a due date counts from the day it was checked off.
    public func next(after due: Due?, completed: Date, in timeZone: TimeZone) -> Due {
        following(due, completed: completed, in: timeZone).due
    }

    /// The due date and the recurrence of the task that follows one due `due`, checked off at
    /// `completed` (`next(after:completed:in:)`): the recurrence keeps the time of day the new due
    /// cannot say (`minuteOfDay`), and only then.
    public func following(_ due: Due?, completed: Date, in timeZone: TimeZone) -> (due: Due, recurrence: Recurrence) {
        let zone = countingZone(timeZone)
        var recurrence = self
        recurrence.minuteOfDay = nil
        guard let due else {
            let day = CalendarDay(completed, in: timeZone)
            return (.day(Recurrence(rule, fromCompletion: true).anchored(on: day).next(after: day, completed: day)), recurrence)
        }
        let day = next(after: due.day(in: zone), completed: CalendarDay(completed, in: zone))
        guard case let .instant(instant) = due else { return (.day(day), recurrence) }
        let (hour, minute) = timeOfDay(of: instant, in: timeZone)
        let next = day.instant(hour: hour, minute: minute, in: zone)
        if CalendarDay.time(of: next, in: zone) != (hour, minute) { recurrence.minuteOfDay = hour * 60 + minute }
        return (.instant(next), recurrence)
    }

    /// The time of day of a series due at `instant`, in its zone (`zone`, else `timeZone`): the one
    /// kept (`minuteOfDay`) while `instant` is that time on its day, else the clock's.
    public func timeOfDay(of instant: Date, in timeZone: TimeZone) -> (hour: Int, minute: Int) {
        let zone = countingZone(timeZone)
        if let minuteOfDay, CalendarDay(instant, in: zone).instant(hour: minuteOfDay / 60, minute: minuteOfDay % 60, in: zone) == instant {
            return (minuteOfDay / 60, minuteOfDay % 60)
        }
        return CalendarDay.time(of: instant, in: zone)
    }

    /// The zone the series counts in: `zone` when the system knows it, else `timeZone`.
    public func countingZone(_ timeZone: TimeZone) -> TimeZone {
        zone.flatMap(TimeZone.init(identifier:)) ?? timeZone
    }

    /// This rule with the day of the month of its months fixed to `day`'s when it was not yet.
    public func anchored(on day: CalendarDay) -> Recurrence {
        guard case let .months(count, nil) = rule else { return self }
        var anchored = self
        anchored.rule = .months(count, dayOfMonth: day.date.day)
        return anchored
    }

    /// This rule as kept for a task due on `day`: without the day of the month when it is that
    /// day's, so that one rule has one form (what every store and file keeps).
    public func kept(forDueOn day: CalendarDay?) -> Recurrence {
        guard let day, case let .months(count, dayOfMonth?) = rule, dayOfMonth == day.date.day else { return self }
        var kept = self
        kept.rule = .months(count, dayOfMonth: nil)
        return kept
    }
}
