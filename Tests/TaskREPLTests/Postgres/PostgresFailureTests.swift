import Foundation
import TaskTestSupport
import Testing

/// A shared list when things go wrong: a client killed half-way through a script, the server
/// restarted under a script or under an open prompt. Nothing is ever half-applied, the user reads
/// one clear line, and the next command works again.
@Suite(.serialized) struct PostgresFailureTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// The script of the kill tests: 5,000 adds in one transaction.
    static let scriptTexts = (1...5_000).map { "script task \($0)" }
    static let script = Array(scriptTexts.map { "add \($0)\n" }.joined().utf8)
    static let seedTexts = ["before one", "before two"]

    /// A new list holding the seed tasks, on `server`; returns its URL.
    private func seededList(on server: PostgresTestServer) async throws -> String {
        let url = server.url(database: try server.makeDatabase())
        let seed = try await ProgramRun(["--db", url, "--quiet"], input: Self.seedTexts.map { "add \($0)\n" }.joined(),
                                        in: folder, database: false)
        try #require(seed == ProgramRun(), "seeding: \(seed)")
        return url
    }

    private func texts(of url: String) async throws -> [String] {
        let list = try await ProgramRun(["--db", url, "list"], in: folder, database: false)
        #expect(list.status == 0 && list.error == "", "\(list)")
        return ListText.texts(of: list.output)
    }

    /// Starts `tasks` reading a script from a pipe that stays open until the test closes it.
    private func startScript(on url: String, errorFile: String = "/dev/null") throws -> PipedProgram {
        try PipedProgram(TasksBinary.path, ["--quiet", "--db", url], environment: TasksBinary.environment(in: folder),
                         error: errorFile)
    }

    /// Waits until the server shows `url`'s database with a transaction open and waiting for its
    /// client, whose last statement contains `statement`.
    private func waitForOpenTransaction(on server: PostgresTestServer, database: String, after statement: String) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let waiting = try server.psql("""
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = '\(database)' AND state = 'idle in transaction' AND query LIKE '%\(statement)%'
                """)
            if waiting == "1\n" { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the script's transaction never showed on the server")
    }

    // MARK: A client killed

    @Test(arguments: [0, 8 << 10, 40 << 10])
    func aClientKilledHalfWayThroughAScriptLeavesTheListAsBefore(bytesWritten: Int) async throws {
        let url = try await seededList(on: try PostgresTestServer.shared())
        let program = try startScript(on: url)
        #expect(await program.write(Array(Self.script.prefix(bytesWritten))) == bytesWritten)
        program.kill()
        #expect(try await program.exitStatus() == 128 + SIGKILL)
        #expect(try await texts(of: url) == Self.seedTexts)
    }

    @Test func aClientKilledAtRandomMomentsWhileCommittingLeavesAllOrNothing() async throws {
        let server = try PostgresTestServer.shared()
        let measured = try await seededList(on: server)
        let program = try startScript(on: measured)
        #expect(await program.write(Self.script) == Self.script.count)
        let start = ContinuousClock.now
        program.closeInput()
        #expect(try await program.exitStatus() == 0)
        let finishing = ContinuousClock.now - start
        #expect(try await texts(of: measured) == Self.seedTexts + Self.scriptTexts)

        for _ in 0..<3 {
            let url = try await seededList(on: server)
            let program = try startScript(on: url)
            #expect(await program.write(Self.script) == Self.script.count)
            program.closeInput()
            try await Task.sleep(for: finishing * Double.random(in: 0...1.2))
            program.kill()
            let status = try await program.exitStatus()
            #expect(status == 128 + SIGKILL || status == 0)
            let texts = try await texts(of: url)
            #expect(texts == Self.seedTexts || texts == Self.seedTexts + Self.scriptTexts,
                    "\(texts.count) tasks: neither all of the script nor none of it")
        }
    }

    // MARK: The server restarted

    @Test func aServerRestartedUnderAScriptFailsItWithOneLineAndChangesNothing() async throws {
        let server = try PostgresTestServer.start()
        let database = try server.makeDatabase()
        let url = server.url(database: database)
        _ = try await ProgramRun(["--db", url, "--quiet", "add", "before"], in: folder, database: false)
        let errors = folder.file("stderr")
        let program = try startScript(on: url, errorFile: errors)
        await program.write("add one\n")
        try await waitForOpenTransaction(on: server, database: database, after: "INSERT INTO tasks.step_task")
        try server.restart()
        await program.write("add two\n")
        program.closeInput()
        #expect(try await program.exitStatus() == 1)
        #expect(folder.contents(of: "stderr") == """
            line 2: add two: lost the connection to \(url) (terminating connection due to administrator command); \
            nothing was changed

            """)
        #expect(try await texts(of: url) == ["before"])
    }

    @Test func aServerRestartedUnderAnOpenPromptIsSaidOnceAndThePromptGoesOn() async throws {
        let server = try PostgresTestServer.start()
        let url = server.url(database: try server.makeDatabase())
        let session = try await TerminalSession(["--db", url], in: folder, columns: 250) // the message on one row
        #expect(try await session.run("add a") == ["  1   a"])
        try server.restart()
        // Either the command meets the lost connection, says so and changes nothing, and the next
        // one connects again; or the idle prompt's check for others' changes met it first, and the
        // command connects again at once. Either way nothing is lost and the prompt goes on.
        let first = try await session.run("add b")
        if first != ["  1   a", "  2   b"] {
            #expect(first == [
                "add b: lost the connection to \(url) (terminating connection due to administrator command); nothing was changed",
            ])
            #expect(try await session.run("add b") == ["  1   a", "  2   b"])
        }
        #expect(try await session.run("undo") == ["  1   a", "Undid: add “b”"])
    }
}
