/// One line of the list as the view shows it: the number the user types, the text, the marks.
public struct TaskRow: Sendable, Hashable {
    /// The number shown in front of the task, from 1: its place in the whole list.
    public var number: Int
    /// The UTF-8 of the task's text exactly as stored (the view escapes control characters);
    /// for rows of a `TaskRows`, a slice of the list's shared buffer of texts.
    public var utf8: ArraySlice<UInt8>
    /// Whether the row shows a star.
    public var isFavorite: Bool
    /// Whether the row shows the task as done.
    public var isDone: Bool
    /// What the row shows after the text; nil for a task with no due date, tags or recurrence.
    public var details: Details?

    /// A row's tags and due date in words, and its marks.
    public struct Details: Sendable, Hashable {
        /// The tags as typed (`+home @phone`), or empty.
        public var tags: String
        /// The due date in words (`fri 17:00`), nil when there is none.
        public var due: String?
        /// Whether the task is not done and its due date has passed.
        public var isOverdue: Bool
        /// Whether it recurs.
        public var isRecurring: Bool

        public init(tags: String = "", due: String? = nil, isOverdue: Bool = false, isRecurring: Bool = false) {
            self.tags = tags
            self.due = due
            self.isOverdue = isOverdue
            self.isRecurring = isRecurring
        }
    }

    /// The task's text exactly as stored, made from `utf8` when read.
    public var text: String {
        get { String(decoding: utf8, as: UTF8.self) }
        set { utf8 = ArraySlice(newValue.utf8) }
    }

    /// Creates a row.
    public init(number: Int, text: String, isFavorite: Bool, isDone: Bool = false, details: Details? = nil) {
        self.init(number: number, utf8: ArraySlice(text.utf8), isFavorite: isFavorite, isDone: isDone, details: details)
    }

    /// Creates a row from the UTF-8 of its text (invalid UTF-8 reads as U+FFFD in `text`).
    public init(number: Int, utf8: ArraySlice<UInt8>, isFavorite: Bool, isDone: Bool = false, details: Details? = nil) {
        self.number = number
        self.utf8 = utf8
        self.isFavorite = isFavorite
        self.isDone = isDone
        self.details = details
    }
}
