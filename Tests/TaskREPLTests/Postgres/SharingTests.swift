import Foundation
import TaskTestSupport
import Testing

/// `share` and `unshare` through the built binary: alice, who made the list, lets bob in to read it
/// or to change it, and out again; every refusal is one line.
@Suite struct SharingTests {
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
        let made = try await run(alice, "--quiet", "add", "one")
        try #require(made == ProgramRun(), "\(made)")
    }

    private func run(_ url: String, _ arguments: String...) async throws -> ProgramRun {
        try await ProgramRun(["--db", url] + arguments, in: folder, database: false)
    }

    @Test func sharedReadOnlyTheMemberReadsAndEachChangeIsRefusedInOneLine() async throws {
        #expect(try await run(alice, "share", "bob", "--read-only")
                == ProgramRun(output: "shared the list with bob, read-only: bob can read it, not change it\n"))
        #expect(try await run(bob, "list") == ProgramRun(output: "  1   one\n"))
        let refused = "the list in \(bob) is read-only for you (bob); nothing was changed"
        #expect(try await run(bob, "add", "two") == ProgramRun(error: "add two: \(refused)\n", status: 1))
        #expect(try await run(bob, "undo") == ProgramRun(error: "undo: \(refused)\n", status: 1))
        #expect(try await ProgramRun(["--db", bob], input: "add two\nadd three\n", in: folder, database: false)
                == ProgramRun(error: "\(refused)\n", status: 1)) // the script's transaction cannot begin
        #expect(try await run(alice, "list") == ProgramRun(output: "  1   one\n"))
    }

    @Test func aReadOnlyMembersPromptSaysSoAndShowsTheOwnersChanges() async throws {
        #expect(try await run(alice, "--quiet", "share", "bob", "--read-only").status == 0)
        let session = try await TerminalSession(["--db", bob], in: folder, columns: 200, // messages on one row
                                                prompt: "tasks (read-only)>")
        #expect(try await session.lines() == ["  1   one", "tasks (read-only)>"])
        #expect(try await run(alice, "--quiet", "add", "two") == ProgramRun())
        try await session.waitFor { $0.suffix(3) == ["  1   one", "  2   two", "tasks (read-only)>"] }
        try await session.type("add three")
        try await session.waitFor { $0.last == "tasks (read-only)> add three" }
        try await session.press("Enter")
        let screen = try await session.waitFor { $0.last == "tasks (read-only)>" && $0.count > 4 }
        #expect(screen.suffix(3) == [
            "tasks (read-only)> add three",
            "add three: the list in \(bob) is read-only for you (bob); nothing was changed",
            "tasks (read-only)>",
        ])
    }

    @Test func sharedToChangeItTheMembersAddWorksAndTheirUndoIsTheirOwn() async throws {
        #expect(try await run(alice, "share", "bob", "--read-only").status == 0)
        #expect(try await run(alice, "share", "bob")
                == ProgramRun(output: "shared the list with bob: bob can read and change it\n"))
        #expect(try await run(bob, "add", "two") == ProgramRun(output: "  1   one\n  2   two\n"))
        #expect(try await run(alice, "--quiet", "add", "three") == ProgramRun())
        #expect(try await run(bob, "undo") == ProgramRun(output: "  1   one\n  2   three\nUndid: add “two”\n"))
        #expect(try await run(alice, "undo") == ProgramRun(output: "  1   one\nUndid: add “three”\n"))
    }

    @Test func anUnsharedMemberIsRefusedInOneLine() async throws {
        #expect(try await run(alice, "--quiet", "share", "bob").status == 0)
        #expect(try await run(bob, "list") == ProgramRun(output: "  1   one\n"))
        #expect(try await run(alice, "unshare", "bob")
                == ProgramRun(output: "unshared the list: bob can no longer read or change it\n"))
        let refused = "the list in \(bob) is not shared with you (bob)"
        #expect(try await run(bob, "list") == ProgramRun(error: "tasks: \(refused)\n", status: 1))
        #expect(try await run(bob, "add", "two") == ProgramRun(error: "tasks: \(refused)\n", status: 1))
        #expect(try await run(alice, "unshare", "bob")
                == ProgramRun(output: "the list was not shared with bob; nothing was changed\n"))
    }

    @Test func sharingErrorsAreOneLineAndChangeNothing() async throws {
        #expect(try await run(alice, "share", "zed")
                == ProgramRun(error: "share zed: there is no role “zed” on the server; nothing was changed\n", status: 1))
        #expect(try await run(alice, "share", "alice") == ProgramRun(
            error: "share alice: you are alice: share and unshare are for other roles; nothing was changed\n", status: 1))
        #expect(try await run(alice, "--quiet", "share", "bob").status == 0)
        #expect(try await run(bob, "share", "carol") == ProgramRun(
            error: "share carol: only the list's owner (alice) can share or unshare it; nothing was changed\n", status: 1))
        #expect(try await run(bob, "unshare", "alice") == ProgramRun(
            error: "unshare alice: only the list's owner (alice) can share or unshare it; nothing was changed\n", status: 1))
        #expect(try await run(alice, "share") == ProgramRun(error: """
            share: no role given: share ROLE lets the server's role ROLE use the list (share ROLE --read-only: only read it)

            """, status: 1))
        let dave = server.url(database: database, user: "dave")
        #expect(try await run(dave, "list")
                == ProgramRun(error: "tasks: the list in \(dave) is not shared with you (dave)\n", status: 1))
    }

    @Test func shareOnAnSQLiteFileSaysItNeedsASharedList() async throws {
        let path = folder.file("tasks.sqlite")
        #expect(try await ProgramRun(["share", "bob", "--read-only"], in: folder) == ProgramRun(
            error: "share bob --read-only: share works on a shared list on a PostgreSQL server; \(path) is a file\n",
            status: 1))
    }

    @Test func inAScriptShareCommitsWithTheRestOrNotAtAll() async throws {
        let failed = try await ProgramRun(["--db", alice], input: "share bob\nadd two\nrm 9\n", in: folder, database: false)
        #expect(failed == ProgramRun(error: "line 3: rm 9: there is no task 9 (the list has 2)\n", status: 1))
        #expect(try await run(bob, "list").status == 1)
        let done = try await ProgramRun(["--db", alice], input: "share bob --read-only\nadd two\n", in: folder,
                                        database: false)
        #expect(done == ProgramRun(output: "shared the list with bob, read-only: bob can read it, not change it\n"
                                   + "  1   one\n  2   two\n"))
        #expect(try await run(bob, "list") == ProgramRun(output: "  1   one\n  2   two\n"))
    }
}
