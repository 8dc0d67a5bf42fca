import Foundation
import TaskModel

/// A task's due date, tags and recurrence as iCalendar properties of its `VTODO`:
///
/// - `DUE;VALUE=DATE:20261201` for an all-day date, `DUE:20261201T160000Z` (UTC) for a timed one;
///   reading also takes a floating time (in the import's zone) and one with a `TZID` the system knows,
///   or that the calendar's `VTIMEZONE` defines by rules `ICalendarZoneRules` reads (Outlook's names).
///   That zone is kept as a marker among the task's iCalendar fields (`X-TASKS-DUE-ZONE;TZID=…:`,
///   never written itself, its `VTIMEZONE` kept with it): a timed due is then written in that zone
///   (`DUE;TZID=Europe/Berlin:20261201T170000`), so that a client repeating it by its local time
///   does not drift an hour at the next change of daylight saving time. For the same reason, a
///   floating time (or one in a zone nobody knows) is written back floating (`X-TASKS-DUE-ZONE:FLOATING`).
/// - `CATEGORIES:home,@phone`: `ICalendarCategories`, which keeps the lines another program wrote
///   (`with space`, read as the tag `with_space`) as markers, to write them back as they were.
/// - `RRULE`: `FREQ=DAILY`, `WEEKLY`, `MONTHLY` or `YEARLY` with `INTERVAL=n` when not 1, `BYDAY=MO,TH`
///   for days of the week. Months keep a day of the month, or the month's last day when it is
///   shorter; RFC 5545 skips such months instead, so the day is said explicitly when it is past
///   the 28th (`BYMONTHDAY=28,29,30,31;BYSETPOS=-1`: the 31st or the month's last day), or is
///   not the due date's (`BYMONTHDAY=15`). A recurrence counted from the day the task is checked
///   off, which RRULE cannot say, is the same RRULE and `X-TASKS-RECUR-FROM:COMPLETION`, so other
///   programs still see the period. An RRULE of any other form stays among the iCalendar fields,
///   as does one beside `EXDATE` or `RDATE`, a plain monthly or yearly one from a day past the
///   28th (RFC 5545 skips the months without it), and one by days of the week or of the month
///   from a due on another day in its own zone than in the zone tasks counts in (the machine's,
///   for a floating due or one in a zone whose clock no zone of the system's keeps); its lines are
///   written back while the task is still due when it was read (`keptSeriesMarker`). A series from
///   a due in a zone the system knows, or in one of a calendar's own whose clock a system zone
///   keeps, counts there, at the time of day the line says (`clocked`). A recurring task's
///   timed due made here is written in the zone it counts in (`seriesZone`), not in UTC.
enum ICalendarAttributes {
    private static let dayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    static let fromCompletion = "X-TASKS-RECUR-FROM:COMPLETION"
    /// The name of the line that keeps the zone a timed due was read in.
    static let dueZoneMarker = "X-TASKS-DUE-ZONE"
    /// The marker of a timed due read floating (no zone, or one nobody knows: RFC 5545's same
    /// wall-clock time wherever one is), written back so, in the zone it was read in.
    static let floatingDueMarker = dueZoneMarker + ":FLOATING"
    /// The name of the line that keeps the zone a floating due was read in, the one its moment was
    /// counted in (`X-TASKS-FLOATING-IN:Europe/Berlin`), never written: a sync in another zone
    /// counts it there again (`ICalendarResource.floatingZone`).
    static let floatingZoneMarker = "X-TASKS-FLOATING-IN"
    /// The name of the line that keeps the due a series tasks cannot follow was read beside
    /// (`X-TASKS-SERIES-DUE:20261201T160000Z`, `:20261201` or `:NONE`), never written itself: its
    /// `RRULE`, `RDATE` and `EXDATE` are written back only while the task is still due then, with no
    /// recurrence of its own (`keepsSeries(_:)`). They said a series from a due changed here since.
    static let keptSeriesMarker = "X-TASKS-SERIES-DUE"
    /// The lines of a series that are written back only while it is kept (`keepsSeries(_:)`).
    static let seriesLines: Set<String> = ["RRULE", "RDATE", "EXDATE"]

    // MARK: Writing

    /// The zone a recurring task's timed due read in none (made here) is written in: the one tasks
    /// follows the series in, `timeZone`, so that a client repeating it as RFC 5545 says, in the
    /// zone the due is written in, falls on the same days. In UTC, a task due Mondays at 00:30 in
    /// Berlin, Sunday in UTC, came next on a Monday in UTC, a Tuesday in Berlin. Nil when that zone
    /// is UTC or one the system cannot name again (the due is written in UTC).
    static func seriesZone(of task: TaskItem, timeZone: TimeZone) -> String? {
        seriesZone(recurrence: task.recurrence, due: task.due, timeZone: timeZone)
    }

    /// `seriesZone(of:timeZone:)` of a task of that recurrence and due.
    static func seriesZone(recurrence: Recurrence?, due: Due?, timeZone: TimeZone) -> String? {
        guard let recurrence, case let .instant(instant)? = due else { return nil }
        // A series counted in a zone of its own (read so from another client, or pinned by a sync) is written in it.
        let name = recurrence.zone.flatMap { TimeZone(identifier: $0) == nil ? nil : $0 } ?? timeZone.identifier
        guard let zone = TimeZone(identifier: name),
              zone.secondsFromGMT(for: instant) != 0 || zone.nextDaylightSavingTimeTransition(after: instant) != nil
        else { return nil }
        return name
    }

    /// The name of UTC as a series' zone (`Recurrence.zone`): a due read in UTC (`DUE:…Z`) counts there.
    static let utc = "UTC"

    /// Whether a recurring task with a timed due is written in the zone it counts in (`seriesZone`)
    /// rather than the one it was read in (the `dueZoneMarker` line): when it has a zone of its own
    /// (`Recurrence.zone`), read so, given here or pinned by a sync.
    static func writesItsZone(_ task: TaskItem) -> Bool {
        guard let recurrence = task.recurrence, case .instant? = task.due else { return false }
        return recurrence.zone != nil
    }

    /// The zone a sync pins a timed series with no zone of its own to, the one it is written in
    /// there, so that every copy of the list counts it alike wherever it is: the zone it was read in
    /// when the system knows it (a series synced before tasks kept zones), else `seriesZone` (`utc`
    /// for one written in UTC). Nil when none is due, or it is written as it was read: floating,
    /// or in a zone the system does not know.
    static func pinnedZone(recurrence: Recurrence?, due: Due?, kept: String?, timeZone: TimeZone) -> String? {
        guard let recurrence, recurrence.zone == nil, case .instant? = due else { return nil }
        let marker = ICalendarKeptLines(ICalendarKeptLines.split(kept)).first(named: dueZoneMarker)
        guard let marker else { return seriesZone(recurrence: recurrence, due: due, timeZone: timeZone) ?? utc }
        guard marker != floatingDueMarker, let tzid = ICalendarTimeZones.tzid(named: marker), TimeZone(identifier: tzid) != nil,
              !tzid.contains(" ") else { return nil }
        return tzid
    }

    /// The lines for `task`'s due date and recurrence, in that order (its tags: `ICalendarCategories`);
    /// a timed due in the zone `dueZone` names (a `TZID`) when the system knows it, or `rules` (the
    /// task's kept zones the system does not know) holds its rules; floating (in `timeZone`) when
    /// `isFloating` (it was read so).
    static func lines(of task: TaskItem, timeZone: TimeZone, dueZone: String? = nil, isFloating: Bool = false,
                      rules: [String: ICalendarZoneRules] = [:]) -> [String] {
        var lines: [String] = []
        switch task.due {
        case let .day(day)?: lines.append("DUE;VALUE=DATE:" + Timestamps.basicDay(day))
        case let .instant(instant)?:
            if isFloating {
                // In UTC, a phone repeating it would drift an hour at the next change of clocks.
                lines.append("DUE:" + local(instant, in: timeZone, of: task, timeZone: timeZone))
            } else if let dueZone, let zone = TimeZone(identifier: dueZone) {
                lines.append("DUE;TZID=" + parameterValue(dueZone) + ":" + local(instant, in: zone, of: task, timeZone: timeZone))
            } else if let dueZone, let rules = rules[dueZone], let zone = TimeZone(secondsFromGMT: rules.offset(at: instant)) {
                lines.append("DUE;TZID=" + parameterValue(dueZone) + ":" + Timestamps.basicLocal(instant, in: zone))
            } else {
                lines.append("DUE:" + Timestamps.basicUTC(instant))
            }
        case nil: break
        }
        if let recurrence = task.recurrence {
            // The day of the month in the zone the series counts in, where its DUE is written: in this
            // machine's, a phone's series monthly on the 1st at 01:00 in Berlin, read in New York,
            // was written as monthly on the last day (found by an independent tester).
            lines.append("RRULE:" + rule(recurrence.rule, dueDay: task.due?.day(in: recurrence.countingZone(timeZone))))
            if recurrence.fromCompletion { lines.append(fromCompletion) }
        }
        return lines
    }

    /// `instant` as the clock in `zone` shows it, but at the time of day `task`'s series keeps when
    /// it counts in `zone` and its due is that time (`Recurrence.timeOfDay`): a series due at 02:30
    /// is written so on the night clocks skip it (RFC 5545 §3.3.5 reads it as the 03:30 it is), and
    /// read back with that time.
    private static func local(_ instant: Date, in zone: TimeZone, of task: TaskItem, timeZone: TimeZone) -> String {
        guard let recurrence = task.recurrence, recurrence.minuteOfDay != nil,
              recurrence.countingZone(timeZone).identifier == zone.identifier else { return Timestamps.basicLocal(instant, in: zone) }
        let (hour, minute) = recurrence.timeOfDay(of: instant, in: timeZone)
        return Timestamps.basicWallClock(Int64(CalendarDay(instant, in: zone).daysSince1970) * 86_400 + Int64(hour * 3_600 + minute * 60))
    }

    /// The value of `keptSeriesMarker` for a task due `due`.
    static func keptSeriesDue(_ due: Due?) -> String {
        switch due {
        case let .day(day)?: Timestamps.basicDay(day)
        case let .instant(instant)?: Timestamps.basicUTC(instant)
        case nil: "NONE"
        }
    }

    /// Whether `task`, among whose iCalendar fields `marker` is the `keptSeriesMarker` line (nil
    /// when there is none), writes back the series lines it keeps: while it has no recurrence of its
    /// own, and is still due when it was read (a due changed here, or `every` given here, made the
    /// kept `RRULE` say a series of another day: found by an independent tester).
    static func keepsSeries(_ task: TaskItem, marker: String?) -> Bool {
        guard task.recurrence == nil else { return false }
        guard let marker else { return true } // kept before the marker was
        return marker == keptSeriesMarker + ":" + keptSeriesDue(task.due)
    }

    private static func rule(_ rule: Recurrence.Rule, dueDay: CalendarDay?) -> String {
        func interval(_ count: Int) -> String { count == 1 ? "" : ";INTERVAL=\(count)" }
        switch rule {
        case let .days(count): return "FREQ=DAILY" + interval(count)
        case let .weeks(count): return "FREQ=WEEKLY" + interval(count)
        case let .weekdays(days):
            guard !days.isEmpty else { return "FREQ=DAILY" }
            return "FREQ=WEEKLY;BYDAY=" + Weekday.allCases.filter(days.contains).map { dayCodes[$0.rawValue - 1] }
                .joined(separator: ",")
        case let .months(count, dayOfMonth):
            // On the due date's day when none is kept; past the 28th, said so that other programs take
            // a shorter month's last day rather than skip the month, as RFC 5545 would.
            guard let dayOfMonth = dayOfMonth ?? dueDay.map(\.date.day).flatMap({ $0 > 28 ? $0 : nil }) else {
                return count % 12 == 0 ? "FREQ=YEARLY" + interval(count / 12) : "FREQ=MONTHLY" + interval(count)
            }
            if dayOfMonth <= 28 { return "FREQ=MONTHLY" + interval(count) + ";BYMONTHDAY=\(dayOfMonth)" }
            return "FREQ=MONTHLY" + interval(count) + ";BYMONTHDAY=" + (28...dayOfMonth).map(String.init).joined(separator: ",")
                + ";BYSETPOS=-1"
        }
    }

    // MARK: Reading

    /// What reading took from a to-do's properties, and the line numbers of those it took.
    struct Read {
        var due: Due?
        /// The marker line keeping the zone of a timed due read with a `TZID` the system knows.
        var dueZone: String?
        /// The `floatingZoneMarker` line of a timed due read floating.
        var floatingIn: String?
        var tags: [String] = []
        /// The markers keeping the `CATEGORIES` lines read, when the tags would not be written so.
        var categories: [String] = []
        var recurrence: Recurrence?
        /// The `keptSeriesMarker` line of a series not read as a recurrence.
        var keptSeries: String?
        var taken: Set<Int> = []
    }

    /// The due date, tags and recurrence of a to-do's own properties (`first`: the first of each
    /// name; `all`: every one, in order); `rules`: those of the calendar's zones the system does not know.
    static func read(first: [String: ContentLine], all: [ContentLine], timeZone: TimeZone, rules: [String: ICalendarZoneRules] = [:]) -> Read {
        var read = Read()
        // A to-do without a DUE is due at its DTSTART plus its DURATION (RFC 5545 §3.6.2), which
        // the DUE written then replaces: it showed no due date here, and kept it on the phone
        // when the due date was taken off (found by an independent tester).
        let start = first["DUE"] == nil ? first["DTSTART"] : nil
        let duration = start == nil ? nil : first["DURATION"].flatMap { line in Self.duration(line.value).map { (line, $0) } }
        if let line = first["DUE"] ?? (duration == nil ? nil : start),
           var due = due(line, timeZone: timeZone, rules: rules) {
            if let (durationLine, length) = duration {
                switch due {
                case let .day(day): due = .day(CalendarDay(daysSince1970: day.daysSince1970 + (length.days + length.seconds / 86_400)))
                case let .instant(instant):
                    // Days are the calendar's, in the start's zone (a day across a change of clocks
                    // is 23 or 25 hours, RFC 5545 §3.3.6); the rest exact.
                    let zone = line.value.hasSuffix("Z") ? TimeZone(identifier: "UTC")!
                        : parameters(of: line)["TZID"].flatMap(TimeZone.init(identifier:)) ?? timeZone
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = zone
                    let day = calendar.date(byAdding: .day, value: length.days, to: instant) ?? instant
                    due = .instant(day.addingTimeInterval(TimeInterval(length.seconds)))
                }
                read.taken.insert(durationLine.number)
            } else {
                read.taken.insert(line.number)
            }
            read.due = due
            if case .instant = due, line.value.utf8.count == 15 {
                if let tzid = parameters(of: line)["TZID"], TimeZone(identifier: tzid) != nil || rules[tzid] != nil {
                    read.dueZone = dueZoneMarker + ";TZID=" + parameterValue(tzid) + ":"
                } else {
                    read.dueZone = floatingDueMarker
                    read.floatingIn = floatingZoneMarker + ":" + timeZone.identifier
                }
            }
        }
        let categories = all.filter { $0.name == "CATEGORIES" }
        (read.tags, read.categories) = ICalendarCategories.read(categories)
        read.taken.formUnion(categories.map(\.number))
        // A series RFC 5545 follows otherwise than tasks would is not read (the sync leaves it alone,
        // an import keeps its RRULE among the iCalendar fields): one with dates excluded or added
        // (checking it off here made the next task on an excluded date), and a month's or year's
        // rule from a day some months lack, which RFC 5545 skips where tasks takes the month's last
        // day (both found by an independent tester).
        let dueLine = first["DUE"] ?? (duration == nil ? nil : start)
        let seriesDay = read.due.flatMap { due in dueLine.map { Self.seriesDay(of: due, line: $0, timeZone: timeZone, rules: rules) } }
        // Counted in the due's own zone when the system knows it (`clocked`), a series falls on the
        // days RFC 5545 says whatever day it is here.
        if let line = first["RRULE"], let rule = rule(line.value), first["EXDATE"] == nil, first["RDATE"] == nil,
           case let recurrence = clocked(Recurrence(rule), due: read.due, line: dueLine, isDue: first["DUE"] != nil, timeZone: timeZone, rules: rules),
           case let dueDay = read.due?.day(in: recurrence.countingZone(timeZone)),
           followsAlike(rule, seriesDay: seriesDay, dueDay: dueDay) {
            read.recurrence = recurrence.kept(forDueOn: dueDay)
            read.taken.insert(line.number)
            if let flag = first["X-TASKS-RECUR-FROM"], flag.value.uppercased() == "COMPLETION" {
                read.recurrence?.fromCompletion = true
                read.taken.insert(flag.number)
            }
        }
        if read.recurrence == nil, first["RRULE"] != nil || first["RDATE"] != nil {
            read.keptSeries = keptSeriesMarker + ":" + keptSeriesDue(read.due)
        }
        return read
    }

    /// `recurrence` counted as the `DUE` line written in a zone (`TZID=`, or floating) says, for a
    /// timed due: in that zone, when it is one the system knows (a phone's series due at 09:00 in
    /// New York stays at 09:00 there from Berlin, where clocks change on other days), and at the line's time of day when its due is not that time (02:30 on the night
    /// clocks skip it is 03:30, and the series' next one 02:30 again). Both drifted an hour before
    /// (found by an independent tester). A due in UTC counts there; one in a zone known only by its
    /// rules (`rules`), in the system's zone that keeps the same clock (`ICalendarZoneRules.systemZone`),
    /// else in `timeZone`, as before. A due that is a `DTSTART` plus a `DURATION` (not `isDue`)
    /// takes the start's zone, not its time of day.
    private static func clocked(_ recurrence: Recurrence, due: Due?, line: ContentLine?, isDue: Bool, timeZone: TimeZone,
                                rules: [String: ICalendarZoneRules]) -> Recurrence {
        guard case let .instant(instant)? = due, let line else { return recurrence }
        var clocked = recurrence
        // In UTC, as RFC 5545 counts it: two copies of the list in other zones made two next tasks.
        if line.value.utf8.count == 16, line.value.hasSuffix("Z") {
            clocked.zone = utc
            return clocked
        }
        guard line.value.utf8.count == 15 else { return recurrence }
        if let tzid = parameters(of: line)["TZID"] {
            // A name with a space in it would not be kept whole (`Recurrence.storedForm`).
            guard let zone = TimeZone(identifier: tzid) ?? rules[tzid]?.systemZone(named: tzid, near: instant),
                  !zone.identifier.contains(" ") else { return recurrence }
            // Kept even when it is this machine's: read in New York, a phone's series there counted
            // in Berlin once the laptop was there (found by an independent tester).
            clocked.zone = zone.identifier
        }
        guard isDue else { return clocked }
        let digits = Array(line.value.utf8)
        func number(_ at: Int) -> Int { Int(digits[at] - UInt8(ascii: "0")) * 10 + Int(digits[at + 1] - UInt8(ascii: "0")) }
        let (hour, minute) = (number(9), number(11))
        if CalendarDay.time(of: instant, in: clocked.countingZone(timeZone)) != (hour, minute) { clocked.minuteOfDay = hour * 60 + minute }
        return clocked
    }

    /// A kept `DTSTART` line as it may stand beside `due` (RFC 5545 §3.8.2.3): of the same value
    /// type, and not later. A time becomes its day beside an all-day due date, and a day its
    /// midnight (floating) beside a timed one; one later than the due date goes (nil): a due date
    /// set before it, or with a time where it is a date, wrote a to-do stricter clients refuse
    /// (found by independent testers).
    static func start(_ line: String, beside due: Due, timeZone: TimeZone, rules: [String: ICalendarZoneRules]) -> String? {
        guard let read = ContentLine(line, number: 0), let start = self.due(read, timeZone: timeZone, rules: rules) else { return line }
        switch (start, due) {
        case let (.day(start), .day(due)): return start.daysSince1970 <= due.daysSince1970 ? line : nil
        case let (.instant(start), .instant(due)): return start <= due ? line : nil
        case let (.instant(start), .day(due)):
            let day = CalendarDay(start, in: parameters(of: read)["TZID"].flatMap(TimeZone.init(identifier:)) ?? timeZone)
            return day.daysSince1970 <= due.daysSince1970 ? "DTSTART;VALUE=DATE:" + Timestamps.basicDay(day) : nil
        case let (.day(start), .instant(due)):
            return start.instant(hour: 0, minute: 0, in: timeZone) <= due ? "DTSTART:" + Timestamps.basicDay(start) + "T000000" : nil
        }
    }

    /// A `DURATION`'s length (`P1W`, `P2D`, `PT1H30M`, `-P1DT12H`), in days and seconds; nil when
    /// it is not one.
    static func duration(_ value: String) -> (days: Int, seconds: Int)? {
        var text = Substring(value.trimmingCharacters(in: .whitespaces))
        var sign = 1
        if text.first == "+" || text.first == "-" {
            sign = text.first == "-" ? -1 : 1
            text = text.dropFirst()
        }
        guard text.first == "P", text.count > 1 else { return nil }
        text = text.dropFirst()
        var days = 0
        var seconds = 0
        var number = ""
        var inTime = false
        var parts = 0
        for character in text {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T", !inTime, number.isEmpty {
                inTime = true
                continue
            }
            guard let count = Int(number), count < 1_000_000 else { return nil }
            number = ""
            parts += 1
            switch (character, inTime) {
            case ("W", false): days += 7 * count
            case ("D", false): days += count
            case ("H", true): seconds += 3600 * count
            case ("M", true): seconds += 60 * count
            case ("S", true): seconds += count
            default: return nil
            }
        }
        guard number.isEmpty, parts > 0 else { return nil }
        return (sign * days, sign * seconds)
    }

    /// A `DUE`'s date, or its time: UTC, in the zone its `TZID` names (the system's, else the
    /// calendar's `VTIMEZONE` of that name, by its `rules`), or floating, in `timeZone`.
    private static func due(_ line: ContentLine, timeZone: TimeZone, rules: [String: ICalendarZoneRules]) -> Due? {
        let parameters = parameters(of: line)
        if parameters["VALUE"]?.uppercased() == "DATE" || line.value.utf8.count == 8 {
            return Timestamps.parseBasicDay(line.value[...]).map(Due.day)
        }
        if let tzid = parameters["TZID"], line.value.utf8.count == 15, let rules = rules[tzid],
           let wall = Timestamps.parseBasic(line.value[...], timeZone: TimeZone(identifier: "UTC")!) {
            return .instant(rules.instant(ofLocal: Int64(wall.timeIntervalSince1970)))
        }
        let zone = parameters["TZID"].flatMap(TimeZone.init(identifier:)) ?? timeZone
        return Timestamps.parseBasic(line.value[...], timeZone: zone).map(Due.instant)
    }

    /// The parameters between a line's name and its value (`VALUE=DATE`), names upper case.
    private static func parameters(of line: ContentLine) -> [String: String] {
        let head = line.text.dropLast(line.value.count + 1)
        var parameters: [String: String] = [:]
        for part in head.split(separator: ";").dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let value = part[part.index(after: equals)...]
            parameters[part[..<equals].uppercased()] = String(value.hasPrefix("\"") && value.hasSuffix("\"") && value.count > 1
                ? value.dropFirst().dropLast() : value)
        }
        return parameters
    }

    /// A parameter's value, quoted when it holds what would end it.
    private static func parameterValue(_ value: String) -> String {
        value.contains(where: { $0 == ";" || $0 == ":" || $0 == "," }) ? "\"" + value + "\"" : value
    }

    /// Whether tasks follows `rule` from a due date on `dueDay` (in the zone tasks counts days in)
    /// as RFC 5545 does from the same due on `seriesDay` (in the zone its line is written in).
    /// Days and weeks are counted alike from any day. Days of the week and of the month are not
    /// when the two days differ: a weekly task on Mondays due Monday 10:00 in Auckland, Sunday in
    /// UTC, came next on a Tuesday there (found by an independent tester). And RFC 5545 skips the
    /// months a plain monthly (or yearly) rule's day is past the end of, where tasks takes their
    /// last day (tasks writes its own with the days said, `BYMONTHDAY=…;BYSETPOS=-1`).
    private static func followsAlike(_ rule: Recurrence.Rule, seriesDay: CalendarDay?, dueDay: CalendarDay?) -> Bool {
        switch rule {
        case .days, .weeks: return true
        case .weekdays, .months(_, dayOfMonth: _?): return seriesDay == dueDay
        case .months(_, dayOfMonth: nil): return seriesDay == dueDay && (dueDay.map { $0.date.day <= 28 } ?? true)
        }
    }

    /// The day of `due` (read from `line`) as RFC 5545 counts a series from it: in the zone the line
    /// is written in (UTC for a time in UTC, its `TZID`'s, `timeZone` for a floating time).
    private static func seriesDay(of due: Due, line: ContentLine, timeZone: TimeZone, rules: [String: ICalendarZoneRules]) -> CalendarDay {
        guard case let .instant(instant) = due else { return due.day(in: timeZone) }
        let utc = TimeZone(identifier: "UTC")!
        if line.value.hasSuffix("Z") { return CalendarDay(instant, in: utc) }
        if let tzid = parameters(of: line)["TZID"] {
            if let rules = rules[tzid] { return CalendarDay(instant.addingTimeInterval(TimeInterval(rules.offset(at: instant))), in: utc) }
            if let zone = TimeZone(identifier: tzid) { return CalendarDay(instant, in: zone) }
        }
        return CalendarDay(instant, in: timeZone)
    }

    /// The rule of an RRULE of the forms `rule(_:dueDay:)` writes; nil for any other.
    private static func rule(_ value: String) -> Recurrence.Rule? {
        var parts: [String: String] = [:]
        for part in value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, parts[pair[0].uppercased()] == nil else { return nil }
            parts[pair[0].uppercased()] = pair[1].uppercased()
        }
        guard Set(parts.keys).isSubset(of: ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYSETPOS"]),
              let frequency = parts.removeValue(forKey: "FREQ") else { return nil }
        let interval = parts.removeValue(forKey: "INTERVAL").map { Int($0) } ?? 1
        guard let interval, Recurrence.periodCounts.contains(interval) else { return nil }
        switch (frequency, parts.keys.sorted()) {
        case ("DAILY", []): return .days(interval)
        case ("WEEKLY", []): return .weeks(interval)
        case ("WEEKLY", ["BYDAY"]):
            let codes = (parts["BYDAY"] ?? "").split(separator: ",").map(String.init)
            let days = codes.compactMap { code in dayCodes.firstIndex(of: code).flatMap { Weekday(rawValue: $0 + 1) } }
            guard interval == 1, !days.isEmpty, days.count == codes.count else { return nil }
            return .weekdays(Set(days))
        case ("YEARLY", []): return .months(12 * interval, dayOfMonth: nil)
        case ("MONTHLY", []): return .months(interval, dayOfMonth: nil)
        case ("MONTHLY", ["BYMONTHDAY"]):
            guard let day = parts["BYMONTHDAY"].flatMap({ Int($0) }), (1...28).contains(day) || day == -1 else { return nil }
            return .months(interval, dayOfMonth: day == -1 ? 31 : day)
        case ("MONTHLY", ["BYMONTHDAY", "BYSETPOS"]):
            let days = (parts["BYMONTHDAY"] ?? "").split(separator: ",").compactMap { Int($0) }
            guard parts["BYSETPOS"] == "-1", let last = days.last, (29...31).contains(last), days == Array(28...last) else {
                return nil
            }
            return .months(interval, dayOfMonth: last)
        default: return nil
        }
    }
}
