import TaskModel
import TaskSync

/// Turns lines of input into changes of the task list and tells the view what to show.
///
/// Numbers typed by the user refer to the list the presenter last handed to the view (`ShownList`),
/// kept up to date with the presenter's own changes; a task removed or edited meanwhile by another
/// process is reported as such, never replaced by the task that now has its number. The prompt,
/// one-shot commands and scripts run each line through the same dispatch (`execute`); a script
/// runs all its lines in one transaction (`ScriptRun`). Files go through `InterchangeCommands`, the
/// idle prompt's news through `StoreWatch`, `sync` and the prompt's own sync through `ListSync`.
public final class TaskPresenter {
    /// The view; held weakly so the view owns the presenter and not the reverse.
    public weak var view: TaskView?
    /// Whether the list is shown after every command that changes it (REPL, one-shot without --quiet).
    /// `list`/`ls` and `find` show it whatever this says.
    public var rendersAfterChanges: Bool

    private let storage: any TaskStorage
    /// The list as last shown, which numbers refer to, and the search in effect.
    private var shown = ShownList()
    /// `export` and `import`, with their files.
    private let interchange: InterchangeCommands
    /// The commands that change the list.
    private let changes: ChangeCommands
    /// What the idle prompt's watch of the store found and has not shown yet.
    private let watch = StoreWatch()
    /// What time it is, and where: what due dates read as.
    private let clock: Clock
    /// `sync`, and the open prompt's sync in the background.
    private let sync: ListSync

    /// Creates a presenter over `storage`, exporting to and importing from `files` (none when nil),
    /// reading the time from `clock`.
    public init(storage: any TaskStorage, files: (any InterchangeFiles)? = nil, rendersAfterChanges: Bool = true,
                clock: Clock = .system, sync: CalDAVSync? = nil) {
        self.storage = storage
        self.sync = ListSync(sync)
        self.rendersAfterChanges = rendersAfterChanges
        self.clock = clock
        interchange = InterchangeCommands(files: files ?? NoFiles())
        changes = ChangeCommands(interchange: interchange, clock: clock)
    }

    /// The prompt to show before the next line: it says when the list is read-only (shared so, or
    /// a file that cannot be written) and names the search or view in effect.
    public var prompt: String {
        let notes = (storage.isReadOnly ? ["read-only"] : []) + (shown.filter.map { [$0.name] } ?? [])
        return notes.isEmpty ? "tasks> " : "tasks (\(notes.joined(separator: ", ")))> "
    }

    /// The whole-line candidates that complete `input` (command names; for `edit N ` the text of
    /// task N with its attribute words, so that what is shown is what is edited; date words, periods
    /// and tags in use after `due:`, `every:`, `+` and `@`).
    public func completions(for input: String) -> [String] {
        let storage = storage
        return Completion.candidates(for: input, in: shown.tasks ?? (try? storage.read { try $0.allTasks() }),
                                     at: clock.moment)
    }

    // MARK: Lines

    /// Handles one line typed at the prompt, or given on the command line (`commandLine`: its words
    /// joined, as the shell that ran tasks read them: a file name in it is taken as it is).
    public func handle(line: String, commandLine: Bool = false) -> CommandResult {
        let input = line[...]
        do {
            return try execute(input, in: .own, fileNames: commandLine ? .commandLine : .typed)
        } catch {
            view?.display(message: .error(CommandFailure(line: input, reason: describeShown(error)).description))
            return .failed
        }
    }

    /// Runs a script's lines as one unit: atomic (stop at the first failing line, change nothing)
    /// or, with `keepGoing`, skipping failing lines. Errors are reported as `line N: …`; `find`
    /// prints the rows that match when its line is reached. Does not show the list; call
    /// `showList()` afterwards when wanted.
    public func runScript<Lines: Sequence>(_ lines: Lines, keepGoing: Bool) -> ScriptResult
    where Lines.Element: StringProtocol {
        var started: ScriptRun?
        let version: Int
        do {
            version = try interchange.whileReadingScript {
                try storage.write { store in
                    let run = ScriptRun(in: store, keepGoing: keepGoing)
                    started = run
                    try run.run(lines, execute: { try execute($0, in: .script(run)) },
                                report: { view?.display(message: .error($0.description)) })
                    return try store.externalVersion()
                }
            }
        } catch is ScriptStopped {
            return ScriptResult(failedLines: started?.failedLines ?? 0, committed: false)
        } catch {
            view?.display(message: .error(Self.describe(error)))
            return ScriptResult(failedLines: started?.failedLines ?? 0, committed: false)
        }
        guard let run = started else { return ScriptResult(failedLines: 0, committed: true) }
        shown.update(run.finalList, version: version)
        for message in run.messages { view?.display(message: message) }
        return ScriptResult(failedLines: run.failedLines, committed: true)
    }

    /// Where a line runs.
    private enum Transaction {
        /// In a transaction of its own: at the prompt, or a one-shot command.
        case own
        /// In the script's, against the list as the script's lines so far left it.
        case script(ScriptRun)
    }

    /// The one dispatch, for the prompt, one-shot commands and scripts: parses `line` and runs its
    /// command; throws what went wrong, for the caller to say.
    private func execute(_ line: Substring, in transaction: Transaction,
                         fileNames: FileNameWord.Reading = .typed) throws -> CommandResult {
        guard let command = try CommandParser.parse(line, fileNames: fileNames) else { return .succeeded }
        switch command {
        case .quit:
            return .quit
        case let .help(topic):
            view?.display(help: topic.map(HelpText.detail(for:)) ?? HelpText.overview)
        case .list, .find, .today, .upcoming:
            let filter: ListFilter? = switch command {
            case let .find(text): .find(TaskFilter(query: text))
            case .today: .today
            case .upcoming: .upcoming
            default: nil
            }
            switch transaction {
            case .own where shown.tasks == nil && (filter == .today || filter == .upcoming):
                if let filter { try shown.displayDatedTasks(filter, from: storage, on: view, at: clock.moment) }
            case .own:
                watch.commandRan()
                let gone = try shown.refreshUnlessGone(from: storage)
                if let gone { watch.said(gone) }
                shown.filter = filter
                display()
                if let gone { view?.display(message: .error(gone.heldListNotice)) }
            case let .script(run): // the script's list is shown once, at its end; a search where it stands
                if let filter { ShownList.display(try run.wholeList(), filter: filter, on: view, at: clock.moment) }
            }
        case let .export(format, file):
            switch transaction {
            case .own:
                watch.commandRan()
                let (tasks, gone) = try shown.listToExport(from: storage)
                if let gone { watch.said(gone) }
                let messages = try interchange.export(format: format, file: file, tasks: tasks, shownBefore: gone)
                for message in messages { view?.display(message: message) }
            case let .script(run):
                run.say(try interchange.export(format: format, file: file, from: run.store))
            }
        case let .share(role, readOnly):
            try share(.share(role: role, readOnly: readOnly), in: transaction)
        case let .unshare(role):
            try share(.unshare(role: role), in: transaction)
        case let .sync(request):
            guard case .own = transaction else { throw SyncCommand.Refusal.inScript }
            watch.commandRan()
            let outcome = try sync.run(request, at: clock.moment) { view?.displayNow(message: $0) }
            if outcome.listChanged, rendersAfterChanges { showChangedList() }
            for message in outcome.messages { view?.display(message: message) }
            if !outcome.didAll { return .failed }
        case .add, .done, .fav, .rm, .edit, .mv, .clear, .undo, .redo, .import, .due, .tag, .every:
            switch transaction {
            case .own:
                watch.commandRan()
                try change(command)
                sync.listChanged()
            case let .script(run):
                try run.prepareList(for: command)
                run.say(try changes.perform(command, on: &run.list, in: run.store).messages)
            }
        }
        return .succeeded
    }

    /// `share` or `unshare`, in a write transaction of its own or the script's; the list is not
    /// shown again, since it did not change.
    private func share(_ request: SharingCommands.Request, in transaction: Transaction) throws {
        switch transaction {
        case .own:
            watch.commandRan()
            let location = storage.location
            let message = try storage.write { try SharingCommands.perform(request, in: $0, location: location) }
            view?.display(message: message)
        case let .script(run):
            run.say([try SharingCommands.perform(request, in: run.store, location: storage.location)])
        }
    }

    // MARK: Changes

    /// A change at the prompt or on the command line, in a write transaction of its own, against
    /// the list as shown; then the list, shown around the row the change touched, and its messages.
    private func change(_ command: Command) throws {
        let before = shown.tasks
        switch try changes.runAlone(command, in: storage, against: shown, needsList: rendersAfterChanges) {
        case let .changed(list, version, performed):
            shown.update(list, version: version)
            if rendersAfterChanges, let list {
                display(focus: ShownList.focus(named: performed.named, before: before, after: list))
            }
            for message in performed.messages { view?.display(message: message) }
        case let .stale(error, list, version):
            shown.update(list, version: version)
            if rendersAfterChanges {
                display(focus: ShownList.focus(named: nil, before: before, after: list))
            }
            throw error
        }
    }

    // MARK: Showing the list

    /// Loads the list and shows it whole (filtered while a search is in effect); numbers typed
    /// afterwards refer to these rows. Reuses the rows in memory when no other process changed the
    /// store since.
    public func showList() {
        show { _, _ in nil }
    }

    /// `showList()` as the prompt opens: a list taller than the window is shown as its last rows,
    /// with the count of the rest, as after a change, rather than scrolled through whole.
    public func showListAsThePromptOpens() {
        show { _, list in ShownList.focus(named: nil, before: nil, after: list) }
    }

    /// Shows the list another process changed, around the first row that differs from the list
    /// shown before, as after a change of the prompt's own.
    private func showChangedList() {
        show { before, list in ShownList.focus(named: nil, before: before, after: list) }
    }

    /// Loads the list again if the store changed and shows it around the row `focus` picks, or
    /// says why it cannot.
    private func show(focus: (_ before: TaskList?, _ list: TaskList) -> Int?) {
        let before = shown.tasks
        do {
            try shown.refresh(from: storage)
        } catch {
            view?.display(message: .error(describeShown(error)))
            return
        }
        display(focus: focus(before, shown.tasks ?? []))
    }

    /// Shows the list as it is held, at this moment.
    private func display(focus: Int? = nil) {
        shown.display(on: view, focus: focus, at: clock.moment)
    }

    // MARK: Watching the store

    /// The descriptor to wait on beside the keyboard: it becomes readable when the store may have
    /// news (a server's notification, the end of its connection). Nil when the store cannot notify
    /// (SQLite, or a server whose connection is lost): then the prompt asks `hasStoreNews()` every
    /// so often, which compares the store's version (and connects to a server again). Asked before
    /// each wait, since it changes with the connection.
    public func watchStore() -> Int32? {
        watch.watch(storage)
    }

    /// Whether there is news to show while the prompt waits for a key on an empty line: the list
    /// changed by another process, and, on a server, a lost connection (once) and its return.
    /// Only asking: numbers typed keep referring to the list shown until `showStoreNews()`.
    /// A new day is news too: what said `tomorrow` must say `today`.
    public func hasStoreNews() -> Bool {
        // What the sync said is shown even without a list: its descriptor stays readable until then.
        guard shown.tasks != nil else { return sync.hasNews }
        return watch.hasNews(in: storage) { shown.compare(with: storage) } || shown.dayIsOver(at: clock.moment) || sync.hasNews
    }

    /// Shows what `hasStoreNews()` found: that the connection was lost (one line), or the list as
    /// it is now, then that the server answers again when it was said to be lost.
    public func showStoreNews() {
        for news in watch.takeNews() {
            switch news {
            case let .lost(error): view?.display(message: .error(error.messageWhileIdle))
            case .listChanged: showChangedList()
            case .back: view?.display(message: .info("connected to \(storage.location) again"))
            }
        }
        if shown.dayIsOver(at: clock.moment) { // what said `tomorrow` must say `today`; numbers stay
            display(focus: shown.tasks.flatMap { $0.isEmpty ? nil : $0.count - 1 })
        }
        for message in sync.takeNews() { view?.display(message: message) }
    }

    /// Syncs in the background from now on (`BackgroundSync`): after each change, and showing
    /// what it says while the prompt is idle.
    public func syncInBackground(_ background: BackgroundSync) {
        sync.start(background)
    }

    /// As the prompt closes: sends what was changed there and not sent yet, for as long as the
    /// background sync allows and `giveUp` (Ctrl-C) does not say to stop, and says how it went.
    public func finishSyncing(giveUp: () -> Bool) {
        for message in sync.finish(giveUp: giveUp) { view?.display(message: message) }
    }

    /// A descriptor to wait on beside the keyboard and `watchStore()`'s: it is readable while the
    /// background sync has something to say (`hasStoreNews()`), whether or not the store notifies.
    public func watchSync() -> Int32? {
        sync.descriptor
    }

    // MARK: Errors

    /// The user-facing text of an error from the store that a command shows, which the watch
    /// then need not say again.
    private func describeShown(_ error: Error) -> String {
        watch.said(error)
        return Self.describe(error)
    }

    /// The user-facing text of an error from the store.
    static func describe(_ error: Error) -> String {
        if let error = error as? StoreError { return error.message }
        if let error = error as? SharingError { return error.message }
        if let error = error as? SyncCommands.Failure { return error.message }
        if let error = error as? SyncError { return error.message(netrcFile: nil) }
        if let error = error as? SyncCommand.Refusal { return error.message }
        return String(describing: error)
    }
}
