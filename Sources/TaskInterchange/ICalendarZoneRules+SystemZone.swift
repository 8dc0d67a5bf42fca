import Foundation
import Synchronization

/// The zone the system knows that keeps the same clock as a calendar's own `VTIMEZONE`: a series due
/// in Outlook's `W. Europe Standard Time` counts there (`Recurrence.zone` names only zones the
/// system knows). It counted in this machine's zone, and from New York its next task came an hour
/// off once Europe's clocks changed and New York's had not (found by an independent tester).
extension ICalendarZoneRules {
    /// How long from the due the clocks must agree: a series' next tasks are counted in the zone
    /// found, so two years of changes of clocks, each to the second, and the offsets a week apart.
    private static let agreement: TimeInterval = 2 * 366 * 86_400
    private static let week: TimeInterval = 7 * 86_400

    /// Answers by the zone's lines and the year: a calendar of a thousand to-dos in one such zone
    /// asks a thousand times.
    private static let found = Mutex<[String: String]>([:])

    /// The zone the system knows whose clock agrees with these rules from `instant` on (see
    /// `agreement`); nil when none does. The same on every machine, so that two copies of a list
    /// count the series alike. Tried first, those it says it is: the zone its `TZID` ends with
    /// (`/mozilla.org/20050126_1/Europe/Berlin`), its `X-LIC-LOCATION`, or the one Windows means
    /// by it (`windowsNames`); then every zone the system knows, by name (of zones that agree, any
    /// counts a series alike); then a zone of the one offset, for rules of one (`GMT+0137`).
    func systemZone(named tzid: String, near instant: Date) -> TimeZone? {
        let year = Calendar.gregorianUTC.component(.year, from: instant)
        let key = "\(year)\n\(tzid)\n\(source)"
        if let known = Self.found.withLock({ $0[key] }) { return known.isEmpty ? nil : TimeZone(identifier: known) }
        let zone = searchSystemZone(named: tzid, near: instant)
        Self.found.withLock { $0[key] = zone?.identifier ?? "" }
        return zone
    }

    private func searchSystemZone(named tzid: String, near instant: Date) -> TimeZone? {
        let start = instant.addingTimeInterval(-86_400)
        let end = start.addingTimeInterval(Self.agreement)
        let parts = tzid.split(separator: "/")
        let named = [location, parts.suffix(3).joined(separator: "/"), parts.suffix(2).joined(separator: "/"), Self.windowsNames[tzid]]
            .compactMap { $0 }.filter { !$0.isEmpty && !$0.contains(" ") }
        // First, the offsets a quarter apart: most zones differ there, and are not looked at closer.
        let quarters = (0...8).map { start.addingTimeInterval(Double($0) * Self.agreement / 8) }
        let offsets = quarters.map(offset(at:))
        func keepsTheClock(_ zone: TimeZone) -> Bool {
            zip(quarters, offsets).allSatisfy { zone.secondsFromGMT(for: $0.0) == $0.1 } && agrees(with: zone, from: start, to: end)
        }
        for name in named + TimeZone.knownTimeZoneIdentifiers.sorted() {
            if let zone = TimeZone(identifier: name), keepsTheClock(zone) { return zone }
        }
        guard let fixed = TimeZone(secondsFromGMT: offsets[0]), keepsTheClock(fixed), TimeZone(identifier: fixed.identifier) != nil else { return nil }
        return fixed
    }

    /// The zones Windows, and so Outlook and Exchange, names in words of its own (`W. Europe
    /// Standard Time`): the usual ones, as the Unicode CLDR's table of them says.
    private static let windowsNames = [
        "W. Europe Standard Time": "Europe/Berlin", "Romance Standard Time": "Europe/Paris",
        "Central Europe Standard Time": "Europe/Budapest", "Central European Standard Time": "Europe/Warsaw",
        "GMT Standard Time": "Europe/London", "GTB Standard Time": "Europe/Bucharest", "FLE Standard Time": "Europe/Kiev",
        "E. Europe Standard Time": "Europe/Chisinau", "Russian Standard Time": "Europe/Moscow",
        "Eastern Standard Time": "America/New_York", "Central Standard Time": "America/Chicago",
        "Mountain Standard Time": "America/Denver", "US Mountain Standard Time": "America/Phoenix",
        "Pacific Standard Time": "America/Los_Angeles", "Alaskan Standard Time": "America/Anchorage",
        "Hawaiian Standard Time": "Pacific/Honolulu", "Atlantic Standard Time": "America/Halifax",
        "E. South America Standard Time": "America/Sao_Paulo", "AUS Eastern Standard Time": "Australia/Sydney",
        "Cen. Australia Standard Time": "Australia/Adelaide", "New Zealand Standard Time": "Pacific/Auckland",
        "Tokyo Standard Time": "Asia/Tokyo", "China Standard Time": "Asia/Shanghai", "India Standard Time": "Asia/Calcutta",
        "Singapore Standard Time": "Asia/Singapore", "Israel Standard Time": "Asia/Jerusalem",
        "South Africa Standard Time": "Africa/Johannesburg",
    ]

    /// Whether `zone`'s clock and these rules agree from `start` to `end`: a week apart, and on
    /// each side of every change of `zone`'s clocks.
    private func agrees(with zone: TimeZone, from start: Date, to end: Date) -> Bool {
        func same(_ instant: Date) -> Bool { offset(at: instant) == zone.secondsFromGMT(for: instant) }
        var instant = start
        while instant < end {
            guard same(instant) else { return false }
            instant.addTimeInterval(Self.week)
        }
        var change = zone.nextDaylightSavingTimeTransition(after: start)
        while let found = change, found < end {
            guard same(found.addingTimeInterval(-1)), same(found) else { return false }
            change = zone.nextDaylightSavingTimeTransition(after: found)
        }
        return true
    }
}
