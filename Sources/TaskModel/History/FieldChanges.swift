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

    package func edit(id: TaskItem.ID, text: String, expected: String?) throws {
        guard try taskToEdit(id: id, to: text, expected: expected) != nil else { return }
        try change([id], as: .edit) { $0.task.text = text }
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
