/// What the reference model's prompt shows until `list`, with whole-list numbers: the tasks a search
/// matches, those due today or overdue, or every dated task to do.
enum ReferenceView: Equatable {
    /// `find TEXT`: its tag words (`+home`, `@phone`) must be tags of the task, its other words
    /// (joined by single spaces) part of the text, both without case.
    case find(String)
    case today
    case upcoming

    /// The tasks of `numbered` it shows, in its order: a search's in list order, the views' by due
    /// date (an all-day task before the timed ones of its day; for `today`, the overdue ones first),
    /// then by number.
    func shown(_ numbered: [(number: Int, task: ReferenceTask)]) -> [(number: Int, task: ReferenceTask)] {
        switch self {
        case let .find(query):
            let words = query.split(separator: " ").map(String.init)
            // A context is found as `@phone` or `+@phone`.
            func tag(_ word: String) -> String? { ReferenceWords.tag(word.hasPrefix("+@") ? String(word.dropFirst()) : word) }
            let tags = words.compactMap(tag).map(Self.folded)
            let text = Self.folded(tags.isEmpty ? query : words.filter { tag($0) == nil }.joined(separator: " "))
            return numbered.filter { _, task in
                tags.allSatisfy { tag in task.tags.contains { Self.folded($0) == tag } }
                    && (text.isEmpty || Self.folded(task.text).contains(text))
            }
        case .today, .upcoming:
            let dated = numbered.filter { _, task in
                guard !task.isDone, let due = task.due else { return false }
                return self == .upcoming || due.day <= ReferenceCalendar.today
            }
            return dated.sorted { first, second in
                // Each dated task has a due date: `filter` kept only those.
                let (firstDue, secondDue) = (first.task.due ?? ReferenceDue(day: 0), second.task.due ?? ReferenceDue(day: 0))
                // `today` shows the overdue ones first.
                if self == .today, firstDue.isOverdue != secondDue.isOverdue { return firstDue.isOverdue }
                return firstDue == secondDue ? first.number < second.number : firstDue < secondDue
            }
        }
    }

    /// Text compared without case, as `find` does: upper case then lower case (`ß` → `ss`).
    private static func folded(_ text: String) -> String {
        text.uppercased().lowercased()
    }
}
