import Foundation
import TaskModel
import TaskPresenter

/// The days of the reference model: whole numbers of days since 1970-01-01, worked out with
/// Foundation's `Calendar` rather than the presenter's own date code, at one fixed moment —
/// Wednesday 25 November 2026, 12:00 in Berlin — which the presenter's `Clock` reads too, so that
/// `today` and `fri` mean the same on every run.
enum ReferenceCalendar {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// The calendar that names days: in UTC, where every day is 86,400 seconds long.
    private static let days: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return calendar
    }()

    /// The calendar of the clock on the wall in Berlin.
    private static let wall: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar
    }()

    /// Today, and the minute of the day it is now.
    static let today = day(year: 2026, month: 11, day: 25) ?? 0
    static let nowMinute = 12 * 60
    static let now = wall.date(from: DateComponents(year: 2026, month: 11, day: 25, hour: 12)) ?? Date()

    /// The presenter's clock, stopped at `now`.
    static let clock = Clock(now: { now }, timeZone: { berlin })

    /// The day `year-month-day`, nil when the calendar has no such day (`2026-02-30`).
    static func day(year: Int, month: Int, day: Int) -> Int? {
        guard let date = days.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        let found = days.dateComponents([.year, .month, .day], from: date)
        guard (found.year, found.month, found.day) == (year, month, day) else { return nil }
        return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The year, month and day of the month of `day`.
    static func date(of day: Int) -> (year: Int, month: Int, day: Int) {
        let found = days.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
        return (found.year ?? 0, found.month ?? 0, found.day ?? 0)
    }

    /// The day of the week of `day`, 1 for Monday to 7 for Sunday.
    static func weekday(of day: Int) -> Int {
        let sundayFirst = days.component(.weekday, from: Date(timeIntervalSince1970: Double(day) * 86_400))
        return (sundayFirst + 5) % 7 + 1
    }

    /// A due date the store keeps, as the reference model writes it: an instant as the day and minute
    /// Berlin's clock shows at it.
    static func due(_ due: Due) -> ReferenceDue {
        switch due {
        case let .day(day):
            return ReferenceDue(day: day.daysSince1970)
        case let .instant(instant):
            let shown = wall.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
            return ReferenceDue(day: day(year: shown.year ?? 0, month: shown.month ?? 0, day: shown.day ?? 0) ?? 0,
                                minute: (shown.hour ?? 0) * 60 + (shown.minute ?? 0))
        }
    }

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// How a row says when `due` is: `today`, `tomorrow`, `yesterday`, the weekday within the week
    /// ahead, else `27 nov` (with the year when it is not this one); then the time of a timed one.
    static func words(_ due: ReferenceDue) -> String {
        let (year, month, dayOfMonth) = date(of: due.day)
        let day = switch due.day - today {
        case 0: "today"
        case 1: "tomorrow"
        case -1: "yesterday"
        case 2...6: weekdayNames[weekday(of: due.day) - 1]
        default: "\(dayOfMonth) \(monthNames[month - 1])" + (year == date(of: today).year ? "" : " \(year)")
        }
        guard let minute = due.minute else { return day }
        return day + " " + String(format: "%02d:%02d", minute / 60, minute % 60)
    }
}

/// A due date of the reference model: a day, and the minute of that day on Berlin's clock for a
/// timed one.
struct ReferenceDue: Hashable, Comparable, CustomStringConvertible {
    var day: Int
    var minute: Int?

    /// Whether it has passed now: an all-day one once its day is over, a timed one after its minute.
    var isOverdue: Bool {
        guard let minute else { return day < ReferenceCalendar.today }
        return (day, minute) < (ReferenceCalendar.today, ReferenceCalendar.nowMinute)
    }

    /// By day, an all-day one before the timed ones of its day.
    static func < (lhs: ReferenceDue, rhs: ReferenceDue) -> Bool {
        (lhs.day, lhs.minute ?? -1) < (rhs.day, rhs.minute ?? -1)
    }

    var description: String {
        let (year, month, day) = ReferenceCalendar.date(of: day)
        return "\(year)-\(month)-\(day)" + (minute.map { " \($0 / 60):\($0 % 60)" } ?? "")
    }
}
