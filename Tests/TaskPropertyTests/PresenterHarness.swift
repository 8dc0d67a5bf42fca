import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

/// A real presenter over a fresh in-memory store, its view, and the reference model, driven together:
/// each check records an issue and throws at the first disagreement.
final class PresenterHarness {
    let database: any TaskStorage
    private(set) var presenter: TaskPresenter
    let view = RowsSpy()
    private(set) var model = ReferenceList()
    /// Whether each line gets a new presenter that does not render, like `tasks COMMAND --quiet`.
    private let oneShot: Bool

    /// A harness for a REPL session, or with `oneShot` for one command per process.
    init(oneShot: Bool = false) throws {
        database = try SQLiteStorage.inMemory()
        self.oneShot = oneShot
        presenter = Self.makePresenter(database, view: view, oneShot: oneShot)
    }

    private static func makePresenter(_ database: any TaskStorage, view: RowsSpy, oneShot: Bool) -> TaskPresenter {
        // The reference model's fixed moment, never the real time: `today` means the same in both.
        let presenter = TaskPresenter(storage: database, rendersAfterChanges: !oneShot, clock: ReferenceCalendar.clock)
        presenter.view = view
        return presenter
    }

    /// Hands `line` to the presenter and to the model; checks that both report the same outcome,
    /// that an error is shown exactly when the line failed, and (with `checkingRows`) that the rows
    /// agree afterwards.
    func handle(_ line: String, checkingRows: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        view.reset()
        if oneShot {
            presenter = Self.makePresenter(database, view: view, oneShot: true)
            model.forgetFilter()
        }
        let result = presenter.handle(line: line)
        let expected = model.run(line)
        let errors = view.messages.filter { $0.kind == .error }
        try #require(result == Self.result(expected), "\(String(reflecting: line)) → \(errors)",
                     sourceLocation: sourceLocation)
        try #require(errors.count == (expected == .failed ? 1 : 0), "\(String(reflecting: line)) → \(errors)",
                     sourceLocation: sourceLocation)
        if checkingRows { try checkRows(after: line, sourceLocation: sourceLocation) }
    }

    /// Runs `lines` as one script on the presenter and line by line on the model (all or nothing
    /// unless `keepGoing`); checks the failed-line count, the commit, and the rows afterwards.
    func runScript(_ lines: [String], keepGoing: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        view.reset()
        let result = presenter.runScript(lines, keepGoing: keepGoing)
        let before = model
        var failedLines = 0
        for line in lines {
            let outcome = model.run(line, inScript: true)
            if outcome == .quit { break }
            if outcome == .failed {
                failedLines += 1
                if !keepGoing { break }
            }
        }
        let committed = keepGoing || failedLines == 0
        if !committed { model = before }
        let expected = ScriptResult(failedLines: failedLines, committed: committed)
        try #require(result == expected, "script \(lines) → \(view.messages)", sourceLocation: sourceLocation)
        try #require(view.messages.filter { $0.kind == .error }.count == failedLines, sourceLocation: sourceLocation)
        try checkRows(after: "script \(lines)", sourceLocation: sourceLocation)
    }

    /// Undoes until the presenter says there is nothing to undo; checks it took as many undos as
    /// the model has steps, and that the list is empty again.
    func undoEverything(sourceLocation: SourceLocation = #_sourceLocation) throws {
        view.reset()
        let depth = model.undoDepth
        var undone = 0
        while presenter.handle(line: "undo") == .succeeded, undone <= depth { undone += 1 }
        try #require(view.messages.last == .error("undo: nothing to undo"), sourceLocation: sourceLocation)
        try #require(undone == depth, sourceLocation: sourceLocation)
        while model.run("undo") == .succeeded {}
        try #require(model.tasks == [], sourceLocation: sourceLocation)
        try checkRows(after: "undoing everything", sourceLocation: sourceLocation)
    }

    /// Redoes until the presenter says there is nothing to redo; checks it took as many redos as
    /// the model can redo, and that the rows agree afterwards.
    func redoEverything(sourceLocation: SourceLocation = #_sourceLocation) throws {
        view.reset()
        let depth = model.redoDepth
        var redone = 0
        while presenter.handle(line: "redo") == .succeeded, redone <= depth { redone += 1 }
        try #require(view.messages.last == .error("redo: nothing to redo"), sourceLocation: sourceLocation)
        try #require(redone == depth, sourceLocation: sourceLocation)
        while model.run("redo") == .succeeded {}
        try checkRows(after: "redoing everything", sourceLocation: sourceLocation)
    }

    /// The rows the presenter shows, with their numbers and details, equal the model's (all tasks, or
    /// those its search or view shows, in its order), and the store holds the model's tasks.
    func checkRows(after what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        presenter.showList()
        let rows = try #require(view.lastRows, "no rows shown after \(what)", sourceLocation: sourceLocation)
        let expected = model.shownRows
        try #require(rows.map(\.number) == expected.map(\.number), "after \(what)", sourceLocation: sourceLocation)
        try #require(rows == expected, "after \(what): \(rows.map(Self.describe)) ≠ \(expected.map(Self.describe))",
                     sourceLocation: sourceLocation)
        let stored = try database.allTasks().map(ReferenceTask.init(stored:))
        try #require(stored == model.tasks, "stored, after \(what)", sourceLocation: sourceLocation)
    }

    /// A row in one line, its text and tags quoted.
    private static func describe(_ row: TaskRow) -> String {
        let details = row.details.map { " \(String(reflecting: $0.tags)) \($0.due ?? "-")\($0.isOverdue ? "!" : "")\($0.isRecurring ? " ⟳" : "")" }
        return "\(row.number)\(row.isFavorite ? "★" : "")\(row.isDone ? "✓" : "") \(String(reflecting: row.text))" + (details ?? "")
    }

    private static func result(_ outcome: ReferenceList.Outcome) -> CommandResult {
        switch outcome {
        case .succeeded: .succeeded
        case .failed: .failed
        case .quit: .quit
        }
    }
}
