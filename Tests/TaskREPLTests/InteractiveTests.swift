import Foundation
import TaskTestSupport
import Testing

/// The REPL on a pseudo-terminal (tmux), one session per test, one test at a time.
@Suite(.serialized) struct InteractiveTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// Adds tasks through a script before the REPL starts.
    private func prepare(_ script: String) async throws {
        let run = try await ProgramRun(["--quiet"], input: script, in: folder)
        try #require(run.status == 0, "preparing: \(run)")
    }

    // MARK: Start and exit

    @Test func anEmptyListSaysHowToAddATaskAboveThePrompt() async throws {
        let session = try await TerminalSession(in: folder)
        let screen = try await session.lines()
        #expect(screen == ["No tasks. Add one with: add TEXT", "tasks>"])
    }

    @Test func theListIsShownAboveTheFirstPrompt() async throws {
        try await prepare("add Call mom\nadd Pay rent\nfav 1\n")
        let session = try await TerminalSession(in: folder)
        let screen = try await session.lines()
        #expect(screen == ["  1 ★ Call mom", "  2   Pay rent", "tasks>"])
    }

    @Test func ctrlDExitsZeroAndRestoresTheTerminal() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.press("C-d")
        let exit = try await session.waitForExit()
        #expect(exit.status == 0)
        #expect(exit.terminalRestored)
    }

    @Test func quitExitsZeroAndRestoresTheTerminal() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.type("quit")
        try await session.press("Enter")
        let exit = try await session.waitForExit()
        #expect(exit.status == 0)
        #expect(exit.terminalRestored)
    }

    @Test func withStandardOutputPipedAwayThePromptIsOnStandardError() async throws {
        let session = try await TerminalSession(in: folder, outputFilter: "cat > '\(folder.file("output"))'")
        let output = try await session.run("add x")
        #expect(output == [])
        try await session.press("C-d")
        _ = try await session.waitForExit()
        #expect(folder.contents(of: "output") == "No tasks. Add one with: add TEXT\n  1   x\n")
    }

    // MARK: The list after each command

    @Test func addShowsTheNewList() async throws {
        let session = try await TerminalSession(in: folder)
        let first = try await session.run("add Buy milk")
        #expect(first == ["  1   Buy milk"])
        let second = try await session.run("add Pay rent")
        #expect(second == ["  1   Buy milk", "  2   Pay rent"])
    }

    @Test func favShowsTheStar() async throws {
        try await prepare("add Call mom\nadd Pay rent\n")
        let session = try await TerminalSession(in: folder)
        let output = try await session.run("fav 2")
        #expect(output == ["  1   Call mom", "  2 ★ Pay rent"])
    }

    @Test func rmShowsTheListRenumbered() async throws {
        try await prepare("add one\nadd two\nadd three\n")
        let session = try await TerminalSession(in: folder)
        let output = try await session.run("rm 1")
        #expect(output == ["  1   two", "  2   three"])
    }

    @Test func clearShowsTheEmptyList() async throws {
        try await prepare("add one\nadd two\n")
        let session = try await TerminalSession(in: folder)
        let output = try await session.run("clear")
        #expect(output == ["No tasks. Add one with: add TEXT"])
    }

    @Test func listShowsTheList() async throws {
        try await prepare("add one\n")
        let session = try await TerminalSession(in: folder)
        let output = try await session.run("list")
        #expect(output == ["  1   one"])
    }

    @Test func typedUTF8TextIsStoredAndShown() async throws {
        let session = try await TerminalSession(in: folder)
        let output = try await session.run("add Café ☕ 日本")
        #expect(output == ["  1   Café ☕ 日本"])
        #expect(try await ProgramRun(["list"], in: folder).output == "  1   Café ☕ 日本\n")
    }

    @Test func storedControlCharactersAreShownEscaped() async throws {
        try await prepare("add evil\u{1B}[2J\u{7}text\n")
        let session = try await TerminalSession(in: folder)
        let screen = try await session.lines()
        #expect(screen == ["  1   evil\\e[2J\\x07text", "tasks>"])
    }

    @Test func longTextsWrapUnderTheirColumn() async throws {
        try await prepare("add water the plants on the balcony and in the kitchen\n")
        let session = try await TerminalSession(in: folder, columns: 30)
        let screen = try await session.lines()
        #expect(screen == [
            "  1   water the plants on the",
            "      balcony and in the",
            "      kitchen",
            "tasks>",
        ])
    }

    @Test func wideCharactersKeepColumnsAligned() async throws {
        try await prepare("add 日本語のテキストを書く\nadd plain\n")
        let session = try await TerminalSession(in: folder, columns: 20)
        let screen = try await session.lines()
        #expect(screen == ["  1   日本語のテキス", "      トを書く", "  2   plain", "tasks>"])
    }

    @Test func helpWrapsUnderItsDescriptionColumn() async throws {
        let session = try await TerminalSession(in: folder, columns: 40)
        let output = try await session.run("help")
        #expect(output.allSatisfy { $0.count <= 40 })
        #expect(output.prefix(2) == ["add TEXT        add a task at the end", "                (due:fri every:week +tag"])
    }

    @Test func atTwentyColumnsHelpPutsDescriptionsUnderTheirCommands() async throws {
        let session = try await TerminalSession(in: folder, columns: 20)
        let output = try await session.run("help")
        #expect(output.allSatisfy { $0.count <= 20 })
        #expect(output.prefix(3) == ["add TEXT", "  add a task at the", "  end (due:fri"])
    }

    @Test func anErrorWrapsAtSpacesToTheTerminalWidth() async throws {
        try await prepare("add one\nadd two\nadd three\n")
        let session = try await TerminalSession(in: folder, columns: 20)
        let output = try await session.run("rm 9 8 7")
        #expect(output == ["rm 9 8 7: there is", "no task 9 (the list", "has 3)"])
    }

    @Test func anErrorIsShownAndThePromptComesBack() async throws {
        try await prepare("add one\n")
        let session = try await TerminalSession(in: folder)
        let output = try await session.run("rm 9")
        #expect(output == ["rm 9: there is no task 9 (the list has 1)"])
    }

    // MARK: Colour

    /// The row of a favourite task as the terminal received it, colour codes included.
    private func favoriteRow(_ arguments: [String] = [], environment: [String: String] = [:]) async throws -> String {
        try await prepare("add one\nfav 1\n")
        let session = try await TerminalSession(arguments, in: folder, environment: environment)
        let screen = try await session.lines(escapes: true)
        return try #require(screen.first { $0.contains("one") })
    }

    @Test func aTerminalGetsADimNumberAndAYellowStar() async throws {
        let row = try await favoriteRow()
        #expect(row.hasPrefix("  \u{1B}[2m1\u{1B}[0m"))
        #expect(row.contains("\u{1B}[33m★"))
    }

    @Test func errorsAreRedOnATerminal() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.run("rm 1")
        let screen = try await session.lines(escapes: true)
        #expect(screen.contains { $0.hasPrefix("\u{1B}[31mrm 1: ") })
    }

    @Test func noColorTurnsColourOff() async throws {
        let row = try await favoriteRow(environment: ["NO_COLOR": "1"])
        #expect(!row.contains("\u{1B}["))
    }

    @Test func theNoColorFlagTurnsColourOff() async throws {
        let row = try await favoriteRow(["--no-color"])
        #expect(!row.contains("\u{1B}["))
    }

    @Test func aDumbTerminalGetsNoColour() async throws {
        let row = try await favoriteRow(environment: ["TERM": "dumb"])
        #expect(row == "  1 ★ one")
    }

    // MARK: Keys

    @Test func ctrlCDiscardsTheLineAndKeepsRunning() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.type("add forgotten")
        try await session.waitFor { $0.last == "tasks> add forgotten" }
        try await session.press("C-c")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["tasks> add forgotten^C", "tasks>"])
        let output = try await session.run("add kept")
        #expect(output == ["  1   kept"])
    }

    @Test func ctrlZStopsTheProgramWithTheTerminalRestored() async throws {
        let session = try await TerminalSession(in: folder, jobControl: true)
        try await session.type("add x")
        try await session.waitFor { $0.last == "tasks> add x" }
        try await session.press("C-z")
        let exit = try await session.waitForExit()
        #expect(exit.status == 128 + SIGTSTP)
        #expect(exit.terminalRestored)
    }

    @Test func aTerminatingSignalWhileEditingRestoresTheTerminal() async throws {
        let session = try await TerminalSession(in: folder, jobControl: true)
        let exit = try await session.send(SIGTERM, afterTyping: "add x")
        #expect(exit.status == 128 + SIGTERM)
        #expect(exit.terminalRestored)
    }

    @Test func ctrlZWhereNoShellCanResumeKeepsTheLine() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.type("add x")
        try await session.waitFor { $0.last == "tasks> add x" }
        try await session.press("C-z")
        try await session.type("y")
        try await session.waitFor { $0.last == "tasks> add xy" }
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   xy", "tasks>"])
    }

    @Test func upArrowRecallsThePreviousLine() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.run("add first")
        try await session.press("Up")
        try await session.waitFor { $0.last == "tasks> add first" }
    }

    @Test func historySurvivesARestart() async throws {
        do {
            let session = try await TerminalSession(in: folder)
            try await session.run("add Café ☕ 日本")
            try await session.press("C-d")
            _ = try await session.waitForExit()
        }
        let session = try await TerminalSession(in: folder)
        try await session.press("Up")
        try await session.waitFor { $0.last == "tasks> add Café ☕ 日本" }
    }

    @Test func historyKeepsNoConsecutiveDuplicates() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.run("list")
        try await session.run("list")
        try await session.run("add x")
        try await session.run("list")
        let history = try #require(folder.contents(of: "state/tasks/history"))
        #expect(history.split(separator: "\n").dropFirst() == ["list", "add\\040x", "list"])
    }

    @Test func tabCompletesACommandName() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.type("cle")
        try await session.press("Tab")
        try await session.waitFor { $0.last == "tasks> clear" }
    }

    @Test func tabAfterEditNInsertsTheTaskText() async throws {
        try await prepare("add Buy milk\n")
        let session = try await TerminalSession(in: folder)
        try await session.type("edit 1 ")
        try await session.press("Tab")
        try await session.waitFor { $0.last == "tasks> edit 1 Buy milk" }
        try await session.type(" and eggs")
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   Buy milk and eggs", "tasks>"])
    }
}
