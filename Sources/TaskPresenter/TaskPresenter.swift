import TaskModel

/// Turns lines of input into changes of the task list and tells the view what to show.
///
/// Numbers typed by the user refer to the list the presenter last handed to the view, kept up to
/// date with the presenter's own changes; a task removed meanwhile by another process is reported
/// as gone, never replaced by the task that now has its number.
public final class TaskPresenter {
    /// The view; held weakly so the view owns the presenter and not the reverse.
    public weak var view: TaskView?
    /// Whether the list is shown after every command that changes it (REPL, one-shot without --quiet).
    /// `list`/`ls` shows it whatever this says.
    public var rendersAfterChanges: Bool

    private let database: TaskDatabase
    /// The list the numbers refer to; nil until first needed (a one-shot command loads it then).
    private var list: TaskList?
    /// The store's `externalVersion` at which `list` (with this presenter's own changes) was exact.
    private var listVersion = 0

    /// Creates a presenter over `database`.
    public init(database: TaskDatabase, rendersAfterChanges: Bool = true) {
        self.database = database
        self.rendersAfterChanges = rendersAfterChanges
    }

    /// The help text: all commands, or the usage and meaning of one (`rm`, `ls`, …); nil for an unknown name.
    public static func helpText(for command: String? = nil) -> String? {
        guard let command else { return HelpText.overview }
        return CommandName(spelling: command[...].utf8).map(HelpText.detail(for:))
    }

    // MARK: Showing the list

    /// Loads the list and shows it; numbers typed afterwards refer to these rows.
    /// Reuses the rows in memory when no other process changed the store since they were loaded.
    public func showList() {
        do {
            try refresh()
            displayList()
        } catch {
            view?.display(message: .error(Self.describe(error)))
        }
    }

    private func refresh() throws {
        let known = list
        let version = listVersion
        let loaded = try database.read { store -> (list: TaskList, version: Int)? in
            let current = try store.externalVersion()
            if known != nil, current == version { return nil }
            return (try store.allTasks(), current)
        }
        if let loaded {
            list = loaded.list
            listVersion = loaded.version
        }
    }

    private func displayList() {
        guard let view else { return }
        view.display(rows: TaskRows(list ?? []))
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
        case .list:
            do {
                try refresh()
            } catch {
                return fail(input, Self.describe(error))
            }
            displayList()
            return .succeeded
        case .add, .fav, .rm, .edit, .clear, .undo, .redo:
            return change(command, input: input)
        }
    }

    /// What a change command's transaction came to.
    private enum Outcome {
        /// The change was saved; `list` is the list after it (nil when not needed).
        case changed(list: TaskList?, version: Int, undoOrRedo: Change?)
        /// Some of the tasks named are gone; nothing was changed; `list` is the list as it is now.
        case stale(numbers: [Int], list: TaskList, version: Int)
    }

    private func change(_ command: Command, input: Substring) -> CommandResult {
        let known = list
        let knownVersion = listVersion
        let needsList = rendersAfterChanges
        let outcome: Outcome
        do {
            outcome = try database.write { store -> Outcome in
                var list = known
                var version = knownVersion
                if list == nil, command.usesNumbers {
                    list = try store.allTasks()
                    version = try store.externalVersion()
                }
                guard let change = try ListChange.validate(command, against: list ?? []) else {
                    return .changed(list: list, version: version, undoOrRedo: nil)
                }
                let described: Change?
                do {
                    described = try change.apply(to: &list, in: store)
                } catch let TaskDatabaseError.tasksNotFound(ids) {
                    let gone = Set(ids)
                    let numbers = change.targets.filter { gone.contains($0.id) }.map { $0.index + 1 }
                    return .stale(numbers: numbers, list: try store.allTasks(), version: try store.externalVersion())
                }
                let current = try store.externalVersion()
                if list == nil ? needsList : current != version {
                    list = try store.allTasks()
                }
                return .changed(list: list, version: current, undoOrRedo: described)
            }
        } catch let error as CommandError {
            return fail(input, error.description)
        } catch {
            return fail(input, Self.describe(error))
        }
        switch outcome {
        case let .changed(newList, version, described):
            list = newList
            listVersion = version
            if let described {
                view?.display(message: .info(described.message(undone: command == .undo)))
            }
            if rendersAfterChanges { displayList() }
            return .succeeded
        case let .stale(numbers, newList, version):
            list = newList
            listVersion = version
            _ = fail(input, CommandError.tasksGone(numbers: numbers).description)
            if rendersAfterChanges { displayList() }
            return .failed
        }
    }

    private func fail(_ input: Substring, _ reason: String) -> CommandResult {
        view?.display(message: .error(CommandFailure(line: input, reason: reason).description))
        return .failed
    }

    /// The user-facing text of an error from the store (a `TaskDatabaseError`'s description).
    private static func describe(_ error: Error) -> String {
        String(describing: error)
    }

    // MARK: Scripts

    /// Runs a script's lines as one unit: atomic (stop at the first failing line, change nothing)
    /// or, with `keepGoing`, skipping failing lines. Errors are reported as `line N: …`.
    /// Does not show the list; call `showList()` afterwards when wanted.
    public func runScript<Lines: Sequence>(_ lines: Lines, keepGoing: Bool) -> ScriptResult
    where Lines.Element: StringProtocol {
        var failedLines = 0
        var infos: [Message] = []
        let finished: (list: TaskList, version: Int)
        do {
            finished = try database.write { store -> (list: TaskList, version: Int) in
                var list: TaskList? = try store.allTasks()
                var lineNumber = 0
                script: for element in lines {
                    lineNumber += 1
                    let line = Self.substring(element)
                    do {
                        guard let command = try CommandParser.parse(line) else { continue }
                        switch command {
                        case .quit:
                            break script
                        case .list:
                            continue
                        case let .help(topic):
                            view?.display(help: topic.map(HelpText.detail(for:)) ?? HelpText.overview)
                            continue
                        case .add, .fav, .rm, .edit, .clear, .undo, .redo:
                            if let change = try ListChange.validate(command, against: list ?? []),
                               let described = try change.apply(to: &list, in: store) {
                                infos.append(.info(described.message(undone: command == .undo)))
                            }
                        }
                    } catch {
                        let failure = CommandFailure(line: line, reason: Self.describe(error), lineNumber: lineNumber)
                        view?.display(message: .error(failure.description))
                        failedLines += 1
                        if !keepGoing || !Self.isSkippable(error) { throw ScriptStopped() }
                    }
                }
                return (list ?? [], try store.externalVersion())
            }
        } catch is ScriptStopped {
            return ScriptResult(failedLines: failedLines, committed: false)
        } catch {
            view?.display(message: .error(Self.describe(error)))
            return ScriptResult(failedLines: failedLines, committed: false)
        }
        list = finished.list
        listVersion = finished.version
        for info in infos { view?.display(message: info) }
        return ScriptResult(failedLines: failedLines, committed: true)
    }

    /// Whether a script in keep-going mode may skip a line that failed with `error` and go on:
    /// yes for the user's mistakes, no for storage failures (the transaction is rolled back).
    private static func isSkippable(_ error: Error) -> Bool {
        switch error {
        case is ParseError, is CommandError:
            return true
        case let error as TaskDatabaseError:
            switch error {
            case .nothingToUndo, .nothingToRedo, .tasksNotFound: return true
            default: return false
            }
        default:
            return false
        }
    }

    /// A script line as a `Substring` without copying when it is a `String` or `Substring` already.
    private static func substring<Line: StringProtocol>(_ line: Line) -> Substring {
        if let line = line as? Substring { return line }
        if let line = line as? String { return line[...] }
        return Substring(String(line))
    }

    // MARK: Completion

    /// The whole-line candidates that complete `input` (command names; for `edit N ` the text of task N).
    public func completions(for input: String) -> [String] {
        var tasks = list
        return Completion.candidates(for: input) { number in
            if tasks == nil { tasks = try? self.database.allTasks() }
            guard let tasks, number <= tasks.count else { return nil }
            return tasks[number - 1].text
        }
    }
}
