import Foundation
import TaskTestSupport
import Testing

/// Two people on one shared list, through the built binary: alice (who made the list) and bob
/// (granted it). Each one's undo is their own; numbers at the prompt mean what was shown.
@Suite struct PostgresSharedListTests {
    let folder: TemporaryFolder
    let server: PostgresTestServer
    let database: String
    let alice: String
    let bob: String

    init() async throws {
        folder = try TemporaryFolder()
        server = try PostgresTestServer.shared()
        database = try server.makeDatabase(owner: "alice")
        alice = server.url(database: database, user: "alice")
        bob = server.url(database: database, user: "bob")
        let made = try await ProgramRun(["--db", alice, "list"], in: folder, database: false)
        try #require(made.status == 0, "\(made)")
        try server.grantList(in: database, to: "bob")
    }

    private func run(_ url: String, _ arguments: String...) async throws -> ProgramRun {
        try await ProgramRun(["--db", url] + arguments, in: folder, database: false)
    }

    @Test func eachPersonUndoesTheirOwnLatestChange() async throws {
        _ = try await run(alice, "--quiet", "add", "Buy milk")
        _ = try await run(bob, "--quiet", "add", "Pay rent")
        _ = try await run(alice, "--quiet", "add", "Call mom")
        #expect(try await run(bob, "undo") == ProgramRun(output: "  1   Buy milk\n  2   Call mom\nUndid: add “Pay rent”\n"))
        #expect(try await run(bob, "undo") == ProgramRun(error: "undo: nothing to undo\n", status: 1))
        #expect(try await run(alice, "undo") == ProgramRun(output: "  1   Buy milk\nUndid: add “Call mom”\n"))
        #expect(try await run(bob, "redo") == ProgramRun(output: "  1   Buy milk\n  2   Pay rent\nRedid: add “Pay rent”\n"))
    }

    @Test func peopleSharingOneRoleUndoTheirOwnChangesByTheNameTheyGive() async throws {
        _ = try await run(alice, "--user", "ann", "--quiet", "add", "Buy milk")
        _ = try await ProgramRun(["--db", alice, "--quiet", "add", "Pay rent"], in: folder,
                                 environment: ["TASKS_USER": "cy"], database: false)
        _ = try await run(alice, "--user=cy", "--quiet", "edit", "1", "Buy oat milk")
        #expect(try await run(alice, "--user", "ann", "undo") == ProgramRun(error: """
            undo: cy changed the task of your add “Buy oat milk” since; nothing was changed

            """, status: 1))
        // The flag wins over the variable; without either, the role is the person.
        #expect(try await ProgramRun(["--db", alice, "--user", "cy", "undo"], in: folder,
                                     environment: ["TASKS_USER": "ann"], database: false)
                    == ProgramRun(output: "  1   Buy milk\n  2   Pay rent\nUndid: edit “Buy milk”\n"))
        #expect(try await run(alice, "undo") == ProgramRun(error: "undo: nothing to undo\n", status: 1))
        #expect(try await run(alice, "--user", "ann", "undo") == ProgramRun(output: "  1   Pay rent\nUndid: add “Buy milk”\n"))
    }

    @Test func aNameThatCannotBeShownOrIsEmptyIsAUsageError() async throws {
        let usage = "tasks: --user needs a name: 1 to 64 characters, no control characters, no space at either end "
            + "(`tasks --help` lists the flags)\n"
        #expect(try await run(alice, "--user", " ", "list") == ProgramRun(error: usage, status: 2))
        #expect(try await run(alice, "--user", " ann", "list") == ProgramRun(error: usage, status: 2))
        #expect(try await run(alice, "--user=ann\u{3000}", "list") == ProgramRun(error: usage, status: 2))
        #expect(try await run(alice, "--user", "", "list") == ProgramRun(error: usage, status: 2))
        #expect(try await run(alice, "--user=a\u{1B}[2Jb", "list") == ProgramRun(error: usage, status: 2))
        #expect(try await run(alice, "--user", String(repeating: "é", count: 65), "list") == ProgramRun(error: usage, status: 2))
        #expect(try await run(alice, "--user", String(repeating: "é", count: 64), "--quiet", "add", "x") == ProgramRun())
        let variable = try await ProgramRun(["--db", alice, "list"], in: folder, environment: ["TASKS_USER": "a\nb"],
                                            database: false)
        #expect(variable == ProgramRun(error: "tasks: TASKS_USER needs a name: 1 to 64 characters, no control characters, no space at either end\n",
                                         status: 2))
    }

    @Test func anSQLiteFileRefusesTheFlagAndIgnoresTheVariable() async throws {
        let file = folder.file("own.sqlite")
        #expect(try await ProgramRun(["--db", file, "--user", "ann", "add", "x"], in: folder, database: false)
                    == ProgramRun(error: "tasks: --user is for a shared list (--db postgresql://…); an SQLite file has one undo history\n",
                                  status: 2))
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try await ProgramRun(["--db", file, "add", "x"], in: folder, environment: ["TASKS_USER": "ann"],
                                     database: false) == ProgramRun(output: "  1   x\n"))
        #expect(try await ProgramRun(["--db", file, "add", "y"], in: folder, environment: ["TASKS_USER": "a\nb"],
                                     database: false) == ProgramRun(output: "  1   x\n  2   y\n"))
    }

    @Test func undoOfATaskSomeoneChangedSinceIsRefusedWithTheirName() async throws {
        _ = try await run(alice, "--quiet", "add", "Buy milk")
        _ = try await run(bob, "--quiet", "edit", "1", "Buy oat milk")
        #expect(try await run(alice, "undo") == ProgramRun(error: """
            undo: bob changed the task of your add “Buy oat milk” since; nothing was changed

            """, status: 1))
        #expect(try await run(alice, "list") == ProgramRun(output: "  1   Buy oat milk\n"))
        _ = try await run(bob, "--quiet", "undo")
        #expect(try await run(alice, "undo") == ProgramRun(output: "No tasks. Add one with: tasks add TEXT\nUndid: add “Buy milk”\n"))
    }

    @Test func redoOfATaskSomeoneChangedSinceTheUndoIsRefused() async throws {
        _ = try await run(alice, "--quiet", "add", "a")
        _ = try await run(alice, "--quiet", "add", "b")
        _ = try await run(alice, "--quiet", "rm", "1-2")
        _ = try await run(alice, "--quiet", "undo")
        _ = try await run(bob, "--quiet", "fav", "2")
        #expect(try await run(alice, "redo") == ProgramRun(error: """
            redo: bob changed tasks of your rm (2 tasks) since you undid it; nothing was changed

            """, status: 1))
        #expect(try await run(alice, "list") == ProgramRun(output: "  1   a\n  2 ★ b\n"))
    }

    @Test func thePromptsNumbersMeanTheTasksItShowedWhenSomeoneElseRemovesOne() async throws {
        _ = try await ProgramRun(["--db", alice, "--quiet"], input: "add a\nadd b\nadd c\n", in: folder, database: false)
        let session = try await TerminalSession(["--db", alice], in: folder, columns: 200) // messages on one row
        try #require(try await session.lines() == ["  1   a", "  2   b", "  3   c", "tasks>"])
        // Each line is half-typed when bob changes the list: the prompt does not redraw under it,
        // and the line means the tasks that were shown when typing began.
        #expect(try await typedWhile(session, "rm 2", bob, ["rm", "1"]) == ["  1   c"]) // b, shown as 2, not c
        #expect(try await typedWhile(session, "edit 1 see", bob, ["edit", "1", "C"]) == [
            "  1   C",
            "edit 1 see: task 1 was edited by another process meanwhile (it now reads “C”); nothing was changed and the list was refreshed",
        ])
    }

    /// How soon the change appears is `make bench`'s figure (bench/refresh.py), not this test's: on a
    /// busy machine a tmux round trip alone can take longer than the target.
    @Test func someoneElsesChangeAppearsAtAnIdlePromptWithoutAKeyPress() async throws {
        _ = try await ProgramRun(["--db", alice, "--quiet"], input: "add a\n", in: folder, database: false)
        let session = try await TerminalSession(["--db", alice], in: folder, columns: 200)
        try #require(try await session.lines() == ["  1   a", "tasks>"])
        #expect(try await run(bob, "--quiet", "add", "from bob") == ProgramRun())
        let screen = try await session.waitFor { $0.suffix(3) == ["  1   a", "  2   from bob", "tasks>"] }
        #expect(screen == ["  1   a", "  1   a", "  2   from bob", "tasks>"])
    }

    @Test func anIdlePromptSendsTheServerNothing() async throws {
        _ = try await run(alice, "--quiet", "add", "a")
        let session = try await TerminalSession(["--db", alice], in: folder, columns: 200)
        try #require(try await session.lines() == ["  1   a", "tasks>"])
        try await Task.sleep(for: .milliseconds(500)) // its one check as it starts listening
        // Any statement would change its connection's state and the time of that change.
        let activity = "SELECT state, state_change, query FROM pg_stat_activity WHERE datname = '\(database)'"
        let before = try server.psql(activity)
        try await Task.sleep(for: .seconds(2))
        #expect(try server.psql(activity) == before)
        #expect(before.hasPrefix("idle|") && before.split(separator: "\n").count == 1, "\(before)")
        #expect(try await run(bob, "--quiet", "add", "b") == ProgramRun()) // still listening
        try await session.waitFor { $0.suffix(3) == ["  1   a", "  2   b", "tasks>"] }
    }

    /// Types `line`, has `person` run `command` meanwhile, then presses Enter; returns what the
    /// prompt printed for the line.
    private func typedWhile(_ session: TerminalSession, _ line: String, _ person: String,
                            _ command: [String]) async throws -> [String] {
        try await session.type(line)
        try await session.waitFor { $0.last == "tasks> " + line }
        #expect(try await ProgramRun(["--db", person, "--quiet"] + command, in: folder, database: false) == ProgramRun())
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        let echo = try #require(screen.lastIndex(of: "tasks> " + line))
        return Array(screen[(echo + 1)..<(screen.count - 1)])
    }
}
