import TaskModel

/// One script's lines run as one unit in the store's transaction: the list as it stands after
/// each line, the messages kept for after the commit, the failing lines reported as `line N: …`
/// and counted. Atomic (stops at the first failing line) or, with `keepGoing`, skipping them.
final class ScriptRun {
    /// The script's transaction.
    let store: any TaskWriting
    /// The list as the lines so far left it, as far as it is known: nil before a line needed it;
    /// while not `isWhole`, only its first rows, as far as the highest number a line named, so
    /// that a script on a long list reads no more of it than its numbers need.
    var list: TaskList?
    /// Whether `list` is the whole list.
    private var isWhole = false
    /// The messages to show once the script's changes are saved.
    private(set) var messages: [Message] = []
    /// How many lines failed.
    private(set) var failedLines = 0
    private let keepGoing: Bool

    /// Starts a run in `store`, the transaction the whole script runs in.
    init(in store: any TaskWriting, keepGoing: Bool) {
        self.store = store
        self.keepGoing = keepGoing
    }

    /// Makes `list` hold what `command` needs before it runs: the rows up to the highest number it
    /// names. A command naming none forgets first rows (the rows of an `add`, an `undo` or an
    /// `import` land anywhere); the whole list, once known, is kept up to date by every command.
    func prepareList(for command: Command) throws {
        guard let highest = command.highestNumber else {
            if !isWhole { list = nil }
            return
        }
        if let list, isWhole || list.count >= highest { return }
        let rows = try store.firstTasks(highest)
        list = rows
        isWhole = rows.count < highest
    }

    /// The whole list as the lines so far left it (a search shows it), read when not known yet.
    func wholeList() throws -> TaskList {
        if isWhole, let list { return list }
        let whole = try store.allTasks()
        (list, isWhole) = (whole, true)
        return whole
    }

    /// The list as the script left it, for the prompt's numbers; nil when only first rows are known.
    var finalList: TaskList? { isWhole ? list : nil }

    /// Keeps `messages` to show after the commit.
    func say(_ messages: [Message]) {
        self.messages += messages
    }

    /// Runs each line with `execute` until the end or `quit`; a line that fails is reported with
    /// `report` and, unless skipped, stops the script (throws `ScriptStopped`, so that the
    /// transaction is rolled back).
    func run<Lines: Sequence>(_ lines: Lines, execute: (Substring) throws -> CommandResult,
                              report: (CommandFailure) -> Void) throws where Lines.Element: StringProtocol {
        var lineNumber = 0
        for element in lines {
            lineNumber += 1
            let line = Self.substring(element)
            do {
                if try execute(line) == .quit { return }
            } catch {
                report(CommandFailure(line: line, reason: TaskPresenter.describe(error), lineNumber: lineNumber))
                failedLines += 1
                if !keepGoing || !Self.isSkippable(error) { throw ScriptStopped() }
            }
        }
    }

    /// Whether a script in keep-going mode may skip a line that failed with `error` and go on:
    /// yes for the user's mistakes, no for storage failures (the transaction is rolled back).
    private static func isSkippable(_ error: Error) -> Bool {
        switch error {
        case is ParseError, is CommandError, is InterchangeCommandError:
            return true
        case let error as StoreError:
            switch error {
            case .nothingToUndo, .nothingToRedo, .tasksNotFound, .textChanged, .changedSince: return true
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
}
