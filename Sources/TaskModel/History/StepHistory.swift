import Foundation

/// What a backend's write transaction does with the undo history, in `RecordedStep`s: from these
/// few translations between its rows and TaskModel's values, undo, redo and every change of a
/// task's fields are written once, here, for every backend.
///
/// A backend may store a step more compactly than as a before- and after-state per task (SQLite's
/// appended tasks name the step that made them), as long as it reads back as one.
package protocol StepHistory: PositionedList {
    /// The tasks of `ids` that are in the list, as they are now; the others are left out.
    func states(of ids: [TaskItem.ID]) throws -> [TaskItem.ID: TaskState]

    /// Whether a task of identity `id` is stored, in the list or not (removed, kept for undo): a
    /// new task cannot take it.
    func isTaken(_ id: TaskItem.ID) throws -> Bool

    /// Records a new step of `kind` that took each task from its before-state to its after-state
    /// (first dropping the undone steps, which can no longer be redone), and writes the after-states.
    func record(_ kind: Change.Kind, _ transitions: [TaskTransition]) throws

    /// The step `undo` would revert (`undone` false) or `redo` would re-apply (`undone` true),
    /// nil when there is none.
    func step(undone: Bool) throws -> RecordedStep?

    /// Writes back the side of `step` that an undo (`undoing`) or a redo leaves, and marks the step
    /// undone or not.
    func write(_ step: RecordedStep, undoing: Bool) throws

    /// Whether several people change the list, each with a history of their own (a shared list):
    /// then a task that is no longer as a step left it was changed by someone else. In a history of
    /// its own (SQLite's, one for the file), it means the history no longer matches the list.
    var isShared: Bool { get }

    /// Who last changed these tasks, when it was someone else (a shared list); sorted.
    func othersWhoChanged(_ ids: [TaskItem.ID]) throws -> [String]

    /// Gives the tasks of `ids` (all in the list) `time` as their last change, changing nothing
    /// else: an undo or a redo is a change of its own.
    func stamp(_ ids: [TaskItem.ID], changedAt time: Date) throws
}

extension StepHistory {
    package var isShared: Bool { false }

    package func othersWhoChanged(_ ids: [TaskItem.ID]) throws -> [String] { [] }

    /// Reverts the latest change that is not undone, the tasks it leaves in the list changed at
    /// `time`; throws `nothingToUndo`, or, when a task it touched is no longer as it left it,
    /// `changedSince` (a shared list) or `damagedHistory`.
    package func undoStep(at time: Date) throws -> Change {
        guard let step = try step(undone: false) else { throw StoreError.nothingToUndo }
        return try replay(step, undoing: true, at: time)
    }

    /// Re-applies the latest undone change, the tasks it leaves in the list changed at `time`;
    /// throws `nothingToRedo`, or, when a task it touched is no longer as the undo left it,
    /// `changedSince` (a shared list) or `damagedHistory`.
    package func redoStep(at time: Date) throws -> Change {
        guard let step = try step(undone: true) else { throw StoreError.nothingToRedo }
        return try replay(step, undoing: false, at: time)
    }

    private func replay(_ step: RecordedStep, undoing: Bool, at time: Date) throws -> Change {
        let current = try states(of: step.transitions.map(\.id))
        // The time of a task's last change is the undo's or redo's that last wrote it, not the image's.
        let changed = step.transitions.filter { transition in
            switch (current[transition.id], transition.expected(undoing: undoing)) {
            case (nil, nil): false
            case let (now?, expected?): !now.isSame(asideFromTimeOfChange: expected)
            default: true
            }
        }
        guard changed.isEmpty else {
            guard isShared else { throw damagedHistory(at: step.number, "a task it touched is not as it left it") }
            throw StoreError.changedSince(change: step.change(undoing: undoing, current: current),
                                          by: try othersWhoChanged(changed.map(\.id)), undoing: undoing)
        }
        try write(step, undoing: undoing)
        let left = step.transitions.compactMap { $0.expected(undoing: !undoing) == nil ? nil : $0.id }
        if !left.isEmpty { try stamp(left, changedAt: Date(timeIntervalSince1970: time.timeIntervalSince1970)) } // as it reads back
        return step.change(undoing: undoing)
    }

    /// Records a change of `kind` to the fields of each task of `ids` (each once, all in the list,
    /// else it throws `tasksNotFound` and changes nothing) that `update` makes; a task it leaves as
    /// it was is not part of the step, and a change that leaves every task as it was records nothing.
    /// Each task changed takes `time` as the time of its last change. Returns the after-states, in
    /// the order named.
    @discardableResult
    package func change(_ ids: [TaskItem.ID], as kind: Change.Kind, at time: Date,
                        _ update: (inout TaskState) throws -> Void) throws -> [TaskState] {
        let time = Date(timeIntervalSince1970: time.timeIntervalSince1970) // as it reads back
        let ids = ids.uniqued()
        let states = try self.states(of: ids)
        let absent = ids.filter { states[$0] == nil }
        guard absent.isEmpty else { throw StoreError.tasksNotFound(ids: absent) }
        var transitions: [TaskTransition] = []
        var after: [TaskState] = []
        for id in ids {
            guard let before = states[id] else { throw StoreError.tasksNotFound(ids: [id]) }
            var state = before
            try update(&state)
            state.task.id = id
            if !state.isSame(as: before) {
                state.task.modifiedAt = time
                transitions.append(TaskTransition(id: id, before: before, after: state))
            }
            after.append(state)
        }
        if !transitions.isEmpty { try record(kind, transitions) }
        return after
    }
}
