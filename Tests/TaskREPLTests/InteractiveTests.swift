import Foundation
import Testing

/// The REPL on a pseudo-terminal (tmux), one session per test, one test at a time.
@Suite(.serialized) struct InteractiveTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// Adds tasks through a script before the REPL starts.
    private func prepare(_ script: String) throws {
        let run = try ProgramRun(["--quiet"], input: script, in: folder)
        try #require(run.status == 0, "preparing: \(run)")
    }

    // MARK: Start and exit

    @Test func anEmptyListSaysHowToAddATaskAboveThePrompt() throws {
        let session = try TerminalSession(in: folder)
        let screen = try session.lines()
        #expect(screen == ["No tasks. Add one with: add TEXT", "tasks>"])
    }

    @Test func theListIsShownAboveTheFirstPrompt() throws {
        try prepare("add Call mom\nadd Pay rent\nfav 1\n")
        let session = try TerminalSession(in: folder)
        let screen = try session.lines()
        #expect(screen == ["  1 ★ Call mom", "  2   Pay rent", "tasks>"])
    }

    @Test func ctrlDExitsZeroAndRestoresTheTerminal() throws {
        let session = try TerminalSession(in: folder)
        try session.press("C-d")
        let exit = try session.waitForExit()
        #expect(exit.status == 0)
        #expect(exit.terminalRestored)
    }

    @Test func quitExitsZeroAndRestoresTheTerminal() throws {
        let session = try TerminalSession(in: folder)
        try session.type("quit")
        try session.press("Enter")
        let exit = try session.waitForExit()
        #expect(exit.status == 0)
        #expect(exit.terminalRestored)
    }

    @Test func withStandardOutputPipedThePromptIsShownOnStandardError() throws {
        // The list reaches the screen through cat, so it may come before or after the prompt.
        let session = try TerminalSession(in: folder, outputFilter: "cat") { screen in
            screen.contains { $0.hasPrefix("tasks>") } && screen.contains { $0.contains("No tasks. Add one with") }
        }
        try session.press("C-d")
        let exit = try session.waitForExit()
        #expect(exit.status == 0)
        #expect(exit.terminalRestored)
    }

    // MARK: The list after each command

    @Test func addShowsTheNewList() throws {
        let session = try TerminalSession(in: folder)
        let first = try session.run("add Buy milk")
        #expect(first == ["  1   Buy milk"])
        let second = try session.run("add Pay rent")
        #expect(second == ["  1   Buy milk", "  2   Pay rent"])
    }

    @Test func favShowsTheStar() throws {
        try prepare("add Call mom\nadd Pay rent\n")
        let session = try TerminalSession(in: folder)
        let output = try session.run("fav 2")
        #expect(output == ["  1   Call mom", "  2 ★ Pay rent"])
    }

    @Test func rmShowsTheListRenumbered() throws {
        try prepare("add one\nadd two\nadd three\n")
        let session = try TerminalSession(in: folder)
        let output = try session.run("rm 1")
        #expect(output == ["  1   two", "  2   three"])
    }

    @Test func clearShowsTheEmptyList() throws {
        try prepare("add one\nadd two\n")
        let session = try TerminalSession(in: folder)
        let output = try session.run("clear")
        #expect(output == ["No tasks. Add one with: add TEXT"])
    }

    @Test func listShowsTheList() throws {
        try prepare("add one\n")
        let session = try TerminalSession(in: folder)
        let output = try session.run("list")
        #expect(output == ["  1   one"])
    }

    @Test func typedUTF8TextIsStoredAndShown() throws {
        let session = try TerminalSession(in: folder)
        let output = try session.run("add Café ☕ 日本")
        #expect(output == ["  1   Café ☕ 日本"])
        #expect(try ProgramRun(["list"], in: folder).output == "  1   Café ☕ 日本\n")
    }

    @Test func storedControlCharactersAreShownEscaped() throws {
        try prepare("add evil\u{1B}[2J\u{7}text\n")
        let session = try TerminalSession(in: folder)
        let screen = try session.lines()
        #expect(screen == ["  1   evil\\e[2J\\x07text", "tasks>"])
    }

    @Test func longTextsWrapUnderTheirColumn() throws {
        try prepare("add water the plants on the balcony and in the kitchen\n")
        let session = try TerminalSession(in: folder, columns: 30)
        let screen = try session.lines()
        #expect(screen == [
            "  1   water the plants on the",
            "      balcony and in the",
            "      kitchen",
            "tasks>",
        ])
    }

    @Test func wideCharactersKeepColumnsAligned() throws {
        try prepare("add 日本語のテキストを書く\nadd plain\n")
        let session = try TerminalSession(in: folder, columns: 20)
        let screen = try session.lines()
        #expect(screen == ["  1   日本語のテキス", "      トを書く", "  2   plain", "tasks>"])
    }

    @Test func helpWrapsUnderItsDescriptionColumn() throws {
        let session = try TerminalSession(in: folder, columns: 40)
        let output = try session.run("help")
        #expect(output.allSatisfy { $0.count <= 40 })
        #expect(output.prefix(2) == ["add TEXT        add a task at the end of", "                the list"])
    }

    @Test func anErrorIsShownAndThePromptComesBack() throws {
        try prepare("add one\n")
        let session = try TerminalSession(in: folder)
        let output = try session.run("rm 9")
        #expect(output == ["rm 9: there is no task 9 (the list has 1)"])
    }

    // MARK: Colour

    @Test func aTerminalGetsADimNumberAndAYellowStar() throws {
        try prepare("add one\nfav 1\n")
        let session = try TerminalSession(in: folder)
        let screen = try session.waitFor(escapes: true) { $0.contains { $0.contains("one") } }
        let row = try #require(screen.first { $0.contains("one") })
        #expect(row.hasPrefix("  \u{1B}[2m1\u{1B}[0m"))
        #expect(row.contains("\u{1B}[33m★"))
    }

    @Test func errorsAreRedOnATerminal() throws {
        let session = try TerminalSession(in: folder)
        try session.run("rm 1")
        let screen = try session.lines(escapes: true)
        #expect(screen.contains { $0.hasPrefix("\u{1B}[31mrm 1: ") })
    }

    @Test func noColorTurnsColourOff() throws {
        try prepare("add one\nfav 1\n")
        let session = try TerminalSession(in: folder, environment: ["NO_COLOR": "1"])
        let screen = try session.waitFor(escapes: true) { $0.contains { $0.contains("one") } }
        let row = try #require(screen.first { $0.contains("one") })
        #expect(!row.contains("\u{1B}["))
    }

    @Test func theNoColorFlagTurnsColourOff() throws {
        try prepare("add one\nfav 1\n")
        let session = try TerminalSession(["--no-color"], in: folder)
        let screen = try session.waitFor(escapes: true) { $0.contains { $0.contains("one") } }
        let row = try #require(screen.first { $0.contains("one") })
        #expect(!row.contains("\u{1B}["))
    }

    // MARK: Keys

    @Test func ctrlCDiscardsTheLineAndKeepsRunning() throws {
        let session = try TerminalSession(in: folder)
        try session.type("add forgotten")
        try session.waitFor { $0.last == "tasks> add forgotten" }
        try session.press("C-c")
        let screen = try session.waitForPrompt()
        #expect(screen.suffix(2) == ["tasks> add forgotten^C", "tasks>"])
        let output = try session.run("add kept")
        #expect(output == ["  1   kept"])
    }

    @Test func ctrlZStopsTheProgramWithTheTerminalRestored() throws {
        let session = try TerminalSession(in: folder, jobControl: true)
        try session.type("add x")
        try session.waitFor { $0.last == "tasks> add x" }
        try session.press("C-z")
        let exit = try session.waitForExit()
        #expect(exit.status == 128 + SIGTSTP)
        #expect(exit.terminalRestored)
    }

    @Test func aTerminatingSignalWhileEditingRestoresTheTerminal() throws {
        let session = try TerminalSession(in: folder, jobControl: true)
        try session.type("add x")
        try session.waitFor { $0.last == "tasks> add x" }
        let program = try #require(try session.programID())
        kill(program, SIGTERM)
        let exit = try session.waitForExit()
        #expect(exit.status == 128 + SIGTERM)
        #expect(exit.terminalRestored)
    }

    @Test func ctrlZWhereNoShellCanResumeKeepsTheLine() throws {
        let session = try TerminalSession(in: folder)
        try session.type("add x")
        try session.waitFor { $0.last == "tasks> add x" }
        try session.press("C-z")
        try session.type("y")
        try session.waitFor { $0.last == "tasks> add xy" }
        try session.press("Enter")
        let screen = try session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   xy", "tasks>"])
    }

    @Test func upArrowRecallsThePreviousLine() throws {
        let session = try TerminalSession(in: folder)
        try session.run("add first")
        try session.press("Up")
        try session.waitFor { $0.last == "tasks> add first" }
    }

    @Test func historySurvivesARestart() throws {
        do {
            let session = try TerminalSession(in: folder)
            try session.run("add Café ☕ 日本")
            try session.press("C-d")
            _ = try session.waitForExit()
        }
        let session = try TerminalSession(in: folder)
        try session.press("Up")
        try session.waitFor { $0.last == "tasks> add Café ☕ 日本" }
    }

    @Test func historyKeepsNoConsecutiveDuplicates() throws {
        let session = try TerminalSession(in: folder)
        try session.run("list")
        try session.run("list")
        try session.run("add x")
        try session.run("list")
        let history = try #require(folder.contents(of: "state/tasks/history"))
        #expect(history.split(separator: "\n").dropFirst() == ["list", "add\\040x", "list"])
    }

    @Test func tabCompletesACommandName() throws {
        let session = try TerminalSession(in: folder)
        try session.type("cle")
        try session.press("Tab")
        try session.waitFor { $0.last == "tasks> clear" }
    }

    @Test func tabAfterEditNInsertsTheTaskText() throws {
        try prepare("add Buy milk\n")
        let session = try TerminalSession(in: folder)
        try session.type("edit 1 ")
        try session.press("Tab")
        try session.waitFor { $0.last == "tasks> edit 1 Buy milk" }
        try session.type(" and eggs")
        try session.press("Enter")
        let screen = try session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   Buy milk and eggs", "tasks>"])
    }
}
