import Foundation

/// One to-do item as stored: a stable identity, its text, its favourite and done flags, and when
/// it was made. Its place in the list is the order of the list that holds it (each backend keeps
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

    /// Creates a task value; a backend assigns `id` when it creates one.
    public init(id: ID, text: String, isFavorite: Bool = false, doneAt: Date? = nil, createdAt: Date) {
        self.id = id
        self.text = text
        self.isFavorite = isFavorite
        self.doneAt = doneAt
        self.createdAt = createdAt
    }

    /// Whether the task is checked off.
    public var isDone: Bool { doneAt != nil }
}
