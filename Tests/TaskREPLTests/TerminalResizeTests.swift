import Foundation
import TaskTestSupport
import Testing

/// The prompt while its terminal is resized: narrower than the prompt, down to one column, and
/// wide again. Debian's libedit corrupts its heap in that sequence unless the program guards it.
@Suite(.serialized) struct TerminalResizeTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test(arguments: [5, 3, 2, 1])
    func aPromptNarrowedWhileEditingThenWidenedKeepsWorking(columns: Int) async throws {
        let session = try await TerminalSession(in: folder, columns: 80)
        try await session.resize(columns: columns)
        try await session.type("add x")
        try await session.waitFor(joined: true) { $0.last == "tasks> add x" }
        try await session.resize(columns: 80)
        try await session.waitFor { $0.last == "tasks> add x" }
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   x", "tasks>"])
    }

    @Test func aCommandTypedInTwoColumnsRunsOnceWidened() async throws {
        let prepared = try await ProgramRun(["--quiet"], input: "add one\n", in: folder)
        try #require(prepared.status == 0, "preparing: \(prepared)")
        let session = try await TerminalSession(in: folder, columns: 80)
        try await session.resize(columns: 2)
        try await session.type("ls")
        try await session.waitFor(joined: true) { $0.last == "tasks> ls" }
        try await session.press("Enter")
        try await session.waitFor(joined: true) { $0.suffix(2) == ["  1   one", "tasks>"] }
        try await session.resize(columns: 80)
        let output = try await session.run("ls")
        #expect(output == ["  1   one"])
    }

    /// Narrow widths down to one column, each followed by a wide one (80 or 500), with typing, a
    /// cursor move and a wide character at each narrow width, under valgrind: no invalid read or
    /// write, no crash, and the line as typed.
    @Test(.enabled(if: !TasksBinary.isStaticallyLinked, "valgrind cannot follow a static executable's allocations"))
    func theResizeSequenceIsCleanUnderValgrind() async throws {
        let log = folder.file("valgrind.log")
        // Valgrind 3.19 gives up on the debug information of an executable this large ("possibly
        // corrupted debuginfo"): it checks a copy without it, which finds the same invalid accesses.
        let program = folder.file("tasks-without-debug-info")
        ChildProcess.runBlocking("/usr/bin/objcopy", ["--strip-debug", TasksBinary.path, program])
        let session = try await TerminalSession(in: folder, columns: 80,
                                                // The built executable's path comes next: the shell's $0, left aside.
                                                launcher: ["/bin/sh", "-c", "exec /usr/bin/valgrind --error-exitcode=99 '--log-file=\(log)' '\(program)' \"$@\""],
                                                timeout: .seconds(120))
        var count = 0
        for (narrow, wide) in [(5, 80), (4, 500), (3, 80), (2, 500), (1, 80), (2, 80)] {
            try await session.resize(columns: narrow)
            try await session.waitUntilIdle()
            try await session.type("a")
            try await session.press("Left")
            try await session.type("日")
            try await session.waitUntilIdle()
            try await session.resize(columns: wide)
            count += 1
            let expected = "tasks> " + String(repeating: "日", count: count) + String(repeating: "a", count: count)
            try await session.waitFor(joined: true) { $0.last == expected }
        }
        try await session.press("C-u")
        try await session.type("help quit")
        try await session.press("Enter")
        try await session.waitFor { $0.suffix(2) == ["Leaves tasks; Ctrl-D does too. Every change is already saved.", "tasks>"] }
        try await session.press("C-d")
        let exit = try await session.waitForExit()
        #expect(exit.status == 0, "valgrind's log:\n\(folder.contents(of: "valgrind.log") ?? "none")")
        #expect(folder.contents(of: "valgrind.log")?.contains("ERROR SUMMARY: 0 errors from 0 contexts") == true)
    }
}
