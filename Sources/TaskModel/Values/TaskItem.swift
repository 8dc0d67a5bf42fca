import Foundation

/// One to-do item as stored: a stable identity, its text, its favourite and done flags, when it was
/// made, when it is due, its tags, how it recurs, and the fields of other programs' formats that tasks keeps for them. Its place in the list is the order of the list that holds it (each backend keeps
/// an explicit position for it).
public struct TaskItem: Sendable, Hashable, Identifiable {
    /// The stable identity of a task: the same in every backend and every export.
    public typealias ID = UUID

    /// The stable identity of the task, unchanged by edits, moves, removals and undo.
    public var id: ID
    /// The text exactly as the user gave it (any Unicode, control characters included).
    public var text: String
    /// Whether the task is marked as a favourite.
    public var isFavorite: Bool
    /// When the task was checked off; nil while it is not done.
    public var doneAt: Date?
    /// When the task was created.
    public var createdAt: Date
    /// What the task holds of other formats that tasks does not model (todo.txt priorities,
    /// Taskwarrior tags and annotations, iCalendar properties), by format (`todo.txt`,
    /// `taskwarrior`, `icalendar`): each value is that format's own text, opaque to the model,
    /// written back when the task is exported to that format again. Never an empty value.
    public var foreign: [String: String]
    /// When the task is due; nil when it has no due date.
    public var due: Due?
    /// Its tags in the order given, each once (`Tags`): `home` for `+home`, `@phone` for a context.
    public var tags: [String]
    /// How it comes back once checked off; nil when it does not recur.
    public var recurrence: Recurrence?
    /// When it was last changed (by a command, or by an import, at the time its file gives); nil
    /// while it is as it was created, so that an append stores nothing more.
    public var modifiedAt: Date?

    /// Creates a task value; a backend assigns `id` when it creates one.
    public init(id: ID, text: String, isFavorite: Bool = false, doneAt: Date? = nil, createdAt: Date,
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

    /// Whether the task is checked off.
    public var isDone: Bool { doneAt != nil }
}
