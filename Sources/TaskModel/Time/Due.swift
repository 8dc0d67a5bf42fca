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
        switch self {
        case let .day(day): CalendarDay(now, in: timeZone) > day
        case let .instant(instant): now > instant
        }
    }
}
