import TaskModel

/// The list as last shown, which the numbers typed refer to: its tasks, the store's version they
/// are exact at, and the search in effect. Loaded again only when another process changed the
/// store; kept up to date with the presenter's own changes.
struct ShownList {
    /// The list the numbers refer to; nil until first needed (a one-shot command loads it then).
    private(set) var tasks: TaskList?
    /// The store's `externalVersion` at which `tasks` (with this presenter's own changes) was exact.
    private(set) var version = 0
    /// The store's `externalVersion` at which loading the list last failed: the prompt's check for
    /// changes does not report it again (nor repeat the error) until the store changes once more.
    private var unreadableVersion: Int?
    /// The search or view (`find`, `today`, `upcoming`) in effect at the prompt, until `list`:
    /// the rows shown are those it shows.
    var filter: ListFilter?
    /// The store's list that `compare(with:)` found to differ from the one shown, and its version:
    /// showing it next takes it rather than reading the whole list again, while the store is still
    /// at that version (an idle prompt watching a long list that others change often reads it once
    /// per change, not twice).
    private var found: (list: TaskList, version: Int)?
    /// The day the list was last shown on: when it is over, the prompt shows the list again.
    private var shownDay: CalendarDay?

    /// Takes the list as it stands after a change, exact at the store's `version`.
    mutating func update(_ tasks: TaskList?, version: Int) {
        self.tasks = tasks
        self.version = version
        found = nil
    }

    /// Loads the list again when another process changed the store since it was loaded (or when
    /// none was), and keeps it otherwise.
    mutating func refresh(from storage: any TaskStorage) throws {
        let known = tasks
        let version = version
        let found = found
        var loading: Int?
        let loaded: (list: TaskList, version: Int)?
        do {
            loaded = try storage.read { store in
                let current = try store.externalVersion()
                if known != nil, current == version { return nil }
                if let found, found.version == current { return found }
                loading = current
                return (try store.allTasks(), current)
            }
        } catch {
            unreadableVersion = loading
            throw error
        }
        unreadableVersion = nil
        if let loaded { update(loaded.list, version: loaded.version) }
    }

    /// `refresh(from:)`, unless the store's file was deleted or replaced while the list is held:
    /// then the list stays as shown, to be seen and exported still (rescued), and that error is
    /// returned rather than thrown.
    mutating func refreshUnlessGone(from storage: any TaskStorage) throws -> StoreError? {
        do {
            try refresh(from: storage)
            return nil
        } catch let error as StoreError {
            guard case .fileGone = error, tasks != nil else { throw error }
            return error
        }
    }

    /// The whole list for `export`: the store's, or the one held when the store's file was deleted
    /// or replaced (with that error).
    func listToExport(from storage: any TaskStorage) throws -> (TaskList, gone: StoreError?) {
        do {
            return (try storage.read { try $0.allTasks() }, nil)
        } catch let error as StoreError {
            guard case .fileGone = error, let tasks else { throw error }
            return (tasks, error)
        }
    }

    /// What `compare(with:)` found.
    enum Comparison: Equatable {
        /// The store holds the list shown (or none was shown yet).
        case unchanged
        /// The store holds another list, or one that cannot be loaded (showing it says why).
        case changed
        /// The store could not be asked: the reason.
        case unreachable(StoreError?)
    }

    /// Whether another process changed the store since the list was shown, so that showing it
    /// again would show something else. The store's `externalVersion()` answers, in every backend,
    /// and the list is loaded only when it moved. Only asking: the list that numbers refer to stays
    /// the one shown. Unchanged before a list was shown, and for a version whose list could not be
    /// loaded once already (the error is shown once, not at every check).
    mutating func compare(with storage: any TaskStorage) -> Comparison {
        guard let shown = tasks else { return .unchanged }
        let version = version
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
            guard stored.list != shown else {
                self.version = stored.version
                return .unchanged
            }
            found = stored
            return .changed
        } catch {
            return loading ? .changed : .unreachable(error as? StoreError) // showing it says why, once
        }
    }

    /// The row to show a list taller than the window around after a change: the one the change
    /// named (found again by identity when another process changed the list too), else the first
    /// that differs from the list `before` it (`undo`, `clear done`, an import, a stale number, a
    /// change made elsewhere), else the last; nil for an empty list.
    static func focus(named: Int?, before: TaskList?, after: TaskList) -> Int? {
        guard !after.isEmpty else { return nil }
        let touched = named ?? before.flatMap(after.firstDifference(from:)) ?? after.count - 1
        return Swift.min(touched, after.count - 1)
    }

    /// Shows the list, only the tasks matching the search in effect when there is one; `focus` is
    /// the row to show a list taller than the window around (see `TaskRows.focus`). Remembers the
    /// day it was shown on.
    mutating func display(on view: TaskView?, focus: Int? = nil, at moment: Moment) {
        shownDay = moment.today
        Self.display(tasks ?? [], filter: filter, focus: focus, on: view, at: moment)
    }

    /// Whether the day the list was shown on is over at `moment`, so that its words (`tomorrow`,
    /// overdue marks) are no longer true: the idle prompt then shows it again.
    func dayIsOver(at moment: Moment) -> Bool {
        guard let shownDay, tasks != nil else { return false }
        return moment.today != shownDay
    }

    /// A one-shot `today` or `upcoming`: only the dated tasks are read (for `today`, those due by
    /// the end of today), each with its number; the view stays in effect for what comes next.
    mutating func displayDatedTasks(_ filter: ListFilter, from storage: any TaskStorage, on view: TaskView?,
                                    at moment: Moment) throws {
        let tomorrow = moment.today.adding(days: 1)
        let end = filter == .today ? (tomorrow, tomorrow.start(in: moment.timeZone)) : nil
        let (dated, count) = try storage.read { store in (try store.datedTasks(endingBefore: end), try store.count()) }
        self.filter = filter
        Self.display(dated.tasks, listIndices: dated.indices, listCount: count, filter: filter, on: view, at: moment)
    }

    /// Shows `list`, only the tasks `filter` shows when there is one (then with their count). With
    /// `listIndices`, `list` holds only some of the `listCount` tasks of the list (`TaskRows`).
    static func display(_ list: TaskList, listIndices: [Int]? = nil, listCount: Int? = nil, filter: ListFilter?,
                        focus: Int? = nil, on view: TaskView?, at moment: Moment) {
        guard let view else { return }
        guard let filter else { return view.display(rows: TaskRows(list, focus: focus, at: moment)) }
        let shown = filter.shownIndices(in: list, at: moment)
        let summary = filter.summary(shown: shown.count, of: listCount ?? list.count)
        if shown.isEmpty {
            return view.display(rows: TaskRows(list, shown: [], emptyText: summary, at: moment))
        }
        // The row itself when shown (a view by date is not in list order), else the next row shown, or the last.
        let shownFocus = focus.map { focus in shown.firstIndex(of: focus) ?? shown.firstIndex { $0 >= focus } ?? shown.count - 1 }
        view.display(rows: TaskRows(list, shown: shown, listIndices: listIndices, focus: shownFocus, at: moment))
        view.display(message: .info(summary))
    }
}
