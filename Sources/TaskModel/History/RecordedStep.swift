/// One step of the undo history as a backend reads it back: what kind of change it was and what
/// it did to each task it touched. Every backend stores steps its own way and hands them over in
/// this one shape, from which undo and redo are done the same way everywhere (`StepHistory`).
package struct RecordedStep: Sendable, Hashable {
    /// The step's number in its backend.
    package var number: Int64
    /// What the change was, for messages.
    package var kind: Change.Kind
    /// Each task it touched, in the order it touched them.
    package var transitions: [TaskTransition]

    package init(number: Int64, kind: Change.Kind, transitions: [TaskTransition]) {
        self.number = number
        self.kind = kind
        self.transitions = transitions
    }

    /// What the step did, as its tasks read after an undo (`undoing`) or a redo of it, or, given
    /// `current` (when the undo or redo was refused), as they read now, or, for a task no longer
    /// in the list, as the step left it.
    package func change(undoing: Bool, current: [TaskItem.ID: TaskState]? = nil) -> Change {
        guard transitions.count == 1, let transition = transitions.first else {
            return Change(kind: kind, taskCount: transitions.count)
        }
        let (target, expected) = (transition.target(undoing: undoing), transition.expected(undoing: undoing))
        guard let shown = current.map({ $0[transition.id] ?? expected ?? target }) ?? target ?? expected else {
            return Change(kind: kind, taskCount: transitions.count)
        }
        let isSet: Bool? = switch kind {
        case .toggleFavorite: shown.task.isFavorite
        case .toggleDone: shown.task.isDone
        default: nil
        }
        return Change(kind: kind, taskCount: 1, text: shown.task.text, isSet: isSet)
    }
}
