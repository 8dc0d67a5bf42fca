import Foundation

/// One task read from a file, to be imported by `TaskWriting.importTasks`: a task value whose
/// identity may be unknown (a todo.txt line written by another program has none).
public struct TaskImport: Sendable, Hashable {
    /// The task's identity, when the file gives one: a task with this identity in the store is updated.
    public var id: TaskItem.ID?
    /// The text, exactly as it is to be stored.
    public var text: String
    /// Whether the task is a favourite.
    public var isFavorite: Bool
    /// When it was checked off; nil when it is not done.
    public var doneAt: Date?
    /// When it was created.
    public var createdAt: Date
    /// Other formats' fields, by format (see `TaskItem.foreign`). On a task that exists, each format
    /// named here replaces that format's fields (an empty value removes them); others are kept.
    public var foreign: [String: String]
    /// When it is due, its tags and how it recurs: set as given on a task that exists.
    public var due: Due?
    public var tags: [String]
    public var recurrence: Recurrence?
    /// When the file says the task was last changed (Taskwarrior's `modified`, iCalendar's
    /// `LAST-MODIFIED`); nil when it does not say. A task the import changes takes it (or the time
    /// of the import); one it leaves as it is keeps its own.
    public var modifiedAt: Date?

    /// Creates a task to import.
    public init(id: TaskItem.ID?, text: String, isFavorite: Bool = false, doneAt: Date? = nil, createdAt: Date,
                foreign: [String: String] = [:], due: Due? = nil, tags: [String] = [], recurrence: Recurrence? = nil,
                modifiedAt: Date? = nil) {
        self.id = id
        self.text = text
        self.isFavorite = isFavorite
        self.doneAt = doneAt
        self.createdAt = createdAt
        self.foreign = foreign
        self.due = due
        self.tags = tags
        self.recurrence = recurrence
        self.modifiedAt = modifiedAt
    }
}

/// Where the tasks of an import come from, which names its step in the undo history.
public enum ImportSource: Sendable, Hashable {
    /// A file (`import`): the step is an `importTasks` one.
    case file
    /// A CalDAV task list (`sync`): the step is a `sync` one.
    case sync

    /// The kind of step an import from here records.
    public var changeKind: Change.Kind {
        switch self {
        case .file: .importTasks
        case .sync: .sync
        }
    }
}

/// What `importTasks` did with each task it was given, and how many tasks it removed and placed.
public struct ImportOutcome: Sendable, Hashable {
    /// What became of one task.
    public enum Effect: Sendable, Hashable {
        /// It was not in the list: it was added at the end (or, when hidden by a removal, brought back in its place).
        case added
        /// It was in the list and is changed.
        case updated
        /// It was in the list exactly so.
        case unchanged
    }

    /// One effect per task given, in the order given.
    public var effects: [Effect]
    /// How many of the tasks it was asked to remove were in the list, and are removed.
    public var removedCount: Int
    /// How many of the placements it was given put a task elsewhere (the others were passed over).
    public var placedCount: Int

    /// Creates an outcome.
    public init(effects: [Effect], removedCount: Int = 0, placedCount: Int = 0) {
        self.effects = effects
        self.removedCount = removedCount
        self.placedCount = placedCount
    }

    /// How many tasks had `effect`.
    public func count(_ effect: Effect) -> Int {
        effects.reduce(0) { $0 + ($1 == effect ? 1 : 0) }
    }
}
