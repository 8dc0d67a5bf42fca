import Foundation
import TaskModel

/// Where the presenter asks what time it is and which zone the user's days are in: the system's,
/// or a fixed moment in tests, so that no test depends on the day or the zone it runs in.
public struct Clock: Sendable {
    private let now: @Sendable () -> Date
    private let timeZone: @Sendable () -> TimeZone

    public init(now: @escaping @Sendable () -> Date, timeZone: @escaping @Sendable () -> TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The system's clock, in the zone `TZ` or the system names as the process starts.
    public static let system: Clock = {
        let zone = TimeZone.current
        return Clock(now: { Date() }, timeZone: { zone })
    }()

    /// The moment it is now.
    var moment: Moment { Moment(now: now(), timeZone: timeZone()) }
}

/// One moment where the user is: what `today`, `tomorrow` and `overdue` mean for one command.
struct Moment: Sendable {
    let now: Date
    let timeZone: TimeZone

    var today: CalendarDay { CalendarDay(now, in: timeZone) }
    var words: DueWords { DueWords(now: now, timeZone: timeZone) }
    /// What due dates read as now (make it once for many rows: it reads the day).
    var text: DueText { DueText(now: now, timeZone: timeZone) }
}
