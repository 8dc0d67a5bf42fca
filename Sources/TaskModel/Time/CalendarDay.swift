import Foundation

/// A day of the proleptic Gregorian calendar, with no time and no time zone: what an all-day due
/// date is. It is stored as its number of days since 1970-01-01, so a change of time zone or of
/// summer time never moves it, and adding days is adding integers.
public struct CalendarDay: Sendable, Hashable, Comparable {
    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int

    /// The last year a date is typed and written in (four digits, as ISO 8601 and every file format
    /// here write it).
    public static let lastYear = 9999

    public init(daysSince1970: Int) {
        self.daysSince1970 = daysSince1970
    }

    /// The day `year-month-day`; nil when there is none (`feb 30`, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
        self.init(daysSince1970: Self.days(year: year, month: month, day: day))
    }

    /// The day it is at `instant` where the clock shows `timeZone`'s time.
    public init(_ instant: Date, in timeZone: TimeZone) {
        self.init(daysSince1970: Int((Self.localSeconds(instant, in: timeZone) / 86_400).rounded(.down)))
    }

    /// The hour and minute `timeZone`'s clock shows at `instant`.
    public static func time(of instant: Date, in timeZone: TimeZone) -> (hour: Int, minute: Int) {
        let seconds = Int(localSeconds(instant, in: timeZone).rounded(.down))
        let minutes = (seconds % 86_400 + 86_400) % 86_400 / 60
        return (minutes / 60, minutes % 60)
    }

    /// Seconds since 1970 as `timeZone`'s clock counts them at `instant`.
    private static func localSeconds(_ instant: Date, in timeZone: TimeZone) -> Double {
        instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
    }

    public static func < (first: CalendarDay, second: CalendarDay) -> Bool {
        first.daysSince1970 < second.daysSince1970
    }

    /// Its year, month (1–12) and day of the month (1–31).
    public var date: (year: Int, month: Int, day: Int) {
        // Days to a civil date, counting 400-year eras from 0000-03-01 (so a leap day ends a year).
        let shifted = daysSince1970 + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Its day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let offset = ((daysSince1970 % 7) + 7 + 3) % 7
        return Weekday.allCases[offset]
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        CalendarDay(daysSince1970: daysSince1970 + count)
    }

    /// The day `count` months later, on day `dayOfMonth` (this day's, when nil) or the month's last
    /// day when it is shorter: 31 Jan plus one month is 28 or 29 Feb, and with `dayOfMonth` 31,
    /// 28 Feb plus one month is 31 Mar.
    public func adding(months count: Int, dayOfMonth: Int? = nil) -> CalendarDay {
        let (year, month, day) = date
        let months = year * 12 + (month - 1) + count
        let newYear = months >= 0 ? months / 12 : (months - 11) / 12
        let newMonth = months - newYear * 12 + 1
        let newDay = min(dayOfMonth ?? day, Self.days(inMonth: newMonth, of: newYear))
        return CalendarDay(daysSince1970: Self.days(year: newYear, month: newMonth, day: newDay))
    }

    /// The first instant of the day where the clock shows `timeZone`'s time (the instant its
    /// midnight is, or the first one after it when summer time skips midnight).
    public func start(in timeZone: TimeZone) -> Date {
        instant(hour: 0, minute: 0, in: timeZone)
    }

    /// The instant the clock in `timeZone` shows `hour:minute` on this day. A time that summer time
    /// skips is read as the clock would have shown it without the change (02:30 on a spring-forward
    /// night is 03:30); a time it shows twice is the first of them.
    public func instant(hour: Int, minute: Int, in timeZone: TimeZone) -> Date {
        let local = Double(daysSince1970 * 86_400 + hour * 3_600 + minute * 60)
        func offset(_ seconds: Double) -> Double { Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))) }
        // The instants the clock would show `local` at with the offset in force a day before, and a
        // day after: the same when no change lies between.
        let candidates = [local - offset(local - 86_400), local - offset(local + 86_400)]
        let shown = candidates.filter { $0 + offset($0) == local }
        return Date(timeIntervalSince1970: shown.min() ?? candidates[0])
    }

    /// Whether `year` has a 29 February.
    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// How many days `month` (1–12) of `year` has.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a civil date (its inverse is `date`).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A day of the week; weeks start on Monday.
public enum Weekday: Int, Sendable, Hashable, CaseIterable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday
}
