import TaskModel

/// Showing the list: loaded again only when another process changed the store, handed to the view
/// as rows, filtered while a search is in effect.
extension TaskPresenter {
    /// Loads the list and shows it (filtered while a search is in effect); numbers typed afterwards
    /// refer to these rows. Reuses the rows in memory when no other process changed the store since.
    public func showList() {
        do {
            try refresh()
            displayList()
        } catch {
            view?.display(message: .error(describeShown(error)))
        }
    }

    /// Shows the list another process changed, focused on the first row that differs from the
    /// list shown before: at the prompt, a list taller than the window is shown around it, as after
    /// a change of the prompt's own, rather than scrolled by whole at every change made elsewhere.
    func showChangedList() {
        let before = list
        do {
            try refresh()
        } catch {
            view?.display(message: .error(describeShown(error)))
            return
        }
        guard let list, !list.isEmpty, let difference = before.flatMap(list.firstDifference(from:)) else {
            displayList()
            return
        }
        displayList(focus: Swift.min(difference, list.count - 1))
    }

    /// Whether another process changed the store since the list was last shown, so that
    /// `showList()` would now show something else. The prompt asks while it waits for a key; the
    /// store's `externalVersion()` answers, in every backend, and the list is loaded only when it
    /// moved. Only asking: the list that numbers refer to stays the one shown. False before a list
    /// was shown, while the store cannot be read (the next command says why), and for a version
    /// whose list could not be loaded once already (the error is shown once, not at every check).
    public func storeChangedSinceShown() -> Bool {
        compareWithStore() == .changed
    }

    /// What `compareWithStore()` found.
    enum Comparison: Equatable {
        /// The store holds the list shown (or none was shown yet).
        case unchanged
        /// The store holds another list, or one that cannot be loaded (`showList()` says why).
        case changed
        /// The store could not be asked: the reason.
        case unreachable(StoreError?)
    }

    /// Compares the list shown with the store's (see `storeChangedSinceShown()`).
    func compareWithStore() -> Comparison {
        guard let shown = list else { return .unchanged }
        let version = listVersion
        let unreadable = unreadableVersion
        var loading = false
        do {
            let stored = try storage.read { store -> (list: TaskList, version: Int)? in
                let current = try store.externalVersion()
                guard current != version, current != unreadable else { return nil }
                loading = true
                return (try store.allTasks(), current)
            }
            guard let stored else { return .unchanged }
            // The version moves without the list too (a checkpoint, a change undone): no news then.
            if stored.list == shown { listVersion = stored.version }
            return stored.list != shown ? .changed : .unchanged
        } catch {
            return loading ? .changed : .unreachable(error as? StoreError) // `showList()` says why, once
        }
    }

    func refresh() throws {
        let known = list
        let version = listVersion
        var loading: Int?
        let loaded: (list: TaskList, version: Int)?
        do {
            loaded = try storage.read { store in
                let current = try store.externalVersion()
                if known != nil, current == version { return nil }
                loading = current
                return (try store.allTasks(), current)
            }
        } catch {
            unreadableVersion = loading
            throw error
        }
        unreadableVersion = nil
        if let loaded {
            list = loaded.list
            listVersion = loaded.version
        }
    }

    /// Shows `list` (the presenter's when nil), only the tasks matching `filter` when there is one;
    /// `focus` is the position of the task a change just touched.
    func displayList(_ shownList: TaskList? = nil, filter: TaskFilter? = nil, focus: Int? = nil) {
        guard let view else { return }
        let list = shownList ?? self.list ?? []
        guard let filter = filter ?? self.filter else { return view.display(rows: TaskRows(list, focus: focus)) }
        let shown = filter.matchingIndices(in: list)
        let query = "“\(filter.query.abbreviated(to: 40))”"
        if shown.isEmpty {
            let all = list.isEmpty ? "the list is empty" : "`list` shows all \(list.count)"
            return view.display(rows: TaskRows(list, shown: [], emptyText: "No task matches \(query); \(all)"))
        }
        view.display(rows: TaskRows(list, shown: shown, focus: focus.flatMap { shown.firstIndex(of: $0) }))
        let counted = list.count == 1 ? "1 task" : "\(list.count) tasks"
        let verb = shown.count == 1 ? "matches" : "match"
        view.display(message: .info("\(shown.count) of \(counted) \(verb) \(query); `list` shows all"))
    }
}
