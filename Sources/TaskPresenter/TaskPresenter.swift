import TaskModel

/// Turns lines of input into changes of the task list and tells the view what to show.
/// (API stub: the presenter issue fills it in.)
public final class TaskPresenter {
    /// The view; held weakly so the view owns the presenter and not the reverse.
    public weak var view: TaskView?
    /// Whether the list is shown after every command that changes it (REPL, one-shot without --quiet).
    /// `list`/`ls` shows it whatever this says.
    public var rendersAfterChanges: Bool

    private let database: TaskDatabase

    /// Creates a presenter over `database`.
    public init(database: TaskDatabase, rendersAfterChanges: Bool = true) {
        self.database = database
        self.rendersAfterChanges = rendersAfterChanges
    }

    /// Loads the list and shows it; numbers typed afterwards refer to these rows.
    public func showList() {}

    /// Handles one line typed at the prompt or given on the command line.
    public func handle(line: String) -> CommandResult { .succeeded }

    /// Runs a script's lines as one unit: atomic (stop at the first failing line, change nothing)
    /// or, with `keepGoing`, skipping failing lines. Errors are reported as `line N: …`.
    /// Does not show the list; call `showList()` afterwards when wanted.
    public func runScript<Lines: Sequence>(_ lines: Lines, keepGoing: Bool) -> ScriptResult
    where Lines.Element: StringProtocol {
        ScriptResult(failedLines: 0, committed: true)
    }

    /// The whole-line candidates that complete `input` (command names; for `edit N ` the text of task N).
    public func completions(for input: String) -> [String] { [] }
}
