import Foundation

/// The `VTIMEZONE`s a calendar's to-dos need: RFC 5545 (§3.2.19) wants one for every `TZID` a
/// property names. Reading keeps a zone with each to-do whose kept lines name it, among the task's
/// iCalendar fields, as a `VTIMEZONE` component at the to-do's own level (where none can be, so it
/// stands for one of the calendar's); writing puts each zone needed once at the calendar's level,
/// before the to-dos.
///
/// A line whose zone was not kept (a file without its `VTIMEZONE`, a task imported before zones
/// were kept) keeps its zone when the system knows it, with a `VTIMEZONE` made from the system's
/// rules (`ICalendarSystemZone`), so that a client repeating it by its local time does not drift at
/// the next change of daylight saving time; when those rules cannot be said, its times are written
/// in UTC, the same instant. A zone nobody knows has no offset to convert with: its times are
/// written floating, the same local time.
struct ICalendarTimeZones {
    /// A zone to write: kept lines, or one the system knows and the span of the times written in it.
    private enum Needed {
        case kept([String])
        case system(TimeZone, earliest: Date, latest: Date)
    }

    /// The zones to write by `TZID`, and their `TZID`s in the order they were first needed.
    private var needed: [String: Needed] = [:]
    private var order: [String] = []

    // MARK: Reading

    /// The `TZID` of a `VTIMEZONE`'s lines (its BEGIN and END included): its own, not a sub-component's.
    static func tzid(of component: [String]) -> String? {
        var depth = 0
        for line in component {
            let name = ContentLine.name(of: line)
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            if depth == 1, name == "TZID" { return ContentLine(line, number: 0)?.value }
        }
        return nil
    }

    /// `foreign` (a to-do's kept lines) and after them the zones of `zones` its lines name.
    static func attaching(_ zones: [String: [String]], to foreign: String) -> String {
        guard !zones.isEmpty, !foreign.isEmpty else { return foreign }
        var attached: Set<String> = []
        var lines = [foreign]
        // At each LF scalar, as export splits: a line ending in a stray CR would make "\r\n" one Character.
        for line in foreign.unicodeScalars.split(separator: "\n") {
            guard let tzid = tzid(named: String(line)), let zone = zones[tzid], attached.insert(tzid).inserted else { continue }
            lines += zone
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Writing

    /// A to-do's kept lines without the zones kept with them, and those zones by `TZID` (the first
    /// of each; one without a `TZID`, which nothing can name, is dropped).
    static func split(_ foreign: [String]) -> (rest: [String], zones: [String: [String]]) {
        guard foreign.contains(where: isZoneStart) else { return (foreign, [:]) }
        var rest: [String] = []
        var zones: [String: [String]] = [:]
        for block in ICalendarKeptLines.blocks(foreign) {
            // A zone never ended (not from a file, which would not read) is kept as it was.
            guard isZoneStart(block[0]), ended(block) else {
                rest += block
                continue
            }
            if let tzid = tzid(of: block), zones[tzid] == nil { zones[tzid] = block }
        }
        return (rest, zones)
    }

    /// Whether a component's lines end it: as many `END`s as `BEGIN`s.
    private static func ended(_ component: [String]) -> Bool {
        let names = component.map(ContentLine.name(of:))
        return names.count { $0 == "BEGIN" } == names.count { $0 == "END" }
    }

    /// Whether `line` starts a `VTIMEZONE`.
    static func isZoneStart(_ line: String) -> Bool {
        line.utf8.count == 15 && line.uppercased() == "BEGIN:VTIMEZONE"
    }

    /// `line` (a to-do's line) with its times made floating when its zone is of neither `kept` nor
    /// the system; records the zone it names, to be written.
    mutating func resolve(_ line: String, kept: [String: [String]]) -> String {
        guard let tzid = Self.tzid(named: line) else { return line }
        if needed[tzid] == nil, let zone = kept[tzid] {
            needed[tzid] = .kept(zone)
            order.append(tzid)
        }
        if case .kept = needed[tzid] { return line }
        guard let zone = TimeZone(identifier: tzid) else { return Self.withoutZone(line, nil) }
        let times = Self.times(in: line, zone)
        guard let earliest = times.min(), let latest = times.max() else {
            return needed[tzid] == nil ? Self.withoutZone(line, zone) : line
        }
        if case let .system(zone, earliestBefore, latestBefore)? = needed[tzid] {
            needed[tzid] = .system(zone, earliest: min(earliestBefore, earliest), latest: max(latestBefore, latest))
        } else {
            needed[tzid] = .system(zone, earliest: earliest, latest: latest)
            order.append(tzid)
        }
        return line
    }

    /// The zones to write, each a `VTIMEZONE`'s lines, once `body` (the calendar's other lines, each
    /// made by `resolve`) is written: a zone of the system's whose rules cannot be said has the
    /// times of `body` written in it made UTC.
    func finish(_ body: inout [String]) -> [String] {
        var lines: [String] = []
        var inUTC: Set<String> = []
        for tzid in order {
            switch needed[tzid] {
            case let .kept(zone)?: lines += zone
            case let .system(zone, earliest, latest)?:
                if let made = ICalendarSystemZone.lines(tzid: tzid, zone: zone, from: earliest, through: latest) {
                    lines += made
                } else {
                    inUTC.insert(tzid)
                }
            case nil: break
            }
        }
        if !inUTC.isEmpty {
            for index in body.indices {
                guard let tzid = Self.tzid(named: body[index]), inUTC.contains(tzid) else { continue }
                body[index] = Self.withoutZone(body[index], TimeZone(identifier: tzid))
            }
        }
        return lines
    }

    /// The local date-times of `line`'s value, in `zone`.
    private static func times(in line: String, _ zone: TimeZone) -> [Date] {
        guard let (_, value) = split(line) else { return [] }
        return value.split(separator: ",").compactMap { value in
            value.utf8.count == 15 ? Timestamps.parseBasic(value, timeZone: zone) : nil
        }
    }

    /// `line` without its `TZID`, its local date-times made UTC in `zone` (when there is one).
    private static func withoutZone(_ line: String, _ zone: TimeZone?) -> String {
        guard let (parameters, value) = split(line) else { return line }
        let values = value.split(separator: ",", omittingEmptySubsequences: false).map { value in
            guard let zone, value.utf8.count == 15, let time = Timestamps.parseBasic(value, timeZone: zone) else { return String(value) }
            return Timestamps.basicUTC(time)
        }
        // The first part is the name, whatever it looks like.
        let kept = parameters.prefix(1) + parameters.dropFirst().filter { !$0.uppercased().hasPrefix("TZID=") }
        return kept.joined(separator: ";") + ":" + values.joined(separator: ",")
    }

    /// The `TZID` parameter of a line, unquoted; nil when it has none.
    static func tzid(named line: String) -> String? {
        guard mayNameAZone(line), let (parameters, _) = split(line),
              let tzid = parameters.dropFirst().last(where: { $0.uppercased().hasPrefix("TZID=") })?.dropFirst(5) else { return nil }
        return String(tzid.count > 1 && tzid.hasPrefix("\"") && tzid.hasSuffix("\"") ? tzid.dropFirst().dropLast() : tzid)
    }

    /// Whether `line` holds `TZID=` in any case: without making an upper-case copy of every line.
    private static func mayNameAZone(_ line: String) -> Bool {
        let pattern = Array("tzid=".utf8)
        var matched = 0
        for byte in line.utf8 {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            matched = lower == pattern[matched] ? matched + 1 : (lower == pattern[0] ? 1 : 0)
            if matched == pattern.count { return true }
        }
        return false
    }

    /// A line's name and parameters, split at each `;` outside quotes, and its value, after the
    /// first `:` outside quotes; nil without one.
    private static func split(_ line: String) -> (parameters: [String], value: String)? {
        var parts: [String] = []
        var part = ""
        var inQuotes = false
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\"" { inQuotes.toggle() }
            if !inQuotes, scalar == ";" || scalar == ":" {
                parts.append(part)
                part = ""
                if scalar == ":" { return (parts, String(scalars)) }
            } else {
                part.unicodeScalars.append(scalar)
            }
        }
        return nil
    }
}
