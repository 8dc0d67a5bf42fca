import Foundation

/// The changes to a task's fields and place, written once for every backend over `StepHistory`:
/// each reads the tasks' states, makes the new ones and records the step. A command changing a new
/// field is one more of these. Each task changed takes the time of the change as its `modifiedAt`.
extension TaskWriting where Self: StepHistory {
    package func toggleFavorite(ids: [TaskItem.ID], at time: Date) throws {
        try change(ids, as: .toggleFavorite, at: time) { $0.task.isFavorite.toggle() }
    }

    /// A recurring task checked off is followed by the next one, placed just after it, in the same step.
    @discardableResult
    package func toggleDone(ids: [TaskItem.ID], at now: Date, in timeZone: TimeZone) throws -> CheckedOff {
        let time = Date(timeIntervalSince1970: now.timeIntervalSince1970) // as it reads back
        let ids = ids.uniqued()
        let (states, followers) = try statesAndRoomForFollowers(ids)
        var checked = CheckedOff(time: time)
        var transitions: [TaskTransition] = []
        for id in ids {
            guard let before = states[id] else { continue }
            var after = before
            after.task.doneAt = before.task.isDone ? nil : time
            after.task.modifiedAt = time
            transitions.append(TaskTransition(id: id, before: before, after: after))
            guard let position = followers[id], let rule = before.task.recurrence else { continue }
            // Days are the series' own, in its zone (`Recurrence.zone`), else the machine's.
            let zone = rule.countingZone(timeZone)
            let recurrence = rule.anchored(on: before.task.due?.day(in: zone) ?? CalendarDay(time, in: timeZone))
            after.task.recurrence = nil
            transitions[transitions.count - 1].after = after
            let (due, following) = recurrence.following(before.task.due, completed: time, in: timeZone)
            // Past the calendar's years (9999) a date can be neither typed nor written to a file: it ends there.
            guard due.day(in: timeZone).date.year <= CalendarDay.lastYear else { continue }
            // The same next task wherever the list is checked off (`IdentityGenerator.follower`), but
            // when that one is stored already (checked off, unchecked and checked off again).
            let follower = IdentityGenerator.follower(of: id, checkedOffWhenDue: before.task.due, in: zone)
            let next = TaskItem(id: try isTaken(follower) ? UUID() : follower, text: before.task.text, isFavorite: before.task.isFavorite, createdAt: time,
                                due: due, tags: before.task.tags, recurrence: following.kept(forDueOn: due.day(in: zone)))
            checked.next[id] = next
            transitions.append(TaskTransition(id: next.id, before: nil, after: TaskState(next, at: position)))
        }
        try record(.toggleDone, transitions)
        return checked
    }

    /// The states of `ids` (all in the list, else `tasksNotFound`) and, for each recurring one that
    /// is not done, a free position just after it for the task that follows it: the list is
    /// renumbered first (and the states read again) when one has no room after it.
    private func statesAndRoomForFollowers(_ ids: [TaskItem.ID]) throws
        -> (states: [TaskItem.ID: TaskState], followers: [TaskItem.ID: Int64]) {
        for attempt in 0..<2 {
            let states = try self.states(of: ids)
            let absent = ids.filter { states[$0] == nil }
            guard absent.isEmpty else { throw StoreError.tasksNotFound(ids: absent) }
            var followers: [TaskItem.ID: Int64] = [:]
            for (id, state) in states where state.task.recurrence != nil && !state.task.isDone {
                let above = try adjacentPosition(to: state.position, below: false, excluding: nil)
                guard let free = ListPosition.between(state.position, above) else { break }
                followers[id] = free
            }
            if followers.count == states.values.filter({ $0.task.recurrence != nil && !$0.task.isDone }).count {
                return (states, followers)
            }
            if attempt == 0 { _ = try renumber(mapping: []) }
        }
        throw noFreePosition
    }

    /// With `expected`, refuses with `textChanged` when the text stored is no longer that one. Texts
    /// are compared by their bytes (`change` records nothing when they are the same): Swift calls
    /// canonically equivalent strings equal, and an edit between them is a change.
    package func edit(ids: [TaskItem.ID], _ edit: TaskEdit, expected: String?, at time: Date) throws {
        try change(ids, as: edit.kind, at: time) { state in
            if let expected, !state.task.text.utf8.elementsEqual(expected.utf8) {
                throw StoreError.textChanged(id: state.task.id, current: state.task.text)
            }
            state.task = edit.applied(to: state.task)
        }
    }

    package func move(id: TaskItem.ID, to place: Placement, at time: Date) throws {
        let neighbour = place.neighbour
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
        after.task.modifiedAt = Date(timeIntervalSince1970: time.timeIntervalSince1970) // as it reads back
        try record(.move, [TaskTransition(id: id, before: before, after: after)])
    }

    @discardableResult
    package func undo(at time: Date) throws -> Change { try undoStep(at: time) }

    @discardableResult
    package func redo(at time: Date) throws -> Change { try redoStep(at: time) }
}
