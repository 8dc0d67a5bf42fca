/// A change to the list as recorded in the undo journal, described for messages such as "Undid …".
public struct Change: Sendable, Hashable {
    /// What a change did.
    public enum Kind: String, Sendable, Hashable {
        /// A task was created.
        case create
        /// The favourite flag of one or more tasks was toggled.
        case toggleFavorite
        /// One or more tasks were removed.
        case remove
        /// All tasks were removed.
        case removeAll
        /// The text of a task was replaced.
        case edit
    }

    /// What the change did.
    public var kind: Kind
    /// How many tasks it touched.
    public var taskCount: Int
    /// The text of the task, when the change touched exactly one (as it reads after the undo or redo).
    public var text: String?

    /// Creates a change description.
    public init(kind: Kind, taskCount: Int, text: String?) {
        self.kind = kind
        self.taskCount = taskCount
        self.text = text
    }
}
