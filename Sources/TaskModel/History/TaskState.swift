/// A task as one side of a step saw it: every field and its place in the list. A step of the
/// undo history is a list of these, before and after, so that a new field of `TaskItem` is
/// recorded, undone and redone with no new code.
public struct TaskState: Sendable, Hashable {
    /// Every field of the task.
    public var task: TaskItem
    /// Its place: the backend's position key (`ListPosition`).
    public var position: Int64

    /// Whether `other` holds the same values. Texts are compared by their bytes, not with `==`
    /// (Swift calls canonically equivalent strings equal, and an edit between them is a change).
    public func isSame(as other: TaskState) -> Bool {
        position == other.position && hasSameFields(as: other)
    }

    /// Whether `other` is the same but for the time of its last change (`modifiedAt`).
    public func isSame(asideFromTimeOfChange other: TaskState) -> Bool {
        var other = other
        other.task.modifiedAt = task.modifiedAt
        return isSame(as: other)
    }

    /// Whether `other` holds the same fields, wherever it is: every field of `TaskItem` (a new one
    /// included, by its synthesized `==`), and the text and tags byte for byte.
    public func hasSameFields(as other: TaskState) -> Bool {
        task == other.task && task.text.utf8.elementsEqual(other.task.text.utf8)
            && task.tags.elementsEqual(other.task.tags) { $0.utf8.elementsEqual($1.utf8) }
    }
}

extension TaskState {
    /// The state of `task` at `position`.
    public init(_ task: TaskItem, at position: Int64) {
        self.task = task
        self.position = position
    }
}

/// What one step did to one task: its state before and after, nil on a side where the task was
/// not in the list (not made yet, removed, or cleared).
public struct TaskTransition: Sendable, Hashable {
    public var id: TaskItem.ID
    public var before: TaskState?
    public var after: TaskState?

    public init(id: TaskItem.ID, before: TaskState?, after: TaskState?) {
        self.id = id
        self.before = before
        self.after = after
    }

    /// The side an undo (`undoing`) or a redo leaves the task in.
    public func target(undoing: Bool) -> TaskState? { undoing ? before : after }
    /// The side an undo (`undoing`) or a redo expects to find.
    public func expected(undoing: Bool) -> TaskState? { undoing ? after : before }
}
