import Foundation

/// One to-do item as stored: a stable identity, its text, a favourite flag and its place in the list.
public struct TaskItem: Sendable, Hashable, Identifiable {
    /// The stable identity of a task: an SQLite row id that is never reused.
    public typealias ID = Int64

    /// The stable identity of the task, unchanged by edits, removals and undo.
    public var id: ID
    /// The text exactly as the user gave it (any Unicode, control characters included).
    public var text: String
    /// Whether the task is marked as a favourite.
    public var isFavorite: Bool
    /// When the task was created.
    public var createdAt: Date

    /// Creates a task value; the database assigns `id` when it creates one.
    public init(id: ID, text: String, isFavorite: Bool, createdAt: Date) {
        self.id = id
        self.text = text
        self.isFavorite = isFavorite
        self.createdAt = createdAt
    }

    /// The task's place in the list: tasks are listed by ascending position, which is the order
    /// they were created in, so the identity (a step number, always increasing) doubles as it.
    /// Listing in rowid order needs no index: appends write one row and `list` scans the table.
    public var position: Int64 { id }
}
