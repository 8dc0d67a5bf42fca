import Foundation
import TaskModel

/// A task's due date, tags and recurrence as Taskwarrior's members:
///
/// - `due` is Taskwarrior's UTC timestamp. Taskwarrior has only instants: an all-day date is written
///   as the start of that day in the export's time zone (what `task add due:2026-12-01` stores),
///   with the member `tasksdue: "day"` (kept by Taskwarrior as an attribute it does not know, and
///   copied by it to the next instance of a recurring task) saying it is a date. A due without that
///   member is an instant, as Taskwarrior means it.
/// - `tags` is the array of the tags (`home`, `@phone`).
/// - `recur` is Taskwarrior's period (`daily`, `weekly`, `monthly`, `quarterly`, `yearly`,
///   `weekdays`, `3d`, `2w`, `2mo`, `2y`) when Taskwarrior can say it: anchored to a due date, and
///   for months on the due date's day. Taskwarrior keeps a recurring task as a template
///   (`status: recurring`) and its instances (`parent`, `imask`): a pending task of ours is written
///   as an instance (`imask: 0`, `rtype: periodic`) after a template of its own whose identity is
///   derived from the task's (`templateID`), so that `task import` takes the task as an instance
///   and makes no second one; reading skips that template without reporting it. A task that came
///   from Taskwarrior as an instance keeps its `parent` and gets no template (Taskwarrior has it).
///   A recurrence Taskwarrior cannot say (counted from completion, other weekdays, another day of
///   the month, no due date, a zone of its own or a time of day kept) is `tasksrecur` with the
///   store's form (`Recurrence.storedForm`).
enum TaskwarriorAttributes {
    private static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// The identity of the template written for the recurring task `id`.
    static func templateID(of id: UUID) -> UUID {
        StableIdentity.uuid(for: "taskwarrior-template:" + id.lowercasedText)
    }

    // MARK: Writing

    /// The members for `task`'s due date, recurrence and tags, and the template to write before it
    /// (nil when it needs none); `hasParent`: the task came from Taskwarrior as an instance.
    static func members(of task: TaskItem, hasParent: Bool,
                        timeZone: TimeZone) -> (members: [JSONValue.Member], template: [JSONValue.Member]?) {
        var members: [JSONValue.Member] = []
        var dueDay: CalendarDay?
        var dueText: String?
        switch task.due {
        case let .day(day)?:
            dueDay = day
            dueText = Timestamps.basicUTC(day.start(in: timeZone))
        case let .instant(instant)?:
            dueDay = CalendarDay(instant, in: timeZone)
            dueText = Timestamps.basicUTC(instant)
        case nil: break
        }
        if let dueText { members.append(.init(key: "due", value: .string(dueText))) }
        var template: [JSONValue.Member]?
        if let recurrence = task.recurrence {
            if let dueText, let dueDay, let period = period(recurrence, dueDay: dueDay) {
                members.append(.init(key: "recur", value: .string(period)))
                if !task.isDone && !hasParent {
                    let templateID = templateID(of: task.id)
                    members += [.init(key: "parent", value: .string(templateID.lowercasedText)),
                                .init(key: "imask", value: .number("0")), .init(key: "rtype", value: .string("periodic"))]
                    template = [
                        .init(key: "uuid", value: .string(templateID.lowercasedText)),
                        .init(key: "description", value: .string(task.text)),
                        .init(key: "entry", value: .string(Timestamps.basicUTC(task.createdAt))),
                        .init(key: "status", value: .string("recurring")),
                        .init(key: "due", value: .string(dueText)), .init(key: "recur", value: .string(period)),
                        .init(key: "mask", value: .string("-")), .init(key: "rtype", value: .string("periodic")),
                    ]
                }
                // `recur` reads back as the due date's day of the month; a day fixed already is kept
                // exactly, and so is a series' clock (a zone of its own, a time of day kept).
                let fixedDay = if case .months(_, _?) = recurrence.rule { true } else { false }
                if fixedDay || recurrence.zone != nil || recurrence.minuteOfDay != nil {
                    members.append(.init(key: "tasksrecur", value: .string(recurrence.storedForm)))
                }
            } else {
                members.append(.init(key: "tasksrecur", value: .string(recurrence.storedForm)))
            }
        }
        // Taskwarrior copies a template's tags and attributes to the instances it makes.
        var shared: [JSONValue.Member] = []
        if !task.tags.isEmpty { shared.append(.init(key: "tags", value: .array(task.tags.map(JSONValue.string)))) }
        if case .day? = task.due { shared.append(.init(key: "tasksdue", value: .string("day"))) }
        members += shared
        template? += shared
        return (members, template)
    }

    /// Taskwarrior's period for `recurrence` on a task due on `dueDay`; nil when it has none.
    private static func period(_ recurrence: Recurrence, dueDay: CalendarDay) -> String? {
        guard !recurrence.fromCompletion else { return nil }
        switch recurrence.rule {
        case let .days(count): return count == 1 ? "daily" : "\(count)d"
        case let .weeks(count): return count == 1 ? "weekly" : "\(count)w"
        case let .months(count, dayOfMonth):
            guard dayOfMonth == nil || dayOfMonth == dueDay.date.day else { return nil }
            switch count {
            case 1: return "monthly"
            case 3: return "quarterly"
            case 12: return "yearly"
            default: return count % 12 == 0 ? "\(count / 12)y" : "\(count)mo"
            }
        case let .weekdays(days): return days == workdays ? "weekdays" : nil
        }
    }

    // MARK: Reading

    /// What reading took from a task's members, and the keys it took.
    struct Read {
        var due: Due?
        var tags: [String] = []
        var recurrence: Recurrence?
        var taken: Set<String> = []
    }

    /// The due date, tags and recurrence of the task `id`, its `due` read as `dueInstant`.
    static func read(_ object: JSONValue, id: UUID, dueInstant: Date?, timeZone: TimeZone) -> Read {
        var read = Read()
        if let dueInstant {
            read.taken.insert("due")
            if object["tasksdue"] == .string("day") {
                read.due = .day(day(of: dueInstant, in: timeZone))
            } else {
                read.due = .instant(dueInstant)
            }
        }
        if object["tasksdue"] == .string("day") { read.taken.insert("tasksdue") }
        if case let .array(values)? = object["tags"] {
            let tags = values.compactMap(\.string)
            if tags.count == values.count { // an array of tags: each made one we can show (`Tags.fromElsewhere`)
                read.tags = Tags.changing([], adding: tags.compactMap(Tags.fromElsewhere), removing: [])
                read.taken.insert("tags")
            }
        }
        let dueDay = read.due?.day(in: timeZone)
        if let stored = object["tasksrecur"]?.string, let recurrence = Recurrence(storedForm: stored), recurrence.isWithinReach {
            read.recurrence = recurrence.kept(forDueOn: dueDay)
            read.taken.insert("tasksrecur")
        } else if let period = object["recur"]?.string, dueDay != nil, let rule = rule(period) {
            read.recurrence = Recurrence(rule)
            read.taken.insert("recur")
        }
        // Only a task with a parent can be the instance of our template (whose identity costs a hash to make).
        if let parent = object["parent"], parent == .string(templateID(of: id).lowercasedText) {
            read.taken.formUnion(["parent", "imask", "rtype"])
        }
        return read
    }

    /// The day an all-day due falls on: the day it starts in `timeZone` when it is a start of a day
    /// there (a file of the same zone), else the day whose UTC midnight is nearest (a file of
    /// another zone, twelve hours either side).
    private static func day(of instant: Date, in timeZone: TimeZone) -> CalendarDay {
        let local = CalendarDay(instant, in: timeZone)
        if local.start(in: timeZone) == instant { return local }
        return CalendarDay(daysSince1970: Int((instant.timeIntervalSince1970 / 86_400).rounded()))
    }

    /// The rule of a Taskwarrior period (its synonyms as `task` reads them); nil for any other.
    private static func rule(_ period: String) -> Recurrence.Rule? {
        let dayOfMonth: Int? = nil // the due date's
        switch period {
        case "daily", "day": return .days(1)
        case "weekly", "week", "sennight": return .weeks(1)
        case "biweekly", "fortnight": return .weeks(2)
        case "monthly", "month": return .months(1, dayOfMonth: dayOfMonth)
        case "bimonthly": return .months(2, dayOfMonth: dayOfMonth)
        case "quarterly": return .months(3, dayOfMonth: dayOfMonth)
        case "semiannual": return .months(6, dayOfMonth: dayOfMonth)
        case "yearly", "annual", "year": return .months(12, dayOfMonth: dayOfMonth)
        case "biannual", "biyearly": return .months(24, dayOfMonth: dayOfMonth)
        case "weekdays": return .weekdays(workdays)
        default: break
        }
        let digits = period.prefix { $0.isASCII && $0.isNumber }
        guard let count = digits.isEmpty ? 1 : Int(digits), Recurrence.periodCounts.contains(count) else { return nil }
        switch period.dropFirst(digits.count) {
        case "d", "day", "days": return .days(count)
        case "w", "wk", "wks", "week", "weeks": return .weeks(count)
        case "mo", "mos", "mth", "mths", "month", "months": return .months(count, dayOfMonth: dayOfMonth)
        case "q", "qtr", "qtrs", "quarter", "quarters": return .months(3 * count, dayOfMonth: dayOfMonth)
        case "y", "yr", "yrs", "year", "years": return .months(12 * count, dayOfMonth: dayOfMonth)
        default: return nil
        }
    }
}
