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

    /// Answers by the zone's lines, the year and the zone preferred: a calendar of a thousand
    /// to-dos in one such zone asks a thousand times.
    private static let found = Mutex<[String: String]>([:])

    /// The zone the system knows whose clock agrees with these rules from `instant` on (see
    /// `agreement`); nil when none does. Tried first, those it says it is: the zone its `TZID`
    /// ends with (`/mozilla.org/20050126_1/Europe/Berlin`) or its `X-LIC-LOCATION`; then
    /// `preferred` (this machine's); then every zone the system knows, by name (of zones that
    /// agree, any counts a series alike).
    func systemZone(named tzid: String, near instant: Date, preferring preferred: TimeZone) -> TimeZone? {
        let year = Calendar.gregorianUTC.component(.year, from: instant)
        let key = "\(year)\n\(preferred.identifier)\n\(tzid)\n\(source)"
        if let known = Self.found.withLock({ $0[key] }) { return known.isEmpty ? nil : TimeZone(identifier: known) }
        let zone = searchSystemZone(named: tzid, near: instant, preferring: preferred)
        Self.found.withLock { $0[key] = zone?.identifier ?? "" }
        return zone
    }

    private func searchSystemZone(named tzid: String, near instant: Date, preferring preferred: TimeZone) -> TimeZone? {
        let start = instant.addingTimeInterval(-86_400)
        let end = start.addingTimeInterval(Self.agreement)
        let parts = tzid.split(separator: "/")
        let named = [location, parts.suffix(3).joined(separator: "/"), parts.suffix(2).joined(separator: "/")]
            .compactMap { $0 }.filter { !$0.isEmpty && !$0.contains(" ") }
        // First, the offsets a quarter apart: most zones differ there, and are not looked at closer.
        let quarters = (0...8).map { start.addingTimeInterval(Double($0) * Self.agreement / 8) }
        let offsets = quarters.map(offset(at:))
        for name in named + [preferred.identifier] + TimeZone.knownTimeZoneIdentifiers.sorted() {
            guard let zone = TimeZone(identifier: name), zip(quarters, offsets).allSatisfy({ zone.secondsFromGMT(for: $0.0) == $0.1 }),
                  agrees(with: zone, from: start, to: end) else { continue }
            return zone
        }
        return nil
    }

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
