import Testing
import TaskPresenter

@Suite("Help")
struct TaskPresenterHelpTests {
    @Test("help shows every command, one line each")
    func helpOverview() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "help") == .succeeded)
        #expect(view.received == [.help("""
            add TEXT        add a task at the end of the list
            fav N…          mark or unmark tasks as favourites (★)
            rm N…           remove tasks
            edit N TEXT     replace the text of task N
            clear           remove all tasks
            list, ls        show the list
            undo            revert the latest change
            redo            re-apply the latest undone change
            help [COMMAND]  show what the commands do, or one in detail
            quit, exit      leave (Ctrl-D too)
            N is a number as shown in the list; N… takes several numbers and ranges: rm 2 5 7, fav 1-3
            """)])
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
        ("add", "add TEXT"), ("fav", "fav N…"), ("rm", "rm N…"), ("edit", "edit N TEXT"), ("clear", "clear"),
        ("list", "list (or ls)"), ("undo", "undo"), ("redo", "redo"), ("help", "help [COMMAND]"),
        ("quit", "quit (or exit)"),
    ])
    func everyCommandHasHelp(command: String, usage: String) {
        #expect(TaskPresenter.helpText(for: command)?.split(separator: "\n").first.map(String.init) == usage)
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
