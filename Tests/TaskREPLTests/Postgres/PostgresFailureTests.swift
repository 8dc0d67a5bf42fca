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

    /// A new list holding the seed tasks, on `server` (in `database`, else a new one); returns its URL.
    private func seededList(on server: PostgresTestServer, database: String? = nil) async throws -> String {
        let url = server.url(database: try database ?? server.makeDatabase())
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
    /// client (or, when `running`, running a statement or waiting), whose last statement contains
    /// `statement`.
    private func waitForOpenTransaction(on server: PostgresTestServer, database: String, after statement: String,
                                        running: Bool = false) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let waiting = try server.psql("""
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = '\(database)' AND query LIKE '%\(statement)%'
                AND state IN ('idle in transaction'\(running ? ", 'active'" : ""))
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

    /// A new list on a server of the test's own holding the seed tasks, committed so that an
    /// immediate stop keeps them: the tests' servers run with `synchronous_commit` off, which may
    /// lose the last commits a server crashing had not yet written.
    private func seededDurableList() async throws -> (server: PostgresTestServer, database: String, url: String) {
        let server = try PostgresTestServer.start()
        let database = try server.makeDatabase()
        try server.psql("ALTER DATABASE \(database) SET synchronous_commit = on")
        return (server, database, try await seededList(on: server, database: database))
    }

    @Test func aServerStoppedAtOnceUnderAScriptFailsItWithOneLineAndKeepsAllBeforeIt() async throws {
        let (server, database, url) = try await seededDurableList()
        let errors = folder.file("stderr")
        let program = try startScript(on: url, errorFile: errors)
        await program.write("add one\n")
        try await waitForOpenTransaction(on: server, database: database, after: "INSERT INTO tasks.step_task")
        try server.halt()
        await program.write(Self.script) // its first line fails; the rest is not run
        program.closeInput()
        #expect(try await program.exitStatus() == 1)
        #expect(folder.contents(of: "stderr") == """
            line 2: add script task 1: lost the connection to \(url) (server closed the connection unexpectedly); \
            nothing was changed

            """)
        try server.resume()
        #expect(try await texts(of: url) == Self.seedTexts)
    }

    @Test func aServerStoppedAtOnceWhileAScriptRunsLeavesItAllOrNothingAndAllBeforeIt() async throws {
        let (server, database, url) = try await seededDurableList()
        let errors = folder.file("stderr")
        let program = try startScript(on: url, errorFile: errors)
        #expect(await program.write(Self.script) == Self.script.count)
        program.closeInput()
        try await waitForOpenTransaction(on: server, database: database, after: "INSERT INTO tasks.step_task",
                                         running: true)
        try server.halt()
        let status = try await program.exitStatus()
        let message = folder.contents(of: "stderr") ?? ""
        try server.resume()
        let texts = try await texts(of: url)
        if status == 0 { // it committed before the server stopped
            #expect(message == "")
            #expect(texts == Self.seedTexts + Self.scriptTexts)
        } else if message.hasPrefix("line ") { // it stopped before its commit
            #expect(status == 1)
            let line = try #require(message.firstMatch(of: #/^line ([0-9]+): add script task ([0-9]+): /#), "\(message)")
            #expect(line.1 == line.2)
            #expect(message == "\(line.0)lost the connection to \(url) (server closed the connection unexpectedly); "
                        + "nothing was changed\n")
            #expect(texts == Self.seedTexts)
        } else { // while committing: the server may have saved it or not, whole
            #expect(status == 1)
            #expect(message == """
                lost the connection to \(url) while saving (server closed the connection unexpectedly); \
                the change may or may not have been saved

                """)
            #expect(texts == Self.seedTexts || texts == Self.seedTexts + Self.scriptTexts, "\(texts.count) tasks")
        }
    }

    /// A prompt on a new list on a server of the test's own, after `add a`.
    private func promptShowingA() async throws -> (server: PostgresTestServer, url: String, session: TerminalSession) {
        let server = try PostgresTestServer.start()
        let url = server.url(database: try server.makeDatabase())
        let session = try await TerminalSession(["--db", url], in: folder, columns: 250) // messages on one row
        #expect(try await session.run("add a") == ["  1   a"])
        return (server, url, session)
    }

    /// Types `line` (no Enter) and restarts `server` once the prompt shows it.
    private func restart(_ server: PostgresTestServer, whileTyping line: String, in session: TerminalSession) async throws {
        try await session.type(line)
        try await session.waitFor { $0.last == "tasks> " + line }
        try server.restart()
    }

    /// What an idle prompt says when the server ends its connection, and when it connected again.
    private static func lostAndBack(_ url: String) -> [String] {
        ["lost the connection to \(url) (terminating connection due to administrator command); connecting again in the background",
         "connected to \(url) again"]
    }

    @Test func aServerRestartedUnderAnIdlePromptIsSaidAtOnceInOneLineAndThePromptGoesOn() async throws {
        let (server, url, session) = try await promptShowingA()
        try server.restart()
        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains(Self.lostAndBack(url)[1]) }
        #expect(Array(screen.suffix(5)) == ["tasks> add a", "  1   a"] + Self.lostAndBack(url) + ["tasks>"])
        #expect(try await session.run("add b") == ["  1   a", "  2   b"])
        #expect(try await session.run("undo") == ["  1   a", "Undid: add “b”"])
    }

    @Test func aServerRestartedWhileALineIsTypedIsSaidOnlyOnceTheLineIsEntered() async throws {
        let (server, url, session) = try await promptShowingA()
        try await restart(server, whileTyping: "# a note", in: session)
        try await Task.sleep(for: .seconds(1))
        #expect(try await session.lines().suffix(3) == ["tasks> add a", "  1   a", "tasks> # a note"])
        try await session.press("Enter") // a comment: the store is not asked
        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains(Self.lostAndBack(url)[1]) }
        #expect(Array(screen.suffix(4)) == ["tasks> # a note"] + Self.lostAndBack(url) + ["tasks>"])
        #expect(try await session.run("add b") == ["  1   a", "  2   b"])
    }

    @Test func aCommandTypedWhileTheServerRestartedConnectsAgainAndRuns() async throws {
        let (server, _, session) = try await promptShowingA()
        try await restart(server, whileTyping: "add b", in: session)
        try await session.press("Enter") // the connection the server closed is made again first
        try await session.waitForPrompt()
        #expect(try await session.lines().suffix(4) == ["tasks> add b", "  1   a", "  2   b", "tasks>"])
        try await Task.sleep(for: .seconds(1)) // nothing more is said
        #expect(try await session.lines().suffix(2) == ["  2   b", "tasks>"])
        #expect(try await session.run("undo") == ["  1   a", "Undid: add “b”"])
    }
}
