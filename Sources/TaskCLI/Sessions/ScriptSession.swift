/// Script mode: commands piped on standard input, run as one unit, the final list shown once.
struct ScriptSession {
    /// The view, which owns the presenter.
    let view: ConsoleView
    /// Whether failing lines are skipped (`--keep-going`) instead of cancelling the whole script.
    let keepGoing: Bool
    /// Whether the list is shown at the end (not with `--quiet`).
    let showsList: Bool

    /// Runs the script; returns the exit status (0 when every line succeeded and the changes
    /// were saved, else 1) and whether its changes were saved.
    func run() -> (status: Int32, saved: Bool) {
        let lines = StandardInputLines()
        let result = view.presenter.runScript(lines, keepGoing: keepGoing)
        if let failure = lines.readFailure {
            view.output.writeFailure("cannot read standard input: \(failure)")
            return (1, result.committed)
        }
        if showsList && result.committed { view.presenter.showList() }
        return (result.succeeded ? 0 : 1, result.committed)
    }
}
