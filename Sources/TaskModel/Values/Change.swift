/// A change to the list as recorded in the undo history, described for messages such as "Undid …".
public struct Change: Sendable, Hashable {
    /// What a change did.
    public enum Kind: String, Sendable, Hashable {
        /// A task was created.
        case create
        /// The favourite flag of one or more tasks was toggled.
        case toggleFavorite
        /// The done flag of one or more tasks was toggled.
        case toggleDone
        /// One or more tasks were removed.
        case remove
        /// All tasks were removed.
        case removeAll
        /// The done tasks were removed.
        case removeDone
        /// The text of a task was replaced.
        case edit
        /// A task was moved to another place in the list.
        case move
        /// Tasks were imported from a file: added, updated or brought back.
        case importTasks
        /// The due date of one or more tasks was set or removed.
        case setDue
        /// Tags were added to or removed from one or more tasks.
        case retag
        /// How one or more tasks recur was set or stopped.
        case setRecurrence
        /// A sync with a CalDAV task list: tasks added, updated, brought back or removed.
        case sync
    }

    /// What the change did.
    public var kind: Kind
    /// How many tasks it touched.
    public var taskCount: Int
    /// The text of the task, when the change touched exactly one (as it reads after the undo or redo).
    public var text: String?
    /// For a toggle of one task: whether the flag is set after the undo or redo.
    public var isSet: Bool?

    /// Creates a change description.
    public init(kind: Kind, taskCount: Int, text: String? = nil, isSet: Bool? = nil) {
        self.kind = kind
        self.taskCount = taskCount
        self.text = text
        self.isSet = isSet
    }
}
