import Foundation
import TaskModel

/// How a due date reads in a row, at a glance, from where the person is: `today`, `tomorrow`,
/// `yesterday`, a weekday within the coming week (`fri`), else the day and month (`27 nov`), with
/// the year when it is not this one (`27 nov 2027`); a timed one adds its time (`today 17:00`).
struct DueText {
    let now: Date
    let timeZone: TimeZone
    /// The day it is at `now`: read once, for the thousands of rows of a list.
    let today: CalendarDay

    init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
        today = CalendarDay(now, in: timeZone)
    }

    /// Whether `due` has passed: an all-day date once its day is over, a timed one once its instant is.
    func isOverdue(_ due: Due) -> Bool {
        due.isOverdue(at: now, today: today)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    func words(_ due: Due) -> String {
        let day = due.day(in: timeZone)
        guard case let .instant(instant) = due else { return words(day) }
        let (hour, minute) = CalendarDay.time(of: instant, in: timeZone)
        return words(day) + " " + Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
    }

    private func words(_ day: CalendarDay) -> String {
        switch day.daysSince1970 - today.daysSince1970 {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...6: return Self.weekdays[day.weekday.rawValue - 1]
        default:
            let (year, month, dayOfMonth) = day.date
            let dayAndMonth = "\(dayOfMonth) \(Self.months[month - 1])"
            return year == today.date.year ? dayAndMonth : "\(dayAndMonth) \(year)"
        }
    }

    /// `7` as `07`: without `String(format:)`, which costs more than the rest of a row.
    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}

extension DueText {
    /// How a due date is typed so that it reads back the same wherever the user is then:
    /// `2026-12-01`, or `2026-12-01 17:00` in `timeZone`'s time.
    static func typed(_ due: Due, in timeZone: TimeZone) -> String {
        let (year, month, day) = due.day(in: timeZone).date
        let date = String(format: "%04d-%02d-%02d", year, month, day)
        guard case let .instant(instant) = due else { return date }
        let (hour, minute) = CalendarDay.time(of: instant, in: timeZone)
        return date + String(format: " %02d:%02d", hour, minute)
    }
}
