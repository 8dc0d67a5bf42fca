import Foundation
import TaskTestSupport
import Testing

/// Due dates, tags and recurrence through the built binary: a script, one-shot views, and the
/// prompt with and without colour. Dates are far from any day the tests run on, in UTC (the tests'
/// environment), so that what the rows say does not depend on the day.
@Suite(.serialized) struct DatesTagsRecurrenceTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    private func prepare(_ script: String) async throws {
        let run = try await ProgramRun(["--quiet"], input: script, in: folder)
        try #require(run.status == 0, "preparing: \(run)")
    }

    @Test func aScriptSetsDatesTagsAndRecurrenceAndTheListShowsThem() async throws {
        let run = try await ProgramRun([], input: """
            add Pay rent due:2099-03-31 every:month +home
            add Call Anna @phone
            add Call +1 555 0100 \\due:soon
            due 2 2099-04-01 17:00
            tag 1-2 +errands -home
            every 3 mon,thu

            """, in: folder)
        #expect(run == ProgramRun(output: """
              1   Pay rent  +errands  31 mar 2099 ↻
              2   Call Anna  @phone +errands  1 apr 2099 17:00
              3   Call +1 555 0100 due:soon  ↻

            """))
    }

    @Test func checkingOffARecurringTaskAddsTheNextAfterItAndUndoTakesBothBack() async throws {
        try await prepare("add Pay rent due:2099-01-31 every:month\nadd Other\n")
        #expect(try await ProgramRun(["done", "1"], in: folder) == ProgramRun(output: """
              1   ✓ Pay rent  31 jan 2099
              2   Pay rent  28 feb 2099 ↻
              3   Other

            """))
        #expect(try await ProgramRun(["done", "2"], in: folder).output.contains("  3   Pay rent  31 mar 2099 ↻\n"))
        #expect(try await ProgramRun(["undo"], in: folder).output.hasSuffix("Undid: done (2 tasks)\n"))
    }

    @Test func oneShotViewsShowWholeListNumbersAndSayHowMany() async throws {
        try await prepare("add A due:2001-01-01\nadd B\nadd C due:2099-01-01\nadd D due:2098-06-01\n")
        #expect(try await ProgramRun(["--no-color", "today"], in: folder) == ProgramRun(output: """
              1   A  1 jan 2001!
            1 of 4 tasks due today or overdue; `list` shows all

            """))
        #expect(try await ProgramRun(["upcoming"], in: folder) == ProgramRun(output: """
              1   A  1 jan 2001!
              4   D  1 jun 2098
              3   C  1 jan 2099
            3 of 4 tasks to do by a date; `list` shows all

            """))
        let wrong = try await ProgramRun(["due", "1", "feb", "30"], in: folder)
        #expect(wrong == ProgramRun(output: "", error: "due 1 feb 30: there is no date `feb 30`\n", status: 1))
    }

    @Test func theOverdueDateIsRedOnATerminalAndMarkedWithoutColour() async throws {
        try await prepare("add File taxes due:2001-01-01 +admin\n")
        let coloured = try await TerminalSession(in: folder)
        let row = try #require(try await coloured.lines(escapes: true).first { $0.contains("File taxes") })
        #expect(row.contains("\u{1B}[31m1 jan 2001") && !row.contains("!"))
        let plain = try await TerminalSession(in: folder, environment: ["NO_COLOR": "1"])
        #expect(try await plain.lines().contains("  1   File taxes  +admin  1 jan 2001!"))
    }

    @Test func thePromptNamesTheViewInEffectUntilList() async throws {
        try await prepare("add A due:2001-01-01\nadd B\n")
        let session = try await TerminalSession(in: folder, environment: ["NO_COLOR": "1"])
        try await session.waitForPrompt()
        try await session.type("today")
        try await session.press("Enter")
        try await session.waitFor { $0.suffix(3) == [
            "  1   A  1 jan 2001!", "1 of 2 tasks due today or overdue; `list` shows all", "tasks (today)>",
        ] }
        try await session.type("list")
        try await session.press("Enter")
        try await session.waitFor { $0.suffix(3) == ["  1   A  1 jan 2001!", "  2   B", "tasks>"] }
    }
}
