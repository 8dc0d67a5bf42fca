import TaskModel

/// Makes the details of rows (`TaskRow.Details`) for one showing of a list: tags as typed, due
/// dates in words. A long list repeats a few tag sets and days many times, so the latest ones
/// written are kept (compared, not hashed: comparing small strings costs less than hashing them).
struct DetailWords {
    let dueText: DueText
    private var tagTexts = RecentValues<[String], String>()
    private var dayTexts = RecentValues<CalendarDay, String>()

    init(dueText: DueText) {
        self.dueText = dueText
    }

    /// The details of a task with these values; nil when it has no due date, tags or recurrence.
    mutating func details(due: Due?, tags: [String], isRecurring: Bool, isDone: Bool) -> TaskRow.Details? {
        guard due != nil || !tags.isEmpty || isRecurring else { return nil }
        return TaskRow.Details(tags: text(of: tags), due: due.map { text(of: $0) },
                               isOverdue: !isDone && due.map(dueText.isOverdue) == true, isRecurring: isRecurring)
    }

    private mutating func text(of tags: [String]) -> String {
        guard !tags.isEmpty else { return "" }
        return tagTexts.value(for: tags) { $0.map(AttributeWords.typed(tag:)).joined(separator: " ") }
    }

    private mutating func text(of due: Due) -> String {
        guard case let .day(day) = due else { return dueText.words(due) }
        return dayTexts.value(for: day) { _ in dueText.words(due) }
    }
}
