import TaskModel

/// What reading a file gave: the tasks to import, in file order, and the entries left out.
public struct ParsedFile: Sendable, Hashable {
    /// The tasks, in the order of the file.
    public var tasks: [TaskImport]
    /// The entries that are not imported, and why.
    public var skipped: [SkippedEntry]
    /// How precisely the file gives times: a task whose stored time reads the same at this
    /// precision keeps the stored one when imported again (`InterchangeFormat.reconcile`).
    public var precision: TimePrecision
    /// How many tasks came with a rule of repeating tasks cannot follow (iCalendar: an `RRULE` of
    /// another form, or beside `EXDATE`): imported as tasks that do not repeat, the rule kept
    /// among their iCalendar fields.
    public var unfollowedSeries = 0

    /// Creates a parsed file.
    public init(tasks: [TaskImport], skipped: [SkippedEntry] = [], precision: TimePrecision) {
        self.tasks = tasks
        self.skipped = skipped
        self.precision = precision
    }
}

/// An entry of a file that is not imported.
public struct SkippedEntry: Sendable, Hashable {
    /// Why an entry is left out.
    public enum Reason: Sendable, Hashable {
        /// Taskwarrior: a deleted task (`status: deleted`).
        case deleted
        /// Taskwarrior: the template of a recurring task (`status: recurring`); its instances are imported.
        case recurringTemplate
        /// iCalendar: a component that is not a to-do (`VEVENT`, `VJOURNAL`, …), named.
        case notAToDo(String)
        /// A task with no text (`- [ ]`, a todo.txt line of only a date, a to-do without `SUMMARY`),
        /// which `add` would refuse too.
        case noText
    }

    /// Why it is left out.
    public var reason: Reason
    /// Its text (description, summary), when it has one.
    public var text: String?
    /// The line it starts on.
    public var line: Int

    /// Creates a skipped entry.
    public init(reason: Reason, text: String?, line: Int) {
        self.reason = reason
        self.text = text
        self.line = line
    }
}

extension TaskImport {
    /// Whether the text is nothing but ASCII white space, as `add` (which trims it) refuses.
    var hasNoText: Bool {
        text.utf8.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) }
    }
}

/// How precisely a format writes times.
public enum TimePrecision: Sendable, Hashable {
    /// To the day, in the local time zone (todo.txt).
    case day
    /// To the second (Taskwarrior, iCalendar, Markdown).
    case second
}
