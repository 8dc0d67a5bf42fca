import Foundation

/// The changes to a task's fields and place, written once for every backend over `StepHistory`:
/// each reads the tasks' states, makes the new ones and records the step. A command changing a new
/// field is one more of these.
extension TaskWriting where Self: StepHistory {
    package func toggleFavorite(ids: [TaskItem.ID]) throws {
        try change(ids, as: .toggleFavorite) { $0.task.isFavorite.toggle() }
    }

    @discardableResult
    package func toggleDone(ids: [TaskItem.ID]) throws -> Date {
        let time = Date(timeIntervalSince1970: Date().timeIntervalSince1970) // as it reads back
        try change(ids, as: .toggleDone) { $0.task.doneAt = $0.task.isDone ? nil : time }
        return time
    }

    /// With `expected`, refuses with `textChanged` when the text stored is no longer that one. Texts
    /// are compared by their bytes (`change` records nothing when they are the same): Swift calls
    /// canonically equivalent strings equal, and an edit between them is a change.
    package func edit(id: TaskItem.ID, text: String, expected: String?) throws {
        try change([id], as: .edit) { state in
            if let expected, !state.task.text.utf8.elementsEqual(expected.utf8) {
                throw StoreError.textChanged(id: id, current: state.task.text)
            }
            state.task.text = text
        }
    }

    package func move(id: TaskItem.ID, to place: Placement) throws {
        let neighbour = switch place { case let .before(other), let .after(other): other }
        guard neighbour != id else { return }
        // Both states read at once, for the check that both are in the list and for their places.
        let states = try self.states(of: [id, neighbour])
        guard let moving = states[id], let anchor = states[neighbour] else {
            throw StoreError.tasksNotFound(ids: [id, neighbour].filter { states[$0] == nil })
        }
        guard let (from, to) = try positions(moving: id, next: place, known: (moving.position, anchor.position)) else {
            return // there already
        }
        // Making room renumbered every position: the state read before has an old one.
        guard let before = from == moving.position ? moving : try self.states(of: [id])[id] else {
            throw StoreError.tasksNotFound(ids: [id])
        }
        var after = before
        after.position = to
        try record(.move, [TaskTransition(id: id, before: before, after: after)])
    }

    @discardableResult
    package func undo() throws -> Change { try undoStep() }

    @discardableResult
    package func redo() throws -> Change { try redoStep() }
}
