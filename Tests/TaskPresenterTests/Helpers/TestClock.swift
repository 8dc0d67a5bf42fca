import Foundation
import TaskPresenter

/// The time a test sets, in Berlin: Wednesday 25 November 2026 at 12:00 until moved, so that no
/// test depends on the day or the zone it runs in.
final class TestClock: @unchecked Sendable {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    private let lock = NSLock()
    private var now: Date

    init(_ date: String = "2026-11-25 12:00") {
        now = Self.date(date)
    }

    /// The presenter's view of this clock.
    var clock: Clock { Clock(now: { self.lock.withLock { self.now } }, timeZone: { Self.berlin }) }

    /// Moves the clock to `date` (`yyyy-MM-dd HH:mm` in Berlin).
    func set(_ date: String) {
        lock.withLock { now = Self.date(date) }
    }

    private static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = berlin
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }
}
