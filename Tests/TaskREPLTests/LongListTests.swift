import Foundation
import TaskTestSupport
import Testing

/// A list taller than the terminal is never printed whole at the prompt unasked: the prompt opens
/// on its last rows, and every change (`undo` included) shows the rows around what it touched,
/// each time with the count of the rest.
@Suite struct LongListTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func thePromptOpensOnTheLastRowsAndUndoShowsTheRowsItTouched() async throws {
        let script = (1...300).map { "add task \($0)\n" }.joined()
        try #require(try await ProgramRun(["--quiet"], input: script, in: folder) == ProgramRun())
        let session = try await TerminalSession(in: folder, columns: 60, rows: 12)
        #expect(try await session.lines() == ["… 292 tasks above; `ls` shows all"]
                    + (293...300).map { "\($0)   task \($0)" } + [TerminalSession.barePrompt])
        try await session.run("done 5")
        #expect(try await session.run("undo") == (1...8).map { String(format: "%3d   task %d", $0, $0) }
                    + ["… 292 tasks below", "Undid: done “task 5” (now not done)"])
    }

    @Test func rowsThatWrapAreCountedInLinesSoTheTouchedRowAndBothCountsStayOnScreen() async throws {
        let words = String(repeating: " abcd", count: 12)
        let script = (1...40).map { "add task \($0)\(words)\n" }.joined()
        try #require(try await ProgramRun(["--quiet"], input: script, in: folder) == ProgramRun())
        let session = try await TerminalSession(in: folder, columns: 60, rows: 12)
        _ = try await session.waitForPrompt()
        // Each row takes two lines: 12 lines leave 8 for rows beside the prompt, the echoed command
        // and the two counts.
        let row = { (number: Int) in
            [String(format: "%3d   task %d", number, number) + String(repeating: " abcd", count: 9), "      abcd abcd abcd"]
        }
        #expect(try await session.run("done 20") == ["… 17 tasks above; `ls` shows all"]
                    + row(18) + row(19) + [" 20   ✓ task 20" + String(repeating: " abcd", count: 9), "        abcd abcd abcd"]
                    + row(21) + ["… 19 tasks below"])
    }

    @Test func aRowTallerThanTheWindowIsCutSoItsNumberAndMarksStayOnScreen() async throws {
        let words = String(repeating: " abcd", count: 100)
        let script = (1...30).map { "add task \($0)\(words)\n" }.joined()
        try #require(try await ProgramRun(["--quiet"], input: script, in: folder) == ProgramRun())
        let session = try await TerminalSession(in: folder, columns: 60, rows: 12)
        _ = try await session.waitForPrompt()
        // 12 lines leave 8 for the row beside the prompt, the echoed command and the two counts.
        let tenWords = "        " + Array(repeating: "abcd", count: 10).joined(separator: " ")
        #expect(try await session.run("done 15") == ["… 14 tasks above; `ls` shows all",
                                                     " 15   ✓ task 15" + String(repeating: " abcd", count: 9)]
                    + Array(repeating: tenWords, count: 6) + [tenWords + " …", "… 15 tasks below"])
    }
}
