import TaskLineEditor
import TaskSystem
import Glibc
import ArgumentParser
import TaskModel
import TaskPresenter
import TaskSync
import TaskTerminal

/// The command line: flags and the optional one-shot command; `execute()` wires view and presenter
/// for the chosen mode and runs it.
struct TasksCommand: ParsableCommand {
    /// The name, summary and version shown by `--help` and `--version`.
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "A to-do list for the terminal.",
        // Written out, to fit 80 columns: the parser would write one line of 110. A line starting with
        // spaces goes on with the one before. CommandLineTests checks that every flag is here.
        usage: """
            tasks [--db <path>] [--user <name>] [--quiet] [--keep-going] [--no-color]
                  [<command> ...]
            tasks --generate <file>
            """,
        discussion: """
            With no COMMAND, commands are read from the terminal (an interactive prompt) \
            or, when standard input is not a terminal, one per line as a script that \
            changes nothing unless every line succeeds.

            COMMANDS:
            \(commandsHelp)
            """,
        version: "tasks 0.1.0"
    )

    /// The presenter's list of commands (`help`), indented and wrapped to fit the terminal (80
    /// columns at most, and off a terminal).
    private static var commandsHelp: String {
        // swift-argument-parser wraps the discussion again, at one column less than the terminal's
        // width: a line as wide as the terminal would lose its last word to a line of its own, and
        // a row it breaks would go on at the left margin. Wrapped here first, to one column less, a
        // long row goes on under its own column.
        let columns = min(helpColumns, 80)
        return (TaskPresenter.helpText() ?? "").split(separator: "\n")
            .flatMap { TextWrapping.linesKeepingColumn(of: String($0), width: columns - 3) }
            .map { "  " + $0 }
            .joined(separator: "\n")
    }

    /// How wide `--help` is: the terminal's width, else `COLUMNS`, else 80, as swift-argument-parser
    /// itself would have it off a terminal.
    private static var helpColumns: Int {
        Posix.terminalColumns(Posix.standardOutput) ?? Posix.environment("COLUMNS").flatMap { Int($0) } ?? 80
    }

    /// `--db PATH`.
    @Option(name: .long, help: ArgumentHelp(
        "The task database: an SQLite file, or a postgresql:// URL for a list shared on a server "
            + "(default: $TASKS_DB, else $XDG_DATA_HOME/tasks/tasks.sqlite).", valueName: "path"),
            completion: .file())
    var db: String?

    /// `--user NAME`.
    @Option(name: .long, help: ArgumentHelp(
        "On a shared list, whose changes undo and redo act on (default: $TASKS_USER, else the database role).",
        valueName: "name"))
    var user: String?

    /// `--quiet`.
    @Flag(help: "Do not show the list after a command or a script.")
    var quiet = false

    /// `--keep-going`.
    @Flag(help: "In a script, skip failing lines and apply the rest.")
    var keepGoing = false

    /// `--no-color`.
    @Flag(help: "Never use colour (NO_COLOR does the same).")
    var noColor = false

    /// `--generate man|bash|zsh|fish`.
    @Option(help: ArgumentHelp("Print the man page or a completion script, then exit.", valueName: "file"))
    var generate: GeneratedFile?

    /// `--complete-task-numbers`: what the completion scripts ask for (not shown in help).
    @Flag(help: .private)
    var completeTaskNumbers = false

    /// `--complete-width COLUMNS`, with `--complete-task-numbers`: each text replaced by the entry
    /// bash lists, `N  TEXT` made exactly that many columns wide (not shown in help).
    @Option(help: .private)
    var completeWidth: Int?

    /// The one-shot command's words.
    @Argument(help: ArgumentHelp("A command to run once, e.g. `add Buy milk` or `rm 3`.", valueName: "command"))
    var command: [String] = []

    /// Refuses an empty `--db`, and a `--user` that cannot name anyone.
    func validate() throws {
        if db?.isEmpty == true { throw ValidationError("--db needs a path") }
        if let user, !LaunchOptions.isName(user) { throw ValidationError(Self.badName("--user")) }
    }

    /// Refuses `--db=` and `--user=` with nothing after `=`, as `validate()` refuses an empty
    /// value: the parser would take the next word for the value (`tasks --db= list` would make a
    /// store named `list`). Only lines the fast path did not read come here: each asks for help or a
    /// generated file, or is refused anyway, so a command's word that reads `--db=` only changes
    /// which refusal is said, and every word before `--` is looked at.
    private static func refuseEmptyAttachedValues(_ arguments: [String]) throws {
        for flag in arguments.prefix(while: { $0 != "--" }) {
            if flag == "--db=" { throw ValidationError("--db needs a path") }
            if flag == "--user=" { throw ValidationError(badName("--user")) }
        }
    }

    /// Why a name given with `option` was refused.
    private static func badName(_ option: String) -> String {
        "\(option) needs a name: 1 to \(LaunchOptions.longestName) characters, no control characters, "
            + "no space at either end"
    }

    /// Parses `arguments` and runs; returns the exit status: 0, 1 when a command failed,
    /// 2 on a usage error.
    static func start(arguments: [String]) -> Int32 {
        if let options = LaunchOptions(commonArguments: arguments) { return execute(options) }
        let command: TasksCommand
        do {
            try refuseEmptyAttachedValues(arguments)
            command = try parse(arguments)
        } catch {
            let output = OutputStreams()
            guard exitCode(for: error) == .success else { // a usage error: one line, as every error
                output.writeFailure(message(for: error) + " (`tasks --help` lists the flags)")
                return output.finish(status: 2)
            }
            let text = fullMessage(for: error, columns: helpColumns) // --help, --version
            output.write(text.escapingControlCharacters(keepingLineBreaks: true) + "\n", to: .output)
            return output.finish(status: 0)
        }
        if let file = command.generate { return ShellIntegration.print(file) }
        if command.completeTaskNumbers { return ShellIntegration.printTaskNumbers(db: command.db, width: command.completeWidth) }
        return execute(command.options)
    }

    /// The parsed flags and command words.
    var options: LaunchOptions {
        LaunchOptions(db: db, user: user, quiet: quiet, keepGoing: keepGoing, noColor: noColor, command: command)
    }

    /// Opens the store, wires view and presenter for the mode, runs it, and exits with its status
    /// (returns only when the store cannot be opened).
    static func execute(_ options: LaunchOptions) -> Int32 {
        let (db, quiet, keepGoing, noColor, command) =
            (options.db, options.quiet, options.keepGoing, options.noColor, options.command)
        let output = OutputStreams()
        let mode = InputMode(commandWords: command, standardInputIsTerminal: Posix.isTerminal(Posix.standardInput))
        if case .oneShot(let line) = mode, line.allSatisfy(\.isWhitespace) {
            output.writeFailure("the command is empty: give one, such as `tasks add TEXT` (`tasks help` lists them)")
            return output.finish(status: 2)
        }
        guard let path = Locations.databasePath(option: db) else {
            output.writeFailure("no home folder to keep the tasks in: set HOME or XDG_DATA_HOME, or give --db PATH")
            return output.finish(status: 1)
        }
        let isShared: Bool
        do {
            isShared = try StoreOpener.isShared(path)
        } catch {
            output.writeFailure(TaskPresenter.message(forOpening: error))
            return output.finish(status: 1)
        }
        // A password read from the arguments is no one else's business for as long as a prompt is open.
        if isShared, let db { ProcessArguments.blank(StoreOpener.passwordRanges(in: db), ofEvery: db, orWithPrefix: "--db=") }
        if options.user != nil, !isShared {
            output.writeFailure("--user is for a shared list (--db postgresql://…); an SQLite file has one undo history")
            return output.finish(status: 2)
        }
        // TASKS_USER is read for a shared list only: an SQLite file ignores it, whatever it holds.
        let person = isShared ? options.user ?? Posix.environment("TASKS_USER").flatMap { $0.isEmpty ? nil : $0 } : nil
        if let person, !LaunchOptions.isName(person) {
            output.writeFailure(badName("TASKS_USER"))
            return output.finish(status: 2)
        }
        let database: any TaskStorage
        do {
            database = try StoreOpener.open(path, person: person)
        } catch {
            output.writeFailure(TaskPresenter.message(forOpening: error))
            return output.finish(status: 1)
        }
        if let notice = TaskPresenter.notice(forUpgrade: database.upgrade) {
            output.writeFailure(notice)
        }
        let syncState = Locations.syncStatePath(store: database.location, isShared: isShared)
        let sync = CalDAVSync(storage: database, statePath: syncState)
        let presenter = TaskPresenter(storage: database, files: LocalFiles(output: output),
                                      rendersAfterChanges: mode.rendersAfterChanges(quiet: quiet), sync: sync)
        // A dumb terminal shows escape sequences as text.
        let colorAllowed = !noColor && (Posix.environment("NO_COLOR") ?? "").isEmpty
            && Posix.environment("TERM") != "dumb"
        let view = ConsoleView(presenter: presenter, output: output, colorAllowed: colorAllowed,
                               emptyListText: mode.emptyListText, showsWindows: mode == .interactive)
        let status: Int32
        let saved: OutputStreams.SavedChanges
        switch mode {
        case .oneShot(let line):
            let result = presenter.handle(line: line, commandLine: true)
            status = result == .failed ? 1 : 0
            saved = result == .succeeded && TaskPresenter.savesAChange(line) ? .one : .none
        case .script:
            let script = ScriptSession(view: view, keepGoing: keepGoing, showsList: !quiet).run()
            status = script.status
            saved = script.saved ? .several : .none
        case .interactive:
            presenter.syncInBackground(BackgroundSync(
                isPaired: { [sync] in sync.isPaired },
                open: {
                    CalDAVSync(storage: try StoreOpener.open(path, creating: false, person: person, openInThisProcess: true),
                               statePath: syncState, patience: BackgroundSync.patience)
                },
                idleInterval: Locations.syncInterval()))
            let history = Locations.historyPath().map { HistoryFile(path: $0) }
            let session = InteractiveSession(view: view, history: history, interrupt: {
                database.interrupt()
                sync.interrupt()
            }).run()
            // Leaving (Ctrl-D, `quit`) sends what the background sync has not; a closed terminal
            // (SIGHUP) or SIGTERM leaves at once, and Ctrl-C stops the wait.
            if Signals.terminationSignal == nil {
                output.flush()
                var stopped = false
                presenter.finishSyncing {
                    guard !stopped, Signals.interruptionRequested || Signals.terminationSignal != nil else { return stopped }
                    stopped = true
                    // The terminal showed ^C where the line the sync's outcome goes on begins.
                    if Signals.terminationSignal == nil, Posix.isTerminal(Posix.standardError) { output.write("\n", to: .error) }
                    return true
                }
            }
            // A background sync's password command still waiting ends with the prompt.
            CalDAVSync.stopPasswordCommands()
            status = session.status
            saved = session.savedChanges ? .several : .none
        }
        let finalStatus = output.finish(status: status, saved: saved)
        // Leave without tearing down: freeing a 10,000-task list costs a fifth of a one-shot
        // `tasks list`. Output is flushed and history saved; closing the store checkpoints its log.
        database.close()
        Signals.endByTerminationSignal() // SIGTERM or SIGHUP at the prompt, now that all is saved
        Glibc.exit(finalStatus)
    }
}
