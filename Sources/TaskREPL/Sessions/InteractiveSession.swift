import TaskPresenter

/// The REPL: a prompt on the terminal, each line forwarded to the presenter as it is entered.
struct InteractiveSession {
    /// The view, which owns the presenter.
    let view: ConsoleView
    /// The history file, or nil when no place for it is known.
    let history: HistoryFile?

    /// The prompt shown before each line.
    static let prompt = "tasks> "

    /// How the session ended.
    struct Ending {
        /// The exit status: 0, or 1 when libedit cannot start.
        var status: Int32
        /// Whether a change was saved during the session.
        var savedChanges: Bool
    }

    /// Runs until Ctrl-D, `quit`, or SIGTERM or SIGHUP (then `Signals.terminationSignal` says
    /// which; the caller closes the store and ends by it).
    ///
    /// Ctrl-C while a command runs stops its output (see `OutputStreams.isStopped`) and brings the
    /// prompt back on a line of its own.
    func run() -> Ending {
        Signals.install()
        var ending = Ending(status: 0, savedChanges: false)
        guard let editor = LineEditor(programName: "tasks", prompt: Self.prompt, history: history?.load() ?? [])
        else {
            view.output.writeFailure("cannot start line editing on this terminal")
            ending.status = 1
            return ending
        }
        defer { editor.close() }
        let presenter = view.presenter
        editor.completions = { input in presenter.completions(for: input) }
        view.output.isStopped = { Signals.interruptionRequested }
        var warnedAboutHistory = false

        presenter.showList()
        while Signals.terminationSignal == nil {
            if Signals.takeInterruption() {
                view.output.abandon()
                editor.write("\n") // the terminal showed ^C where the output stopped
            }
            view.output.flush()
            switch editor.readLine() {
            case .end:
                return ending
            case .interrupted:
                continue
            case .line(let line):
                if line.contains(where: { !$0.isWhitespace }) {
                    editor.addToHistory(line)
                    if let history, !history.append(line), !warnedAboutHistory {
                        view.output.writeFailure("cannot save the history in \(history.path)")
                        warnedAboutHistory = true
                    }
                }
                let result = presenter.handle(line: line)
                if result == .succeeded && TaskPresenter.savesAChange(line) { ending.savedChanges = true }
                if result == .quit { return ending }
            }
        }
        return ending
    }
}
