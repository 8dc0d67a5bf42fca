import Foundation
import TaskModel

/// Which tasks the prompt shows until `list`, with their whole-list numbers: those `find` matches,
/// those due today or overdue (`today`), or every dated task not done (`upcoming`).
enum ListFilter: Sendable, Hashable {
    case find(TaskFilter)
    case today
    case upcoming

    /// The command that set it: `find`, `today`, `upcoming`.
    var command: String {
        switch self {
        case .find: "find"
        case .today: "today"
        case .upcoming: "upcoming"
        }
    }

    /// What the prompt says while it is in effect: `find milk`, `today`.
    var name: String {
        switch self {
        case let .find(filter): "find \(filter.query.abbreviated(to: 20))"
        case .today: "today"
        case .upcoming: "upcoming"
        }
    }

    /// The indices of the tasks of `list` it shows, in the order shown: a search's in list order;
    /// `today`'s overdue ones first; `upcoming`'s by date; each by list order where they tie.
    func shownIndices(in list: TaskList, at moment: Moment) -> [Int] {
        switch self {
        case let .find(filter):
            return filter.matchingIndices(in: list)
        case .today, .upcoming:
            var dated: [(index: Int, key: DateKey)] = []
            let today = moment.today
            list.forEachTask { index, _, flags in
                guard !flags.isDone, let due = flags.due else { return }
                let key = DateKey(due, at: moment, today: today, overdueFirst: self == .today)
                if self == .upcoming || key.day <= today { dated.append((index, key)) }
            }
            return dated.sorted { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.index)
        }
    }

    /// The order of dated tasks: for `today`, the overdue ones first (a time passed today comes
    /// before a task due all day today); then by day, an all-day task before the timed ones of its
    /// day, timed ones by time.
    private struct DateKey: Comparable {
        var rank: Int
        var day: CalendarDay
        var time: Double

        init(_ due: Due, at moment: Moment, today: CalendarDay, overdueFirst: Bool) {
            rank = overdueFirst && !due.isOverdue(at: moment.now, today: today) ? 1 : 0
            day = due.day(in: moment.timeZone)
            time = if case let .instant(instant) = due { instant.timeIntervalSince1970 } else { -.infinity }
        }

        static func < (first: DateKey, second: DateKey) -> Bool {
            (first.rank, first.day, first.time) < (second.rank, second.day, second.time)
        }
    }

    /// The line after the rows: how many of the list it shows, or why none.
    func summary(shown: Int, of count: Int) -> String {
        let tasks = count == 1 ? "1 task" : "\(count) tasks"
        switch self {
        case let .find(filter):
            let query = "“\(filter.query.abbreviated(to: 40))”"
            guard shown > 0 else {
                return "No task matches \(query); " + (count == 0 ? "the list is empty" : "`list` shows all \(count)")
            }
            return "\(shown) of \(tasks) \(shown == 1 ? "matches" : "match") \(query); `list` shows all"
        case .today:
            guard shown > 0 else { return "Nothing is due today or overdue; `upcoming` shows what comes next" }
            return "\(shown) of \(tasks) due today or overdue; `list` shows all"
        case .upcoming:
            guard shown > 0 else { return "No task to do has a due date; `due N DATE` gives one" }
            return "\(shown) of \(tasks) to do by a date; `list` shows all"
        }
    }
}
