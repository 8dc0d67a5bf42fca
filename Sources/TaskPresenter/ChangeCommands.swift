import TaskModel

/// The commands that change the list (`add`, `rm`, `undo`, `import`, …): one path for all of them,
/// at the prompt, on the command line and in a script, resolving numbers against the list as shown.
struct ChangeCommands {
    /// `import`, with its files.
    let interchange: InterchangeCommands
    /// What `today` and `fri` mean, and where recurring tasks count their days.
    let clock: Clock

    /// What a change came to: the messages to show after it, and the task it named.
    struct Performed {
        var messages: [Message] = []
        /// The position in the list (after the change) of the task the change named, when it named one.
        var named: Int?
    }

    /// What a change command's own transaction came to.
    enum Outcome {
        /// The change was saved; `list` is the list after it (nil when not needed).
        case changed(list: TaskList?, version: Int, performed: Performed)
        /// The tasks shown were changed meanwhile; nothing was changed; `list` is the list as it is now.
        case stale(CommandError, list: TaskList, version: Int)
    }

    /// The one path every change takes: resolves the command's numbers against `list` (or `named`,
    /// the rows they name, when there is no list) and runs it in `store`, updating `list`. With
    /// `filter`, the search in effect at the prompt, numbers name only the tasks it shows.
    func perform(_ command: Command, on list: inout TaskList?, in store: any TaskWriting,
                 filter: ListFilter? = nil, named: NamedRows? = nil) throws -> Performed {
        if case let .import(format, dryRun, file) = command {
            return Performed(messages: try interchange.importTasks(format: format, dryRun: dryRun, file: file,
                                                                   now: clock.moment.now,
                                                                   on: &list, in: store))
        }
        let shownIndices = filter.map {
            ListChange.Shown(indices: Set($0.shownIndices(in: list ?? [], at: clock.moment)), view: $0.command)
        }
        let rows: any NumberedRows = named ?? list ?? []
        guard let change = try ListChange.validate(command, against: rows, shown: shownIndices, clock: clock) else {
            return Performed()
        }
        let described = try change.apply(to: &list, in: store, clock: clock)
        return Performed(messages: described.map { [.info($0.message(undone: command == .undo))] } ?? [],
                         named: list.flatMap(change.focus(in:)))
    }

    /// Runs `command` in a write transaction of its own against `shown`, the list as shown (loading
    /// what its numbers need when none was: the whole list with `needsList`, else only the rows its
    /// numbers name). With `needsList`, the outcome holds the list after it.
    /// A task shown that another process removed or edited meanwhile makes it `stale`.
    func runAlone(_ command: Command, in storage: any TaskStorage, against shown: ShownList,
                  needsList: Bool) throws -> Outcome {
        let known = shown.tasks
        let knownVersion = shown.version
        let filter = shown.filter
        return try storage.write { store -> Outcome in
            var list = known
            var version = knownVersion
            var named: NamedRows?
            if list == nil, !command.numberRanges.isEmpty { // a one-shot command: nothing was shown
                if needsList {
                    (list, version) = (try store.allTasks(), try store.externalVersion())
                } else {
                    named = try NamedRows(for: command, in: store)
                }
            }
            let before = list
            var performed: Performed
            do {
                performed = try perform(command, on: &list, in: store, filter: filter, named: named)
            } catch let error as StoreError {
                guard let stale = Self.staleError(error, shown: before ?? []) else { throw error }
                return .stale(stale, list: try store.allTasks(), version: try store.externalVersion())
            }
            let current = try store.externalVersion()
            if list == nil ? needsList : current != version {
                // Another process changed the list too: the task the change named is found again
                // by its identity in the list as it is now.
                let named = performed.named.flatMap { index in list.map { $0.id(at: index) } }
                let reloaded = try store.allTasks()
                performed.named = named.flatMap { id in reloaded.indices.first { reloaded.id(at: $0) == id } }
                list = reloaded
            }
            return .changed(list: list, version: current, performed: performed)
        }
    }

    /// The command error for a store error that means the rows shown are out of date (tasks gone,
    /// a text edited meanwhile), numbered as shown; nil for other errors.
    private static func staleError(_ error: StoreError, shown: TaskList) -> CommandError? {
        switch error {
        case let .tasksNotFound(ids):
            let gone = Set(ids)
            let numbers = shown.indices.filter { gone.contains(shown.id(at: $0)) }.map { $0 + 1 }
            return numbers.isEmpty ? nil : .tasksGone(numbers: numbers)
        case let .textChanged(id, current):
            return shown.indices.first { shown.id(at: $0) == id }.map { .textChanged(number: $0 + 1, current: current) }
        default:
            return nil
        }
    }
}
