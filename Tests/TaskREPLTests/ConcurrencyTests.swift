import Foundation
import TaskTestSupport
import Testing

/// Several `tasks` processes changing one store at the same time, from its creation on: SQLite's
/// locks and the busy timeout serialize them, and no change is lost.
@Suite(.serialized) struct ConcurrencyTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// The texts of the list, read through `tasks list`.
    private func listedTexts() async throws -> [String] {
        let list = try await ProgramRun(["list"], in: folder)
        #expect(list.status == 0 && list.error == "", "\(list.error)")
        return ListText.texts(of: list.output)
    }

    /// 400 processes in all (4 × 250 takes about 25 s on two cores with a debug build, and passes too).
    @Test func fourLoopsOfOneShotAddsLoseNothing() async throws {
        let loops = 4, addsPerLoop = 100
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for loop in 1...loops {
                group.addTask {
                    var failures: [String] = []
                    for add in 1...addsPerLoop {
                        let run = try await ProgramRun(["--quiet", "add", "loop \(loop) add \(add)"], in: folder)
                        if run != ProgramRun() { failures.append("loop \(loop) add \(add): \(run)") }
                    }
                    return failures
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures == [])
        let texts = try await listedTexts()
        #expect(texts.count == loops * addsPerLoop)
        let expected = (1...loops).flatMap { loop in (1...addsPerLoop).map { "loop \(loop) add \($0)" } }
        #expect(texts.sorted() == expected.sorted())
        for loop in 1...loops { // each loop's adds are in the list in the order it made them
            let own = texts.filter { $0.hasPrefix("loop \(loop) ") }
            #expect(own == (1...addsPerLoop).map { "loop \(loop) add \($0)" })
        }
    }

    /// Runs `scripts` scripts of `lines` adds each at the same time; returns their runs.
    private func runConcurrentScripts(_ scripts: Int, lines: Int) async throws -> [ProgramRun] {
        try await withThrowingTaskGroup(of: ProgramRun.self) { group in
            for script in 1...scripts {
                let input = (1...lines).map { "add script \(script) line \($0)\n" }.joined()
                group.addTask { try await ProgramRun(["--quiet"], input: input, in: folder) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func threeConcurrentScriptsLoseNothing() async throws {
        let runs = try await runConcurrentScripts(3, lines: 5_000)
        #expect(runs == Array(repeating: ProgramRun(), count: 3))
        let texts = try await listedTexts()
        #expect(texts.count == 15_000)
        let expected = (1...3).flatMap { script in (1...5_000).map { "script \(script) line \($0)" } }
        #expect(texts.sorted() == expected.sorted())
    }

    @Test func concurrentScriptsAreEachAppliedWhole() async throws {
        _ = try await runConcurrentScripts(3, lines: 5_000)
        let texts = try await listedTexts()
        try #require(texts.count == 15_000)
        // One transaction each: every script's lines are one block, in order, never interleaved.
        let blocks = stride(from: 0, to: texts.count, by: 5_000).map { Array(texts[$0..<($0 + 5_000)]) }
        for block in blocks {
            let script = try #require(block.first?.split(separator: " ").dropFirst().first)
            #expect(block == (1...5_000).map { "script \(script) line \($0)" })
        }
    }

    // MARK: The REPL's numbers while another process changes the store

    /// Starts the REPL on a store holding a, b and c.
    private func sessionShowingThreeTasks() async throws -> TerminalSession {
        try #require(try await ProgramRun(["--quiet"], input: "add a\nadd b\nadd c\n", in: folder) == ProgramRun())
        let session = try await TerminalSession(in: folder)
        try #require(try await session.lines() == ["  1   a", "  2   b", "  3   c", "tasks>"])
        return session
    }

    /// Types `line`, has another process run `arguments` meanwhile (an idle prompt would redraw
    /// the list; one being typed at does not), then presses Enter; returns what the line printed.
    private func typedWhileAnotherProcessRuns(_ arguments: [String], _ line: String,
                                              in session: TerminalSession) async throws -> [String] {
        try await session.type(line)
        try await session.waitFor { $0.last == "tasks> " + line }
        #expect(try await ProgramRun(["--quiet"] + arguments, in: folder) == ProgramRun())
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        let echo = try #require(screen.lastIndex(of: "tasks> " + line))
        return Array(screen[(echo + 1)..<(screen.count - 1)])
    }

    @Test func theREPLsNumbersReferToTheListItShowedWhenAnotherProcessRemovesATask() async throws {
        let session = try await sessionShowingThreeTasks()
        // b, shown as 2, not c, now second
        #expect(try await typedWhileAnotherProcessRuns(["rm", "1"], "rm 2", in: session) == ["  1   c"])
    }

    @Test func aTaskAnotherProcessRemovedIsReportedGoneInTheREPL() async throws {
        let session = try await sessionShowingThreeTasks()
        #expect(try await typedWhileAnotherProcessRuns(["rm", "2"], "fav 2", in: session) == [
            "  1   a",
            "  2   c",
            "fav 2: the task shown as 2 is gone (changed by another process); the list was refreshed",
        ])
    }

    @Test func anEditFilledInByTabCannotOverwriteAnEditMadeElsewhereMeanwhile() async throws {
        let session = try await sessionShowingThreeTasks()
        try await session.type("edit 1 ")
        try await session.waitFor { $0.last == "tasks> edit 1" }
        #expect(try await ProgramRun(["--quiet", "edit", "1", "a, as edited elsewhere"], in: folder) == ProgramRun())
        try await session.press("Tab") // fills in the text shown: "a"
        try await session.waitFor { $0.last == "tasks> edit 1 a" }
        try await session.type(" and more")
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        let printed = Array(screen[(try #require(screen.lastIndex(of: "tasks> edit 1 a and more")) + 1)..<(screen.count - 1)])
        #expect(Array(printed.prefix(3)) == ["  1   a, as edited elsewhere", "  2   b", "  3   c"])
        // The message may be wrapped to the window: compared without the line breaks and spaces.
        let message = "edit 1 a and more: task 1 was edited by another process meanwhile (it now reads "
            + "“a, as edited elsewhere”); nothing was changed and the list was refreshed"
        #expect(printed.dropFirst(3).joined().filter { $0 != " " } == message.filter { $0 != " " })
        #expect(try await listedTexts() == ["a, as edited elsewhere", "b", "c"])
    }
}
