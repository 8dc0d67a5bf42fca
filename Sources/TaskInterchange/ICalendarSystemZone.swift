import Foundation

/// A `VTIMEZONE` made from the system's rules, for a zone it knows (`Europe/Berlin`) that times are
/// written in while the calendar they came from defined none: a phone's app wrote
/// `DUE;TZID=Europe/Berlin:…` alone, and RFC 5545 (§3.2.19) wants a `VTIMEZONE` for every `TZID`.
/// (Written in UTC instead, as before, a recurring task's time drifted an hour on the phone at the
/// next change of daylight saving time: found by an independent tester.)
///
/// Its observances are the zone's transitions from the year before the earliest time written in it
/// to ten years after the latest: those of one kind (their offsets before and after) as a yearly
/// rule by month and weekday (`RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`, with `UNTIL` when they stop)
/// when every one of them follows it, else as their dates (`RDATE`); a zone without transitions
/// there is one `STANDARD` observance, and one whose first transition comes after the earliest
/// time written starts with an observance of the offset before it. What it says is read back by
/// `ICalendarZoneRules` and checked against the system's offset on both sides of every transition,
/// halfway between each two, and at the times written: a zone that fails (nil) has its times
/// written in UTC.
enum ICalendarSystemZone {
    /// A change of the zone's offset: its instant (seconds since 1970) and the offsets around it.
    private struct Transition {
        var instant: Int64
        var from: Int
        var to: Int
        var isDaylight: Bool
        /// The wall-clock time it happens at, in the offset before it (an observance's `DTSTART`).
        var local: Int64 { instant + Int64(from) }
    }

    /// The lines of a `VTIMEZONE` named `tzid` (BEGIN and END included) with `zone`'s rules for
    /// times between `earliest` and `latest`; nil when they cannot be said so that they read right.
    static func lines(tzid: String, zone: TimeZone, from earliest: Date, through latest: Date) -> [String]? {
        let calendar = Calendar.gregorianUTC
        let firstYear = calendar.component(.year, from: earliest) - 1
        let lastYear = calendar.component(.year, from: latest) + 10
        guard let start = calendar.date(from: DateComponents(year: firstYear, month: 1, day: 1)),
              let end = calendar.date(from: DateComponents(year: lastYear + 1, month: 1, day: 1)) else { return nil }
        var transitions: [Transition] = []
        var moment = start
        while let next = zone.nextDaylightSavingTimeTransition(after: moment), next < end, transitions.count < 1_000 {
            let instant = Int64(next.timeIntervalSince1970.rounded(.down))
            let from = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant - 1)))
            let to = zone.secondsFromGMT(for: next)
            if from != to { transitions.append(Transition(instant: instant, from: from, to: to, isDaylight: zone.isDaylightSavingTime(for: next))) }
            moment = next
        }
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + tzid]
        if transitions.isEmpty {
            let offset = text(ofOffset: zone.secondsFromGMT(for: start))
            lines += ["BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:" + offset, "TZOFFSETTO:" + offset, "END:STANDARD"]
        } else if transitions[0].instant > Int64(earliest.timeIntervalSince1970.rounded(.down)) {
            // A time before the first transition: the offset then, from the window's start (before
            // an observance's first onset, clients guess: Caracas's -04:30 of 2016 read as -04:00,
            // found by an independent tester).
            let offset = zone.secondsFromGMT(for: start)
            let kind = zone.isDaylightSavingTime(for: start) ? "DAYLIGHT" : "STANDARD"
            lines += ["BEGIN:" + kind, "DTSTART:" + Timestamps.basicWallClock(Int64(start.timeIntervalSince1970)), // 1 January, 00:00
                      "TZOFFSETFROM:" + text(ofOffset: offset), "TZOFFSETTO:" + text(ofOffset: offset), "END:" + kind]
        }
        var kinds: [[Transition]] = []
        for transition in transitions {
            if let kind = kinds.firstIndex(where: { $0[0].from == transition.from && $0[0].to == transition.to && $0[0].isDaylight == transition.isDaylight }) {
                kinds[kind].append(transition)
            } else {
                kinds.append([transition])
            }
        }
        for onsets in kinds { lines += observance(onsets, lastYear: lastYear) }
        lines.append("END:VTIMEZONE")

        guard let rules = ICalendarZoneRules(lines) else { return nil }
        // Both sides of every transition, halfway between each two (a rule would say an onset
        // there that is none), the window's ends and the times written.
        let edges: [Int64] = [Int64(start.timeIntervalSince1970)] + transitions.map(\.instant) + [Int64(end.timeIntervalSince1970) - 1]
        var checked: [Int64] = edges + transitions.map { $0.instant - 1 }
        for index in edges.indices.dropLast() { checked.append((edges[index] + edges[index + 1]) / 2) }
        for time in [earliest, latest] { checked.append(Int64(time.timeIntervalSince1970.rounded(.down))) }
        for instant in checked {
            let date = Date(timeIntervalSince1970: Double(instant))
            guard rules.offset(at: date) == zone.secondsFromGMT(for: date) else { return nil }
        }
        return lines
    }

    /// The observance of one kind of transition: `DAYLIGHT` when it starts daylight saving time.
    private static func observance(_ onsets: [Transition], lastYear: Int) -> [String] {
        let first = onsets[0]
        let name = first.isDaylight ? "DAYLIGHT" : "STANDARD"
        var lines = ["BEGIN:" + name, "DTSTART:" + Timestamps.basicWallClock(first.local),
                     "TZOFFSETFROM:" + text(ofOffset: first.from), "TZOFFSETTO:" + text(ofOffset: first.to)]
        if let rule = yearlyRule(onsets, lastYear: lastYear) {
            lines.append("RRULE:" + rule)
        } else if onsets.count > 1 {
            lines.append("RDATE:" + onsets.dropFirst().map { Timestamps.basicWallClock($0.local) }.joined(separator: ","))
        }
        lines.append("END:" + name)
        return lines
    }

    /// `FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU` (with `UNTIL` when the last is before `lastYear`) when
    /// the onsets are one a year, in consecutive years, each at the same time on the same weekday
    /// of the month (the first to fourth, or the last); nil otherwise.
    private static func yearlyRule(_ onsets: [Transition], lastYear: Int) -> String? {
        guard onsets.count > 1 else { return nil }
        let calendar = Calendar.gregorianUTC
        let days = onsets.map { onset in
            let date = Date(timeIntervalSince1970: Double(onset.local))
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let length = calendar.range(of: .day, in: .month, for: date)?.count ?? 0
            return (year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, weekday: parts.weekday ?? 0,
                    length: length, time: (onset.local % 86_400 + 86_400) % 86_400)
        }
        let first = days[0]
        guard days.enumerated().allSatisfy({ index, day in
            day.year == first.year + index && day.month == first.month && day.weekday == first.weekday && day.time == first.time
        }) else { return nil }
        let ordinal: Int
        if days.allSatisfy({ ($0.day - 1) / 7 == (first.day - 1) / 7 }), first.day <= 28 {
            ordinal = (first.day - 1) / 7 + 1
        } else if days.allSatisfy({ $0.day + 7 > $0.length }) {
            ordinal = -1
        } else {
            return nil
        }
        let weekday = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][first.weekday - 1]
        var rule = "FREQ=YEARLY;BYMONTH=\(first.month);BYDAY=\(ordinal)\(weekday)"
        if let last = onsets.last, days[days.count - 1].year < lastYear {
            rule += ";UNTIL=" + Timestamps.basicUTC(Date(timeIntervalSince1970: Double(last.instant)))
        }
        return rule
    }

    /// `+0100`, `-0330`, `+013045` (seconds only when there are some).
    private static func text(ofOffset offset: Int) -> String {
        let magnitude = abs(offset)
        let hours = magnitude / 3600, minutes = magnitude / 60 % 60, seconds = magnitude % 60
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return (offset < 0 ? "-" : "+") + two(hours) + two(minutes) + (seconds == 0 ? "" : two(seconds))
    }
}
