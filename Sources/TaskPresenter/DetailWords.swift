import TaskModel

/// Makes the details of rows (`TaskRow.Details`) for one showing of a list: tags as typed, due
/// dates in words. A long list repeats a few tag sets and days many times, so each is written once.
struct DetailWords {
    let dueText: DueText
    private var tagTexts: [[String]: String] = [:]
    private var dayTexts: [CalendarDay: String] = [:]

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
        if let known = tagTexts[tags] { return known }
        let text = tags.map(AttributeWords.typed(tag:)).joined(separator: " ")
        tagTexts[tags] = text
        return text
    }

    private mutating func text(of due: Due) -> String {
        guard case let .day(day) = due else { return dueText.words(due) }
        if let known = dayTexts[day] { return known }
        let text = dueText.words(due)
        dayTexts[day] = text
        return text
    }
}
