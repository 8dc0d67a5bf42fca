import Foundation

/// The rules of a `VTIMEZONE` a calendar defines (RFC 5545 §3.6.5), for a `TZID` the system does
/// not know: Outlook's `W. Europe Standard Time`, a zone a program named itself. Its offset from
/// UTC at an instant comes from its observances' onsets: each one's `DTSTART`, the yearly onsets
/// of an `RRULE` by month and weekday (`FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU`, with or without
/// `UNTIL`) and its `RDATE`s. A zone of any other rule reads as none (nil): its times are read in
/// the import's zone, as they were before (a time read in UTC was written back an hour off, and
/// without its zone: found by an independent tester).
struct ICalendarZoneRules {
    private struct Observance {
        /// Its first onset, local time (seconds since 1970 on the wall clock, in `offsetFrom`).
        var start: Int64
        var offsetFrom: Int
        var offsetTo: Int
        /// The yearly rule: its month, the weekday (1 Sunday … 7 Saturday) and which of the month's
        /// (1 the first, -1 the last), and its last onset (UTC), if any.
        var rule: (month: Int, ordinal: Int, weekday: Int, until: Int64?)?
        /// Its other onsets (`RDATE`), local time.
        var dates: [Int64] = []
    }

    private var observances: [Observance] = []
    /// The lines read, one text: what `systemZone(named:near:)` remembers its answer by.
    let source: String
    /// The zone the system knows it says it is (`X-LIC-LOCATION`, written by libical's programs).
    private(set) var location: String?
    private static let weekdays = ["SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7]
    private static let utc = TimeZone(identifier: "UTC")!

    /// The rules of each of `zones` (`VTIMEZONE`s' lines, by `TZID`) whose `TZID` the system does not
    /// know and whose rules read: read once for a file, or for a task's kept zones.
    static func unknownToTheSystem(in zones: [String: [String]]) -> [String: ICalendarZoneRules] {
        guard !zones.isEmpty else { return [:] }
        return zones.filter { TimeZone(identifier: $0.key) == nil }.compactMapValues(ICalendarZoneRules.init)
    }

    /// The rules of a `VTIMEZONE`'s lines (its BEGIN and END included); nil when one is missing a
    /// value this reads or has a rule of another form.
    init?(_ lines: [String]) {
        source = lines.joined(separator: "\n")
        var current: [String: String]?
        var dates: [String] = []
        for line in lines {
            guard let property = ContentLine(line, number: 0) else { return nil }
            let value = property.value.uppercased()
            switch property.name {
            case "BEGIN" where value == "STANDARD" || value == "DAYLIGHT":
                current = [:]
                dates = []
            case "END" where value == "STANDARD" || value == "DAYLIGHT":
                guard let found = current, let observance = Self.observance(found, dates: dates) else { return nil }
                observances.append(observance)
                current = nil
            case "RDATE" where current != nil:
                dates += value.split(separator: ",").map(String.init)
            case "X-LIC-LOCATION" where current == nil:
                location = property.value
            default:
                if current != nil, current?[property.name] == nil { current?[property.name] = value }
            }
        }
        guard !observances.isEmpty else { return nil }
    }

    private static func observance(_ properties: [String: String], dates: [String]) -> Observance? {
        guard let start = properties["DTSTART"].flatMap(local), let from = properties["TZOFFSETFROM"].flatMap(offset),
              let to = properties["TZOFFSETTO"].flatMap(offset) else { return nil }
        var observance = Observance(start: start, offsetFrom: from, offsetTo: to)
        for date in dates {
            guard let onset = local(date) else { return nil }
            observance.dates.append(onset)
        }
        guard let rule = properties["RRULE"] else { return observance }
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            parts[String(pair[0])] = String(pair[1])
        }
        guard parts["FREQ"] == "YEARLY", Set(parts.keys).isSubset(of: ["FREQ", "BYMONTH", "BYDAY", "UNTIL", "INTERVAL"]),
              parts["INTERVAL"].map({ $0 == "1" }) ?? true,
              let month = parts["BYMONTH"].flatMap({ Int($0) }), (1...12).contains(month),
              let day = parts["BYDAY"], day.count >= 2, let weekday = weekdays[String(day.suffix(2))] else { return nil }
        let ordinal = day.count == 2 ? 1 : Int(day.dropLast(2))
        guard let ordinal, ordinal != 0, (-5...5).contains(ordinal) else { return nil }
        var until: Int64?
        if let text = parts["UNTIL"] {
            guard let time = Timestamps.parseBasic(text[...], timeZone: utc) else { return nil }
            until = Int64(time.timeIntervalSince1970)
        }
        observance.rule = (month, ordinal, weekday, until)
        return observance
    }

    /// A local date-time (`19701025T030000`) as seconds on the wall clock since 1970.
    private static func local(_ text: String) -> Int64? {
        guard text.utf8.count == 15, let time = Timestamps.parseBasic(text[...], timeZone: utc) else { return nil }
        return Int64(time.timeIntervalSince1970)
    }

    /// An offset (`+0100`, `-0530`, `+013045`) in seconds.
    private static func offset(_ text: String) -> Int? {
        let digits = text.dropFirst()
        guard let sign = text.first, sign == "+" || sign == "-", digits.count == 4 || digits.count == 6,
              digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
        let hours = digits.count == 4 ? number / 100 : number / 10000
        let minutes = digits.count == 4 ? number % 100 : number / 100 % 100
        let seconds = (hours * 60 + minutes) * 60 + (digits.count == 6 ? number % 100 : 0)
        return sign == "-" ? -seconds : seconds
    }

    /// The offset from UTC, in seconds, at `instant`: the one the latest onset before it set.
    func offset(at instant: Date) -> Int {
        let now = Int64(instant.timeIntervalSince1970.rounded(.down))
        let year = Calendar.gregorianUTC.component(.year, from: instant)
        var latest: (onset: Int64, offset: Int)?
        var earliest: (onset: Int64, offset: Int)?
        for observance in observances {
            var onsets = ([observance.start] + observance.dates).map { $0 - Int64(observance.offsetFrom) }
            if let rule = observance.rule {
                let firstYear = Calendar.gregorianUTC.component(.year, from: Date(timeIntervalSince1970: TimeInterval(observance.start)))
                // A rule that ended (UNTIL) before this year: its last onsets (years later, the
                // year's alone missed São Paulo's last, in 2019, and said its summer time all along).
                let lastYear = rule.until.map { min(year, Calendar.gregorianUTC.component(.year, from: Date(timeIntervalSince1970: TimeInterval($0)))) } ?? year
                for candidate in max(firstYear, lastYear - 1)...max(firstYear, lastYear) {
                    guard let local = Self.onset(in: candidate, rule, at: observance.start), local >= observance.start else { continue }
                    let onset = local - Int64(observance.offsetFrom)
                    if rule.until.map({ onset <= $0 }) ?? true { onsets.append(onset) }
                }
            }
            for onset in onsets {
                if earliest.map({ onset < $0.onset }) ?? true { earliest = (onset, observance.offsetFrom) }
                if onset <= now, latest.map({ onset > $0.onset }) ?? true { latest = (onset, observance.offsetTo) }
            }
        }
        return latest?.offset ?? earliest?.offset ?? 0
    }

    /// The instant of a local time (seconds on the wall clock since 1970) in this zone: of one shown
    /// twice the first, of one skipped the time in the offset before (`Timestamps.instant(ofWallClock:)`).
    func instant(ofLocal local: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(Timestamps.instant(ofWallClock: local) { offset(at: Date(timeIntervalSince1970: TimeInterval($0))) }))
    }

    /// The local onset in `year` of a yearly rule whose first onset is `start` (its time of day).
    private static func onset(in year: Int, _ rule: (month: Int, ordinal: Int, weekday: Int, until: Int64?), at start: Int64) -> Int64? {
        let calendar = Calendar.gregorianUTC
        guard let first = calendar.date(from: DateComponents(year: year, month: rule.month, day: 1)),
              let length = calendar.range(of: .day, in: .month, for: first)?.count else { return nil }
        let firstWeekday = calendar.component(.weekday, from: first)
        var day: Int
        if rule.ordinal > 0 {
            day = 1 + (rule.weekday - firstWeekday + 7) % 7 + (rule.ordinal - 1) * 7
        } else {
            let lastWeekday = (firstWeekday - 1 + length - 1) % 7 + 1
            day = length - (lastWeekday - rule.weekday + 7) % 7 + (rule.ordinal + 1) * 7
        }
        guard (1...length).contains(day) else { return nil }
        let timeOfDay = (start % 86_400 + 86_400) % 86_400
        return Int64(first.timeIntervalSince1970) + Int64(day - 1) * 86_400 + timeOfDay
    }
}

extension Calendar {
    static let gregorianUTC: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
