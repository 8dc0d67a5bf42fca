import Foundation
import TaskTestSupport
import Testing

/// A prompt left open shows what other processes change in its store (issue 13): by itself while
/// its line is empty, and only once a line being typed is entered.
@Suite(.serialized) struct LiveRefreshTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// The rows of a, b and c as the prompt shows them.
    private static let threeRows = ["  1   a", "  2   b", "  3   c"]

    /// Starts the prompt on a store holding a, b and c.
    private func sessionShowingThreeTasks() async throws -> TerminalSession {
        try #require(try await ProgramRun(["--quiet"], input: "add a\nadd b\nadd c\n", in: folder) == ProgramRun())
        let session = try await TerminalSession(in: folder)
        try #require(try await session.lines() == Self.threeRows + [TerminalSession.barePrompt])
        return session
    }

    /// Runs a one-shot `tasks` command on the same store, as another terminal or a cron job would.
    private func elsewhere(_ arguments: String...) async throws {
        #expect(try await ProgramRun(["--quiet"] + arguments, in: folder) == ProgramRun())
    }

    /// Waits long enough for a prompt that shows changes within a second to have shown one (twice
    /// that, and eight of its checks), then returns the screen. Only to check that nothing came.
    private func screenAfterAWhile(_ session: TerminalSession) async throws -> [String] {
        try await Task.sleep(for: .seconds(2))
        return try await session.lines()
    }

    @Test func aTaskAddedElsewhereAppearsAtAnIdlePromptWithoutAKey() async throws {
        let session = try await sessionShowingThreeTasks()
        try await elsewhere("add x")
        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains("  4   x") }
        #expect(screen == Self.threeRows + Self.threeRows + ["  4   x", "tasks>"])
    }

    @Test func aLongListChangedElsewhereIsShownAroundTheChangeNotWhole() async throws {
        let script = (1...300).map { "add task \($0)\n" }.joined()
        try #require(try await ProgramRun(["--quiet"], input: script, in: folder) == ProgramRun())
        let session = try await TerminalSession(in: folder, columns: 60, rows: 12)
        let before = try await session.lines().count // the whole list, as the prompt started
        try await elsewhere("fav", "150")
        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.count > before }
        #expect(Array(screen.dropFirst(before - 1)) == ["… 145 tasks above; `ls` shows all"]
                    + (146...153).map { "\($0) \($0 == 150 ? "★" : " ") task \($0)" } + ["… 147 tasks below", "tasks>"])
    }

    @Test func numbersTypedAfterTheListWasShownAgainReferToTheNewList() async throws {
        let session = try await sessionShowingThreeTasks()
        try await elsewhere("rm", "1")
        try await session.waitFor { $0.suffix(3) == ["  1   b", "  2   c", "tasks>"] }
        #expect(try await session.run("rm 1") == ["  1   c"]) // b, shown as 1 now
    }

    @Test func aLineBeingTypedIsLeftAloneAndResolvedAgainstTheListShownWhenTypingBegan() async throws {
        let session = try await sessionShowingThreeTasks()
        try await session.type("rm 2")
        try await session.waitFor { $0.last == "tasks> rm 2" }
        try await elsewhere("rm", "1")
        #expect(try await screenAfterAWhile(session) == Self.threeRows + ["tasks> rm 2"])
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen == Self.threeRows + ["tasks> rm 2", "  1   c", "tasks>"]) // b, shown as 2, removed
    }

    @Test func aChangeMadeWhileALineIsTypedIsShownOnceTheLineIsEntered() async throws {
        let session = try await sessionShowingThreeTasks()
        try await session.type("# a note")
        try await session.waitFor { $0.last == "tasks> # a note" }
        try await elsewhere("add x")
        #expect(try await screenAfterAWhile(session) == Self.threeRows + ["tasks> # a note"])
        try await session.press("Enter") // a comment: shows nothing itself
        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains("  4   x") }
        #expect(screen == Self.threeRows + ["tasks> # a note"] + Self.threeRows + ["  4   x", "tasks>"])
    }

    @Test func aLineEmptiedAgainLetsTheChangeShowAndKeepsNoTrace() async throws {
        let session = try await sessionShowingThreeTasks()
        try await session.type("fav 3")
        try await session.waitFor { $0.last == "tasks> fav 3" }
        try await elsewhere("add x")
        try await session.press("C-u")
        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains("  4   x") }
        #expect(screen == Self.threeRows + Self.threeRows + ["  4   x", "tasks>"])
    }

    @Test func underFindTheChangeIsShownFilteredUnderTheFindsPrompt() async throws {
        let session = try await sessionShowingThreeTasks()
        try await session.type("find b")
        try await session.press("Enter")
        try await session.waitFor { $0.last == "tasks (find b)>" }
        try await elsewhere("add bb")
        let screen = try await session.waitFor { $0.contains("  4   bb") && $0.last == "tasks (find b)>" }
        #expect(Array(screen.suffix(4)) == [
            "  2   b", "  4   bb", "2 of 4 tasks match “b”; `list` shows all", "tasks (find b)>",
        ])
    }

    @Test func withStandardOutputPipedAwayNothingIsWrittenUnasked() async throws {
        try #require(try await ProgramRun(["--quiet", "add", "a"], in: folder) == ProgramRun())
        let output = folder.file("output")
        let session = try await TerminalSession(in: folder, outputFilter: "cat > '\(output)'")
        try await elsewhere("add x")
        #expect(try await screenAfterAWhile(session) == [TerminalSession.barePrompt])
        try await session.press("C-d")
        _ = try await session.waitForExit()
        #expect(folder.contents(of: "output") == "  1   a\n")
    }

    @Test func nothingIsShownAgainWhileTheStoreStaysAsShown() async throws {
        let session = try await sessionShowingThreeTasks()
        #expect(try await session.run("add d") == Self.threeRows + ["  4   d"]) // its own change: no news
        #expect(try await screenAfterAWhile(session) == Self.threeRows + ["tasks> add d"] + Self.threeRows
            + ["  4   d", "tasks>"])
    }
}
