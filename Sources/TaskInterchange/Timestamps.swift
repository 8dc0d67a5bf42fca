import Foundation
import TaskModel

/// Times as the formats write them, computed by hand (civil calendar arithmetic): a formatter
/// costs microseconds a call, and an export of 100,000 tasks makes 200,000 of them.
enum Timestamps {
    /// `20261122T195608Z`: UTC to the second (Taskwarrior, iCalendar).
    static func basicUTC(_ date: Date) -> String {
        basicWallClock(wholeSeconds(date)) + "Z"
    }

    /// `20261122T205608`: the local time in `timeZone` to the second (iCalendar's `TZID=` form).
    static func basicLocal(_ date: Date, in timeZone: TimeZone) -> String {
        basicWallClock(wholeSeconds(date) + Int64(timeZone.secondsFromGMT(for: date)))
    }

    /// `20261122T195608`: the wall-clock time `seconds` after 1970's first midnight.
    static func basicWallClock(_ seconds: Int64) -> String {
        let (days, seconds) = split(seconds)
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + pad(month, 2) + pad(day, 2) + "T" + pad(seconds / 3600, 2) + pad(seconds / 60 % 60, 2)
            + pad(seconds % 60, 2)
    }

    /// `2026-11-22T19:56:08Z`: UTC to the second, as Markdown's notes write it.
    static func extendedUTC(_ date: Date) -> String {
        let (days, seconds) = split(wholeSeconds(date))
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(seconds / 3600, 2) + ":"
            + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2) + "Z"
    }

    /// `2026-11-22`: the day in `timeZone` (todo.txt).
    static func localDay(_ date: Date, in timeZone: TimeZone) -> String {
        let local = wholeSeconds(date) + Int64(timeZone.secondsFromGMT(for: date))
        let (year, month, day) = civil(fromDays: split(local).days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// Reads `yyyymmddThhmmssZ` (UTC), `yyyymmddThhmmss` (local, in `timeZone`) or `yyyymmdd`
    /// (midnight, local); nil when it is none of them.
    static func parseBasic(_ text: Substring, timeZone: TimeZone) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 8, let year = number(bytes[0..<4]), let month = number(bytes[4..<6]),
              let day = number(bytes[6..<8]), let days = days(year, month, day) else { return nil }
        if bytes.count == 8 { return local(days: days, seconds: 0, in: timeZone) }
        guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")), bytes[8] == UInt8(ascii: "T"),
              let hour = number(bytes[9..<11]), let minute = number(bytes[11..<13]), let second = number(bytes[13..<15]),
              hour < 24, minute < 60, second < 61 else { return nil }
        let seconds = hour * 3600 + minute * 60 + second
        if bytes.count == 16 { return Date(timeIntervalSince1970: Double(days * 86_400 + seconds)) }
        return local(days: days, seconds: seconds, in: timeZone)
    }

    /// Reads `yyyy-mm-ddThh:mm:ssZ`; nil when it is not that.
    static func parseExtendedUTC(_ text: Substring) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: "Z"),
              let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
              let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
              let days = days(year, month, day), hour < 24, minute < 60, second < 61 else { return nil }
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Reads `yyyy-mm-dd` as local midnight in `timeZone`; nil when it is not a date.
    static func parseLocalDay(_ bytes: ArraySlice<UInt8>, timeZone: TimeZone) -> Date? {
        guard bytes.count == 10 else { return nil }
        let start = bytes.startIndex
        guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
              let year = number(bytes[start..<start + 4]), let month = number(bytes[start + 5..<start + 7]),
              let day = number(bytes[start + 8..<start + 10]), let days = days(year, month, day) else { return nil }
        return local(days: days, seconds: 0, in: timeZone)
    }

    /// Reads `yyyy-mm-dd` as a calendar day; nil when it is not a date.
    static func parseDay(_ text: Substring) -> CalendarDay? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
              let days = days(year, month, day) else { return nil }
        return CalendarDay(daysSince1970: Int(days))
    }

    /// Reads `yyyymmdd` as a calendar day; nil when it is not a date.
    static func parseBasicDay(_ text: Substring) -> CalendarDay? {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, let year = number(bytes[0..<4]), let month = number(bytes[4..<6]),
              let day = number(bytes[6..<8]), let days = days(year, month, day) else { return nil }
        return CalendarDay(daysSince1970: Int(days))
    }

    /// `2026-12-01`: a calendar day as ISO 8601 writes it.
    static func dayText(_ day: CalendarDay) -> String {
        let (year, month, dayOfMonth) = day.date
        return pad(Int64(year), 4) + "-" + pad(Int64(month), 2) + "-" + pad(Int64(dayOfMonth), 2)
    }

    /// `20261201`: a calendar day as iCalendar's DATE writes it.
    static func basicDay(_ day: CalendarDay) -> String {
        let (year, month, dayOfMonth) = day.date
        return pad(Int64(year), 4) + pad(Int64(month), 2) + pad(Int64(dayOfMonth), 2)
    }

    /// Whether two times read the same at `precision`.
    static func same(_ first: Date, _ second: Date, at precision: TimePrecision, in timeZone: TimeZone) -> Bool {
        switch precision {
        case .second: wholeSeconds(first) == wholeSeconds(second)
        case .day: localDay(first, in: timeZone) == localDay(second, in: timeZone)
        }
    }

    // MARK: Arithmetic

    /// The time in whole seconds since 1970, rounded down.
    static func wholeSeconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    private static func split(_ seconds: Int64) -> (days: Int64, seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (days, seconds - days * 86_400)
    }

    private static func local(days: Int64, seconds: Int64, in timeZone: TimeZone) -> Date {
        let instant = instant(ofWallClock: days * 86_400 + seconds) { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) }
        return Date(timeIntervalSince1970: Double(instant))
    }

    /// The instant (seconds since 1970) of a wall-clock time (seconds on it since 1970's first
    /// midnight) in a zone whose offset at an instant is `offset`, as RFC 5545 (§3.3.5) reads one:
    /// a time the clocks show twice (going back) is the first, and one they skip (going forward)
    /// is read in the offset before. (The second was read, an hour late: found by an independent tester.)
    static func instant(ofWallClock local: Int64, offset: (Int64) -> Int) -> Int64 {
        let before = offset(local - 86_400), after = offset(local + 86_400)
        if before == after { return local - Int64(before) } // no change of offset that day: most times
        // The larger offset first: its instant is the earlier.
        for candidate in [max(before, after), min(before, after)] where offset(local - Int64(candidate)) == candidate {
            return local - Int64(candidate)
        }
        return local - Int64(before)
    }

    /// Days since 1970-01-01 of `year-month-day`; nil when the calendar has no such day.
    private static func days(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64? {
        guard let year = Int(exactly: year), let month = Int(exactly: month), let day = Int(exactly: day) else { return nil }
        return CalendarDay(year: year, month: month, day: day).map { Int64($0.daysSince1970) }
    }

    /// The year, month and day of a day counted from 1970-01-01.
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let (year, month, day) = CalendarDay(daysSince1970: Int(days)).date
        return (Int64(year), Int64(month), Int64(day))
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
