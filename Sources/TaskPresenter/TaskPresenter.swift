import TaskModel

/// Turns lines of input into changes of the task list and tells the view what to show.
///
/// Numbers typed by the user refer to the list the presenter last handed to the view, kept up to
/// date with the presenter's own changes; a task removed or edited meanwhile by another process is
/// reported as such, never replaced by the task that now has its number. The prompt, one-shot
/// commands and scripts run each command through the same path (`perform`); a script runs all its
/// lines in one transaction (`runScript`, in TaskPresenter+Script.swift).
public final class TaskPresenter {
    /// The view; held weakly so the view owns the presenter and not the reverse.
    public weak var view: TaskView?
    /// Whether the list is shown after every command that changes it (REPL, one-shot without --quiet).
    /// `list`/`ls` and `find` show it whatever this says.
    public var rendersAfterChanges: Bool

    let storage: any TaskStorage
    /// Where `export` writes and `import` reads.
    let files: any InterchangeFiles
    /// The list the numbers refer to; nil until first needed (a one-shot command loads it then).
    var list: TaskList?
    /// The store's `externalVersion` at which `list` (with this presenter's own changes) was exact.
    var listVersion = 0
    /// The store's `externalVersion` at which loading the list last failed: the prompt's check for
    /// changes does not report it again (nor repeat the error) until the store changes once more.
    var unreadableVersion: Int?
    /// The search that `find` set at the prompt, until `list`: the rows shown are those that match.
    var filter: TaskFilter?
    /// Whether a script is being read from standard input (which `import -` then cannot read).
    var isRunningScript = false
    /// What the idle prompt's watch of the store found and has not shown yet.
    var storeWatch = StoreWatch()

    /// Creates a presenter over `storage`, exporting to and importing from `files` (none when nil).
    public init(storage: any TaskStorage, files: (any InterchangeFiles)? = nil, rendersAfterChanges: Bool = true) {
        self.storage = storage
        self.files = files ?? NoFiles()
        self.rendersAfterChanges = rendersAfterChanges
    }

    /// The help text: all commands, or the usage and meaning of one (`rm`, `ls`, …); nil for an unknown name.
    public static func helpText(for command: String? = nil) -> String? {
        guard let command else { return HelpText.overview }
        return CommandName(spelling: command[...].utf8).map(HelpText.detail(for:))
    }

    /// Whether the command spelled `word` takes options of its own (`export --format json`), so
    /// that on the command line the words after it are its arguments, not the program's flags.
    public static func takesOptions(commandWord word: String) -> Bool {
        CommandName(spelling: word[...].utf8)?.arguments == .file
    }

    /// The prompt to show before the next line: it names the search while one is in effect.
    public var prompt: String {
        guard let filter else { return "tasks> " }
        return "tasks (find \(filter.query.abbreviated(to: 20)))> "
    }

    /// What the prompt says when Ctrl-C came too late to stop a change: it was saved, only its
    /// output was cut short.
    public static let savedThoughInterrupted = "Interrupted after the change was saved; `undo` reverts it."

    /// The sentence for a failure to open the store (shown after `tasks: `).
    public static func message(forOpening error: Error) -> String {
        describe(error)
    }

    /// What to tell the user once about a store brought up from an earlier version (after
    /// `tasks: `); nil when there is nothing worth saying.
    public static func notice(forUpgrade upgrade: StoreUpgrade?) -> String? {
        guard let upgrade, !upgrade.keptHistory else { return nil }
        return "the store was upgraded from version \(upgrade.fromVersion); every task was kept, "
            + "but its undo history could not be and was cleared"
    }

    // MARK: One command

    /// Handles one line typed at the prompt or given on the command line.
    public func handle(line: String) -> CommandResult {
        let input = line[...]
        let command: Command
        do {
            guard let parsed = try CommandParser.parse(input) else { return .succeeded }
            command = parsed
        } catch {
            return fail(input, error.description)
        }
        switch command {
        case .quit:
            return .quit
        case let .help(topic):
            view?.display(help: topic.map(HelpText.detail(for:)) ?? HelpText.overview)
            return .succeeded
        case .list, .find:
            storeWatch.commandRan()
            do {
                try refresh()
            } catch {
                return fail(input, describeShown(error))
            }
            if case let .find(text) = command { filter = TaskFilter(query: text) } else { filter = nil }
            displayList()
            return .succeeded
        case let .export(format, file):
            storeWatch.commandRan()
            do {
                let messages = try storage.read { try export(format: format, file: file, from: $0) }
                for message in messages { view?.display(message: message) }
                return .succeeded
            } catch {
                return fail(input, describeShown(error))
            }
        case .add, .done, .fav, .rm, .edit, .mv, .clear, .undo, .redo, .import:
            storeWatch.commandRan()
            return change(command, input: input)
        }
    }

    /// What a change came to: the messages to show after it, and the task it touched.
    struct Performed {
        var messages: [Message] = []
        /// The position in the list of the task the change touched, when one in particular.
        var focus: Int?
    }

    /// The one path every change takes, at the prompt, on the command line and in a script:
    /// resolves the command's numbers against `list` and runs it in `store`, updating `list`.
    /// Returns the messages to show afterwards (what `undo` did, what an import did) and the task
    /// the change touched.
    /// With `filter`, the search in effect at the prompt, numbers name only the tasks it shows.
    func perform(_ command: Command, on list: inout TaskList?, in store: any TaskWriting,
                 filter: TaskFilter? = nil) throws -> Performed {
        switch command {
        case let .import(format, dryRun, file):
            return Performed(messages: try importTasks(format: format, dryRun: dryRun, file: file, on: &list, in: store))
        case let .export(format, file):
            return Performed(messages: try export(format: format, file: file, from: store))
        default:
            let shown = filter.map { Set($0.matchingIndices(in: list ?? [])) }
            guard let change = try ListChange.validate(command, against: list ?? [], shown: shown) else { return Performed() }
            let described = try change.apply(to: &list, in: store)
            return Performed(messages: described.map { [.info($0.message(undone: command == .undo))] } ?? [],
                             focus: list.flatMap(change.focus(in:)))
        }
    }

    /// What a change command's transaction came to.
    private enum Outcome {
        /// The change was saved; `list` is the list after it (nil when not needed).
        case changed(list: TaskList?, version: Int, performed: Performed)
        /// The tasks shown were changed meanwhile; nothing was changed; `list` is the list as it is now.
        case stale(CommandError, list: TaskList, version: Int)
    }

    private func change(_ command: Command, input: Substring) -> CommandResult {
        let known = list
        let knownVersion = listVersion
        let needsList = rendersAfterChanges
        let outcome: Outcome
        do {
            outcome = try storage.write { store -> Outcome in
                var list = known
                var version = knownVersion
                if list == nil, command.usesNumbers {
                    list = try store.allTasks()
                    version = try store.externalVersion()
                }
                let shown = list
                var performed: Performed
                do {
                    performed = try perform(command, on: &list, in: store, filter: filter)
                } catch let error as StoreError {
                    guard let stale = Self.staleError(error, command: command, shown: shown ?? []) else { throw error }
                    return .stale(stale, list: try store.allTasks(), version: try store.externalVersion())
                }
                let current = try store.externalVersion()
                if list == nil ? needsList : current != version {
                    list = try store.allTasks()
                    performed.focus = nil // another process changed the list too: no position is sure
                }
                return .changed(list: list, version: current, performed: performed)
            }
        } catch let error as CommandError {
            return fail(input, error.description)
        } catch {
            return fail(input, describeShown(error))
        }
        switch outcome {
        case let .changed(newList, version, performed):
            list = newList
            listVersion = version
            if rendersAfterChanges { displayList(focus: performed.focus) }
            for message in performed.messages { view?.display(message: message) }
            return .succeeded
        case let .stale(error, newList, version):
            list = newList
            listVersion = version
            if rendersAfterChanges { displayList() }
            return fail(input, error.description)
        }
    }

    /// The command error for a store error that means the rows shown are out of date (tasks gone,
    /// a text edited meanwhile), numbered as shown; nil for other errors.
    private static func staleError(_ error: StoreError, command: Command, shown: TaskList) -> CommandError? {
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

    func fail(_ input: Substring, _ reason: String) -> CommandResult {
        view?.display(message: .error(CommandFailure(line: input, reason: reason).description))
        return .failed
    }

    /// The user-facing text of an error from the store that a command shows: a store file found
    /// deleted or replaced is then known to have been said, and the idle prompt does not say it
    /// again; a server found away is, and the idle prompt says when it answers again.
    func describeShown(_ error: Error) -> String {
        switch error {
        case StoreError.fileGone: storeWatch.saidFileGone = true
        // The server is away, as the command says: the watch says when it answers again.
        case StoreError.connectionLost, StoreError.cannotOpen: storeWatch.saidLost = true
        default: break
        }
        return Self.describe(error)
    }

    /// The user-facing text of an error from the store.
    static func describe(_ error: Error) -> String {
        if let error = error as? StoreError { return error.message }
        return String(describing: error)
    }
}
