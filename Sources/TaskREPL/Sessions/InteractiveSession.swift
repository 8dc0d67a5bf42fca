/// The REPL: a prompt on the terminal, each line forwarded to the presenter as it is entered.
struct InteractiveSession {
    /// The view, which owns the presenter.
    let view: ConsoleView
    /// The history file, or nil when no place for it is known.
    let historyPath: String?

    /// Runs until Ctrl-D or `quit`; returns the exit status (0, or 1 when libedit cannot start).
    func run() -> Int32 {
        let presenter = view.presenter
        guard let editor = LineEditor(programName: "tasks", prompt: presenter.prompt, historyPath: historyPath) else {
            view.output.writeFailure("cannot start line editing on this terminal")
            return 1
        }
        defer { editor.close() }
        editor.completions = { input in presenter.completions(for: input) }
        var warnedAboutHistory = false

        presenter.showList()
        while true {
            view.output.flush()
            editor.promptText = presenter.prompt
            switch editor.readLine() {
            case .end:
                return 0
            case .interrupted:
                continue
            case .line(let line):
                if line.contains(where: { !$0.isWhitespace }), !editor.addToHistory(line), !warnedAboutHistory,
                   let historyPath {
                    view.output.writeFailure("cannot save the history in \(historyPath)")
                    warnedAboutHistory = true
                }
                if presenter.handle(line: line) == .quit { return 0 }
            }
        }
    }
}
