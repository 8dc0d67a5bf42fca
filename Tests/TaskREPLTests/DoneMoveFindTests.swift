import Foundation
import TaskTestSupport
import Testing

/// `done`, `mv`, `find` and `clear done` through the built binary: one-shot, script and prompt.
@Suite(.serialized) struct DoneMoveFindTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    private func prepare(_ script: String) async throws {
        let run = try await ProgramRun(["--quiet"], input: script, in: folder)
        try #require(run.status == 0, "preparing: \(run)")
    }

    @Test func oneShotDoneMoveAndClearDone() async throws {
        try await prepare("add Buy milk\nadd Pay rent\nadd Call mom\n")
        #expect(try await ProgramRun(["done", "2"], in: folder)
                == ProgramRun(output: "  1   Buy milk\n  2   ✓ Pay rent\n  3   Call mom\n"))
        #expect(try await ProgramRun(["mv", "3", "1"], in: folder)
                == ProgramRun(output: "  1   Call mom\n  2   Buy milk\n  3   ✓ Pay rent\n"))
        #expect(try await ProgramRun(["clear", "done"], in: folder)
                == ProgramRun(output: "  1   Call mom\n  2   Buy milk\n"))
        #expect(try await ProgramRun(["undo"], in: folder)
                == ProgramRun(output: "  1   Call mom\n  2   Buy milk\n  3   ✓ Pay rent\nUndid: clear done “Pay rent”\n"))
    }

    @Test func oneShotFindPrintsTheMatchingRowsWithTheirNumbers() async throws {
        try await prepare("add Buy milk\nadd Pay rent\nadd Oat MILK\n")
        #expect(try await ProgramRun(["find", "Milk"], in: folder) == ProgramRun(
            output: "  1   Buy milk\n  3   Oat MILK\n2 of 3 tasks match “Milk”; `list` shows all\n"))
        #expect(try await ProgramRun(["--quiet", "find", "tea"], in: folder)
                == ProgramRun(output: "No task matches “tea”; `list` shows all 3\n"))
    }

    @Test func aScriptsFindPrintsWhereItStandsAndTheFinalListIsWhole() async throws {
        try await prepare("add Buy milk\nadd Pay rent\n")
        let run = try await ProgramRun([], input: "find milk\ndone 2\nmv 2 1\n", in: folder)
        #expect(run == ProgramRun(output: """
              1   Buy milk
            1 of 2 tasks matches “milk”; `list` shows all
              1   ✓ Pay rent
              2   Buy milk

            """))
    }

    @Test func aFailingMoveInAScriptChangesNothing() async throws {
        try await prepare("add a\nadd b\n")
        #expect(try await ProgramRun(["--quiet"], input: "mv 2 1\nmv 1 9\n", in: folder)
                == ProgramRun(error: "line 2: mv 1 9: there is no task 9 (the list has 2)\n", status: 1))
        #expect(try await ProgramRun(["list"], in: folder) == ProgramRun(output: "  1   a\n  2   b\n"))
    }

    @Test func thePromptStaysFilteredAndSaysSoUntilList() async throws {
        try await prepare("add Buy milk\nadd Pay rent\nadd More milk\n")
        let session = try await TerminalSession(in: folder)
        try await session.waitForPrompt()
        try await session.type("find milk")
        try await session.press("Enter")
        try await session.waitFor { $0.last == "tasks (find milk)>" }
        try await session.type("rm 3")
        try await session.press("Enter")
        try await session.waitFor { $0.suffix(4) == [
            "tasks (find milk)> rm 3", "  1   Buy milk", "1 of 2 tasks matches “milk”; `list` shows all", "tasks (find milk)>",
        ] }
        try await session.type("list")
        try await session.press("Enter")
        try await session.waitFor { $0.suffix(4) == ["tasks (find milk)> list", "  1   Buy milk", "  2   Pay rent", "tasks>"] }
    }

    @Test func aChangeToALongListShowsTheRowsAroundItAndItsMessageStaysOnScreen() async throws {
        try await prepare((1...2_000).map { "add Task \($0)\n" }.joined())
        let session = try await TerminalSession(in: folder, rows: 40)
        let changed = try await session.run("fav 1000")
        #expect(changed.count == 38)
        #expect(changed.first == "… 981 tasks above; `ls` shows all")
        #expect(changed[1] == "  982   Task 982")
        #expect(changed.contains(" 1000 ★ Task 1000"))
        #expect(changed.last == "… 983 tasks below")
        try await session.run("undo") // the rows around it, then the message
        let screen = try await session.lines()
        #expect(screen.suffix(2) == ["Undid: fav “Task 1000” (now not a favourite)", "tasks>"])
    }
}
