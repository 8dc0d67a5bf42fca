import Foundation
import TaskModel

/// Tasks for the format tests: every flag, Unicode, and texts that look like each format's syntax.
enum Samples {
    static let utc = TimeZone(identifier: "UTC")!
    static let created = Date(timeIntervalSince1970: 1_763_800_000)
    static let done = Date(timeIntervalSince1970: 1_763_900_000)
    static let now = Date(timeIntervalSince1970: 1_764_000_000)

    static func id(_ n: UInt8) -> UUID {
        UUID(uuid: (0x01, 0x9A, 0, 0, 0, 0, 0x70, 0, 0x80, 0, 0, 0, 0, 0, 0, n))
    }

    static func task(_ n: UInt8, _ text: String, favorite: Bool = false, isDone: Bool = false,
                     foreign: [String: String] = [:], due: Due? = nil, tags: [String] = [],
                     recurrence: Recurrence? = nil) -> TaskItem {
        TaskItem(id: id(n), text: text, isFavorite: favorite, doneAt: isDone ? done : nil,
                 createdAt: created.addingTimeInterval(Double(n) * 3600), foreign: foreign, due: due, tags: tags,
                 recurrence: recurrence)
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: day) ?? CalendarDay(daysSince1970: 0)
    }

    /// The instant of a UTC date and time.
    static func utcTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) ?? .distantPast
    }

    /// 2026-12-01 16:00:00 UTC.
    static let dueInstant = Date(timeIntervalSince1970: 1_796_140_800)

    /// Due dates, tags and recurrences of every kind, given in turn to the sample tasks.
    static let attributes: [(due: Due?, tags: [String], recurrence: Recurrence?)] = [
        (.day(day(2026, 12, 1)), ["home", "@phone"], Recurrence(.months(1, dayOfMonth: nil))),
        (.instant(dueInstant), ["work"], Recurrence(.weeks(2), fromCompletion: true)),
        (.day(day(2026, 1, 31)), ["a;b,c\\d", "plus+", "@x"], Recurrence(.months(1, dayOfMonth: nil))),
        (nil, [], Recurrence(.weekdays([.monday, .thursday]))),
        (.instant(dueInstant.addingTimeInterval(30)), ["x"], Recurrence(.months(12, dayOfMonth: 29))),
        (.day(day(2028, 2, 29)), [], Recurrence(.months(24, dayOfMonth: nil))),
        (.day(day(2026, 3, 2)), ["daily"], Recurrence(.days(1))),
        (.instant(dueInstant), [], Recurrence(.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]))),
        (.day(day(2026, 3, 2)), [], Recurrence(.days(3), fromCompletion: true)),
        (nil, [], Recurrence(.months(2, dayOfMonth: 15), fromCompletion: true)),
        (.day(day(2026, 3, 15)), [], Recurrence(.months(3, dayOfMonth: 10))),
        (nil, [], nil),
    ]

    /// Texts that look like the syntax of one format or another, or hold what must be escaped.
    static let hostileTexts = [
        "(A) x", "x done already", "- [ ] not a box", "+tag @home due:2026-01-01", "BEGIN:VTODO", "2026-01-01 dated",
        "line one\nline two", "tab\there", "esc \u{1B}[31mred\u{1B}[0m", "cr\r\nlf", "nul\u{0}byte", "back\\slash \\n",
        "C:\\Users\\me", "ends with pri:A", "uuid:019a0000-0000-7000-8000-000000000001", "ends with backslash\\",
        "★ starred text", "  leading and trailing  ", "*bold* _it_ `code` [link](x) <b>&amp; | ~~s~~ # h",
        "1. ordered", "semi;colon,comma", "Café ☕ 日本 \u{1F600}", "\"quoted\" {json}", "a\n# heading\n---\n> quote",
        String(repeating: "long text that needs folding ", count: 6) + "日本語",
    ]

    static var list: TaskList {
        var tasks: [TaskItem] = []
        for (offset, text) in hostileTexts.enumerated() {
            let n = UInt8(offset + 1)
            let (due, tags, recurrence) = attributes[offset % attributes.count]
            tasks.append(task(n, text, favorite: n % 3 == 0, isDone: n % 2 == 0, due: due, tags: tags, recurrence: recurrence))
        }
        return TaskList(tasks)
    }
}
