import Foundation

/// When a task is due: all day on a calendar day (overdue from the next day, wherever the user is),
/// or at an instant (overdue after it). Words such as `tomorrow` or `fri` are resolved when typed:
/// what is kept is one of these, so a change of time zone or of summer time neither moves an
/// all-day date nor changes the instant of a timed one.
public enum Due: Sendable, Hashable {
    case day(CalendarDay)
    case instant(Date)

    /// The calendar day it falls on where the clock shows `timeZone`'s time.
    public func day(in timeZone: TimeZone) -> CalendarDay {
        switch self {
        case let .day(day): day
        case let .instant(instant): CalendarDay(instant, in: timeZone)
        }
    }

    /// Whether it has passed at `now` in `timeZone`: an all-day date once its day is over, a timed
    /// one once its instant is.
    public func isOverdue(at now: Date, in timeZone: TimeZone) -> Bool {
        isOverdue(at: now, today: CalendarDay(now, in: timeZone))
    }

    /// `isOverdue(at:in:)` with the day it is at `now` read already: for the thousands of rows of a list.
    public func isOverdue(at now: Date, today: CalendarDay) -> Bool {
        switch self {
        case let .day(day): today > day
        case let .instant(instant): now > instant
        }
    }
}

extension Due {
    /// The two columns a backend keeps a due date in: the day of an all-day one (days since 1970),
    /// and the instant of a timed one (seconds since 1970); both nil when there is none.
    public var stored: (day: Int64?, instant: Double?) {
        switch self {
        case let .day(day): (Int64(day.daysSince1970), nil)
        case let .instant(instant): (nil, instant.timeIntervalSince1970)
        }
    }

    /// The due date kept in those two columns; nil when neither holds one.
    public init?(storedDay day: Int64?, instant: Double?) {
        if let day {
            self = .day(CalendarDay(daysSince1970: Int(day)))
        } else if let instant {
            self = .instant(Date(timeIntervalSince1970: instant))
        } else {
            return nil
        }
    }
}
