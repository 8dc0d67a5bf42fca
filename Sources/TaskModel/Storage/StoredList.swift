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

    /// Those of `removing` that are in the list, each once in the order named: what an import that
    /// also removes (a sync) takes out. None of them may be among the identities of `tasks`.
    package func liveRemovals(_ removing: [TaskItem.ID], importing tasks: [TaskImport]) throws -> [TaskItem.ID] {
        guard !removing.isEmpty else { return [] }
        let ids = removing.uniqued()
        let imported = Set(tasks.compactMap(\.id))
        // The sync engine decides each identity once: both would mean it is wrong, not the data.
        precondition(ids.allSatisfy { !imported.contains($0) }, "an import names a task both to import and to remove")
        let absent = Set(try missing(ids))
        return ids.filter { !absent.contains($0) }
    }

    /// The history cannot be read at `step`; `reason` says how.
    package func damagedHistory(at step: Int64, _ reason: String) -> StoreError {
        .damagedHistory(path: location, step: step, cause: StoreError.Cause(code: "history", message: reason))
    }
}
