/// What a row shows after its text: the task's tags and its due date in words, both as the
/// presenter wrote them, and the marks the formatter draws for them (overdue, recurring).
public struct RowDetails: Sendable, Hashable {
    /// The tags as shown (`+home @phone`), or empty.
    public var tags: String
    /// The due date in words (`fri 17:00`), nil when there is none.
    public var due: String?
    /// Whether the due date has passed: red with colour, marked `!` without.
    public var isOverdue: Bool
    /// Whether the task recurs: marked `↻`.
    public var isRecurring: Bool

    public init(tags: String = "", due: String? = nil, isOverdue: Bool = false, isRecurring: Bool = false) {
        self.tags = tags
        self.due = due
        self.isOverdue = isOverdue
        self.isRecurring = isRecurring
    }

    /// The details as written after the text, without colour: `+home  fri ↻`, `yesterday!`.
    public var plainText: String { parts(overdueMark: "!").joined(separator: "  ") }

    /// The tags, the due date (with `overdueMark` after it when it has passed) and the recurrence
    /// mark, each part that is there.
    func parts(overdueMark: String) -> [String] {
        var parts: [String] = []
        if !tags.isEmpty { parts.append(tags) }
        var date = due.map { $0 + (isOverdue ? overdueMark : "") } ?? ""
        if isRecurring { date += date.isEmpty ? "↻" : " ↻" }
        if !date.isEmpty { parts.append(date) }
        return parts
    }
}
