import Testing
import TaskPresenter
import TaskTestSupport

@Suite("Help")
struct TaskPresenterHelpTests {
    @Test("help shows every command, one line each")
    func helpOverview() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "help") == .succeeded)
        #expect(view.received == [.help("""
            add TEXT        add a task at the end (due:fri every:week +tag @context)
            done N…         check off tasks (✓), or uncheck them
            fav N…          mark or unmark tasks as favourites (★)
            edit N TEXT     change the text (and due:, every:, tags) of task N
            mv N M          move task N to place M
            rm N…           remove tasks
            due N… DATE     set due dates (fri, dec 1, 2026-12-01 17:00, none)
            tag N… +a -b    add and remove tags
            every N… WHEN   make tasks recur (week, month, mon,thu, 3d-after, none)
            clear [done]    remove all tasks, or only the done ones
            find TEXT       show only the tasks whose text contains TEXT (and +tags)
            today           show the tasks due today or overdue
            upcoming        show every task to do that has a due date, by date
            list, ls        show the whole list
            undo            revert the latest change
            redo            re-apply the latest undone change
            export [FILE]   write the list as todo.txt, JSON, Markdown or iCalendar
            import FILE     add or update tasks from such a file (- for standard input)
            sync [URL]      two-way sync with a CalDAV task list (--status, --unpair)
            share ROLE      let a role of the server use a shared list (--read-only)
            unshare ROLE    take a shared list from a role of the server
            help [COMMAND]  show what the commands do, or one in detail
            quit, exit      leave (Ctrl-D too)
            N is a number as shown; N… takes numbers and ranges: rm 2 5 7, done 1-3
            """)])
    }

    @Test("every line of help fits 80 columns")
    func helpFitsEightyColumns() {
        let lines = (TaskPresenter.helpText() ?? "").split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
    }

    @Test("help COMMAND shows its usage and meaning")
    func helpCommand() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "help rm") == .succeeded)
        #expect(view.received == [.help("""
            rm N…
            Removes each task N; `undo` brings them back.
            N… is one or more numbers as shown in the list, or ranges. Examples: rm 2, rm 2 5 7, rm 4-6
            """)])
    }

    @Test("help of another spelling shows the same command", arguments: [("ls", "list"), ("exit", "quit")])
    func helpOtherSpelling(spelling: String, main: String) throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "help \(spelling)") == .succeeded)
        #expect(view.received == [.help(TaskPresenter.helpText(for: main) ?? "")])
    }

    @Test("every command has help that starts with its usage", arguments: [
        ("add", "add TEXT"), ("fav", "fav N…"), ("rm", "rm N…"), ("edit", "edit N TEXT"), ("clear", "clear [done]"),
        ("done", "done N…"), ("mv", "mv N M"), ("find", "find TEXT"),
        ("list", "list (or ls)"), ("undo", "undo"), ("redo", "redo"), ("help", "help [COMMAND]"),
        ("quit", "quit (or exit)"), ("share", "share ROLE [--read-only]"), ("unshare", "unshare ROLE"),
    ])
    func everyCommandHasHelp(command: String, usage: String) {
        #expect(TaskPresenter.helpText(for: command)?.split(separator: "\n").first.map(String.init) == usage)
    }

    @Test("help share says it is not a change that undo reverts")
    func helpShare() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "help share") == .succeeded)
        #expect(view.received == [.help("""
            share ROLE [--read-only]
            On a list shared on a PostgreSQL server, lets the server's role ROLE read and change the list, or with --read-only only read it (its prompt then says read-only, and each change is refused). The role must exist on the server; only the list's owner can share it. Sharing is not a change of the list: undo does not revert it, unshare does.
            Examples: share bob, share bob --read-only
            """)])
    }

    @Test("helpText for an unknown command is nil")
    func unknownHelpText() {
        #expect(TaskPresenter.helpText(for: "nope") == nil)
    }

    @Test("helpText without a command is the overview help shows")
    func overviewHelpText() throws {
        let (sut, view) = try makeSUT()
        _ = sut.handle(line: "help")
        #expect(view.received == [.help(TaskPresenter.helpText() ?? "")])
    }
}
