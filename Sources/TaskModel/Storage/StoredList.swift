/// What every backend's transaction answers about the list it holds, from which the checks the
/// backends share are made once, here.
package protocol StoredList {
    /// The list's location, for errors.
    var location: String { get }
    /// Those of `ids` that are not in the list, in the order given.
    func missing(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID]
}

extension StoredList {
    /// Throws `tasksNotFound` naming those of `ids` that are not in the list.
    package func requireLive(_ ids: [TaskItem.ID]) throws {
        let absent = try missing(ids)
        if !absent.isEmpty { throw StoreError.tasksNotFound(ids: absent) }
    }

    /// The tasks a change names, each once in the order named, all in the list (else it throws
    /// `tasksNotFound`, naming those that are not); nil when it names none, which changes nothing.
    package func namedLiveTasks(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID]? {
        let ids = ids.uniqued()
        guard !ids.isEmpty else { return nil }
        try requireLive(ids)
        return ids
    }

    /// The history cannot be read at `step`; `reason` says how.
    package func damagedHistory(at step: Int64, _ reason: String) -> StoreError {
        .damagedHistory(path: location, step: step, cause: StoreError.Cause(code: "history", message: reason))
    }
}
