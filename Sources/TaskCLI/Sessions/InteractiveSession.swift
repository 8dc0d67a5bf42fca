import TaskLineEditor
import TaskSystem
import TaskTerminal
import TaskPresenter

/// The REPL: a prompt on the terminal, each line forwarded to the presenter as it is entered.
struct InteractiveSession {
    /// The view, which owns the presenter.
    let view: ConsoleView
    /// The history file, or nil when no place for it is known.
    let history: HistoryFile?
    /// Stops the command running (the store's transaction, a sync's requests), from another thread.
    let interrupt: @Sendable () -> Void

    /// How often, in milliseconds, the prompt asks whether another process changed the store
    /// while it waits for a key on an empty line (then it shows the list again), when the store
    /// cannot tell it (SQLite; a server being connected to again): often enough that a change
    /// shows within a second, rarely enough that an idle prompt costs nothing.
    static let storeCheckInterval = 250

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
    /// prompt back on a line of its own; a change still running is stopped and changes nothing
    /// (the presenter says so), and one already saved is said to be.
    func run() -> Ending {
        Signals.install()
        var ending = Ending(status: 0, savedChanges: false)
        let presenter = view.presenter
        guard let editor = LineEditor(programName: "tasks", prompt: presenter.prompt, history: history?.load() ?? [])
        else {
            view.output.writeFailure("cannot start line editing on this terminal")
            ending.status = 1
            return ending
        }
        defer { editor.close() }
        editor.completions = { input in presenter.completions(for: input) }
        // Only when the list goes to the prompt's screen: piped away (`tasks | less`), it would be
        // written where the prompt is not, unasked, and a reader that stalls would freeze the prompt.
        if Posix.isTerminal(Posix.standardOutput) {
            editor.idleUpdate = LineEditor.IdleUpdate(interval: Self.storeCheckInterval,
                                                      descriptor: { presenter.watchStore() },
                                                      otherDescriptors: { presenter.watchSync().map { [$0] } ?? [] },
                                                      hasNews: { presenter.hasStoreNews() },
                                                      show: { [view] in
                                                          presenter.showStoreNews()
                                                          view.output.flush()
                                                      })
        }
        view.output.isStopped = { Signals.interruptionRequested }
        let forwarder = InterruptionForwarder(interrupt: interrupt)
        var warnedAboutHistory = false

        presenter.showListAsThePromptOpens()
        while Signals.terminationSignal == nil {
            if Signals.takeInterruption() {
                view.output.abandon()
                editor.write("\n") // the terminal showed ^C where the output stopped
            }
            view.output.flush()
            // It names a `find` in effect, whose text may hold control characters.
            editor.setNormalPrompt(presenter.prompt.escapingControlCharacters())
            switch editor.readLine() {
            case .end:
                return ending
            case .interrupted:
                continue
            case .line(let line):
                if line.contains(where: { !$0.isWhitespace }), TaskPresenter.mayRemember(line) {
                    editor.addToHistory(line)
                    if let history, !history.append(line), !warnedAboutHistory {
                        view.output.writeFailure("cannot save the history in \(history.path)")
                        warnedAboutHistory = true
                    }
                }
                // Only a change or a sync is stopped: a command that only shows something just stops showing it.
                let isChange = TaskPresenter.savesAChange(line)
                let result = TaskPresenter.stopsWhenInterrupted(line) ? forwarder.run { presenter.handle(line: line) }
                    : presenter.handle(line: line)
                let saved = result == .succeeded && isChange
                if saved { ending.savedChanges = true }
                if Signals.takeInterruption() {
                    view.output.abandon()
                    editor.write("\n") // the terminal showed ^C where the output stopped
                    if saved { view.display(message: .info(TaskPresenter.savedThoughInterrupted)) }
                }
                if result == .quit { return ending }
            }
        }
        return ending
    }
}
