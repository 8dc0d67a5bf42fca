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
}
