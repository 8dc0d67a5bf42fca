import TaskModel
import TaskPresenter

/// A task of the reference model; equal to another only when the texts and tags are the same bytes
/// (Swift's `==` on strings would call `é` and `e` + combining accent equal).
struct ReferenceTask: Equatable, CustomStringConvertible {
    var text: String
    var isFavorite: Bool
    var isDone: Bool
    var due: ReferenceDue?
    /// As typed less the `+` (`home`), a context with its `@` (`@phone`).
    var tags: [String]
    var recurrence: ReferenceRecurrence?

    init(text: String, isFavorite: Bool = false, isDone: Bool = false, due: ReferenceDue? = nil, tags: [String] = [],
         recurrence: ReferenceRecurrence? = nil) {
        self.text = text
        self.isFavorite = isFavorite
        self.isDone = isDone
        self.due = due
        self.tags = tags
        self.recurrence = recurrence
    }

    /// The task as the store keeps it.
    init(stored task: TaskItem) {
        self.init(text: task.text, isFavorite: task.isFavorite, isDone: task.isDone, due: task.due.map(ReferenceCalendar.due),
                  tags: task.tags, recurrence: task.recurrence.map(ReferenceRecurrence.init(stored:)))
    }

    /// The row that shows this task as number `number`.
    func row(_ number: Int) -> TaskRow {
        var details: TaskRow.Details?
        if due != nil || !tags.isEmpty || recurrence != nil {
            details = TaskRow.Details(tags: tags.map { $0.hasPrefix("@") ? $0 : "+" + $0 }.joined(separator: " "),
                                      due: due.map(ReferenceCalendar.words),
                                      isOverdue: !isDone && due?.isOverdue == true, isRecurring: recurrence != nil)
        }
        return TaskRow(number: number, text: text, isFavorite: isFavorite, isDone: isDone, details: details)
    }

    static func == (lhs: ReferenceTask, rhs: ReferenceTask) -> Bool {
        lhs.isFavorite == rhs.isFavorite && lhs.isDone == rhs.isDone && lhs.text.utf8.elementsEqual(rhs.text.utf8)
            && lhs.due == rhs.due && lhs.recurrence == rhs.recurrence
            && lhs.tags.map { Array($0.utf8) } == rhs.tags.map { Array($0.utf8) }
    }

    var description: String {
        (isFavorite ? "★" : "") + (isDone ? "✓" : "") + String(reflecting: text)
            + tags.map { " " + String(reflecting: $0) }.joined() + (due.map { " due \($0)" } ?? "")
            + (recurrence.map { " every \($0)" } ?? "")
    }
}

/// How a task of the reference model recurs: every so many days (a week is 7), counted from its due
/// date or from the day it is checked off; or on some days of the week (1 for Monday to 7).
enum ReferenceRecurrence: Hashable {
    case days(Int, afterCompletion: Bool)
    case weekdays(Set<Int>)
    /// A rule the generator never makes (months): equal to none of the others.
    case other(String)

    /// The recurrence the store keeps, as the reference model writes it.
    init(stored recurrence: Recurrence) {
        switch recurrence.rule {
        case let .days(count): self = .days(count, afterCompletion: recurrence.fromCompletion)
        case let .weeks(count): self = .days(7 * count, afterCompletion: recurrence.fromCompletion)
        case let .weekdays(days) where !recurrence.fromCompletion: self = .weekdays(Set(days.map(\.rawValue)))
        default: self = .other(recurrence.storedForm)
        }
    }

    /// The due date of the task that follows one due `due` checked off today: counted from today,
    /// or the first date of the rule after both its due date and today; a timed one keeps its time.
    func next(after due: ReferenceDue?) -> ReferenceDue {
        let today = ReferenceCalendar.today
        switch self {
        case let .days(count, afterCompletion):
            guard let due, !afterCompletion else { return ReferenceDue(day: today + count, minute: due?.minute) }
            var day = due.day + count
            while day <= today { day += count }
            return ReferenceDue(day: day, minute: due.minute)
        case let .weekdays(days):
            var day = max(due?.day ?? today, today) + 1
            while !days.contains(ReferenceCalendar.weekday(of: day)) { day += 1 }
            return ReferenceDue(day: day, minute: due?.minute)
        case .other:
            return ReferenceDue(day: today)
        }
    }
}
