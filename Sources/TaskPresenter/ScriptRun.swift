import TaskModel

/// One script's lines run as one unit in the store's transaction: the list as it stands after
/// each line, the messages kept for after the commit, the failing lines reported as `line N: …`
/// and counted. Atomic (stops at the first failing line) or, with `keepGoing`, skipping them.
final class ScriptRun {
    /// The script's transaction.
    let store: any TaskWriting
    /// The list as the lines so far left it.
    var list: TaskList?
    /// The messages to show once the script's changes are saved.
    private(set) var messages: [Message] = []
    /// How many lines failed.
    private(set) var failedLines = 0
    private let keepGoing: Bool

    /// Starts a run in `store`, the transaction the whole script runs in.
    init(in store: any TaskWriting, keepGoing: Bool) throws {
        self.store = store
        self.keepGoing = keepGoing
        list = try store.allTasks()
    }

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
