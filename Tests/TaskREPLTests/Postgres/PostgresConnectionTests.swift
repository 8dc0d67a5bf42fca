import Foundation
import TaskTestSupport
import Testing

/// How a shared list is named (`--db`, `TASKS_DB`, libpq's URI and `key=value` forms, `PG…`
/// variables, `~/.pgpass`) and what `tasks` says, in one line, when it cannot be used.
@Suite struct PostgresConnectionTests {
    let folder: TemporaryFolder
    let server: PostgresTestServer
    let database: String

    init() throws {
        folder = try TemporaryFolder()
        server = try PostgresTestServer.shared()
        database = try server.makeDatabase(owner: "alice")
    }

    private func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> ProgramRun {
        try await ProgramRun(arguments, input: input, in: folder, environment: environment, database: false)
    }

    private var alice: String { server.url(database: database, user: "alice") }

    // MARK: Naming the list

    @Test func everyFormOfConnectionStringReachesTheSameList() async throws {
        #expect(try await run(["--db", alice, "add", "one"]) == ProgramRun(output: "  1   one\n"))
        let forms = [
            "postgres://alice@/\(database)?host=\(server.folder)",
            "postgresql://alice@%2F\(server.folder.dropFirst().replacingOccurrences(of: "/", with: "%2F"))/\(database)",
            "host=\(server.folder) dbname=\(database) user=alice",
            "  dbname='\(database)' host=\(server.folder) user=alice application_name=tests",
        ]
        for form in forms {
            #expect(try await run(["--db", form, "list"]) == ProgramRun(output: "  1   one\n"), "\(form)")
        }
    }

    @Test func theTASKS_DBVariableNamesASharedListToo() async throws {
        _ = try await run(["--db", alice, "add", "one"])
        #expect(try await run(["list"], environment: ["TASKS_DB": alice]) == ProgramRun(output: "  1   one\n"))
    }

    @Test func thePGVariablesFillInWhatTheStringLeavesOut() async throws {
        _ = try await run(["--db", alice, "add", "one"])
        let environment = ["PGHOST": server.folder, "PGUSER": "alice", "PGDATABASE": database]
        #expect(try await run(["--db", "postgresql://", "list"], environment: environment) == ProgramRun(output: "  1   one\n"))
    }

    @Test func aPasswordInPgpassIsUsed() async throws {
        try server.psql("GRANT CREATE ON DATABASE \(database) TO carol")
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let pgpass = home + "/.pgpass"
        try "*:*:\(database):carol:\(PostgresTestServer.carolsPassword)\n".write(toFile: pgpass, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        #expect(try await run(["--db", server.url(database: database, user: "carol"), "add", "one"])
                == ProgramRun(output: "  1   one\n"))
    }

    @Test func aFileWhoseNameIsNoConnectionStringIsAnSQLiteStore() async throws {
        let path = folder.file("notes=old.sqlite")
        #expect(try await run(["--db", path, "add", "one"]) == ProgramRun(output: "  1   one\n"))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func completionReadsTheTaskNumbersOfASharedList() async throws {
        _ = try await run(["--db", alice, "--quiet"], input: "add Buy milk\nadd Call mom\n")
        #expect(try await run(["--db", alice, "--complete-task-numbers"])
                == ProgramRun(output: "1\tBuy milk\n2\tCall mom\n"))
    }

    @Test func completionOnADatabaseWithoutAListCreatesNone() async throws {
        #expect(try await run(["--db", alice, "--complete-task-numbers"]) == ProgramRun(status: 1))
        #expect(try server.psql("SELECT count(*) FROM pg_namespace WHERE nspname = 'tasks'", database: database) == "0\n")
    }

    // MARK: Mistyped addresses and passwords

    /// A value written as a connection string that is not a valid one: refused with the reason, its
    /// password left out, and no file or folder made by that name (it used to become a local store).
    @Test(arguments: [
        ("postgressql://alice:AlicePw123@dbhost/team",
         "cannot open postgressql://alice@dbhost/team: a shared list's address starts postgresql:// or postgres://, "
            + "not postgressql://; nothing was created"),
        ("postgresql:/alice:AlicePw123@dbhost/team",
         "cannot open postgresql:/alice@dbhost/team: a shared list's address starts postgresql:// or postgres://, "
            + "not postgresql:/; nothing was created"),
        ("host=/tmp passwd=AlicePw123 dbname=team",
         "cannot open host=/tmp passwd=… dbname=team: not a valid connection string (invalid connection option "
            + "\"passwd\"); nothing was created"),
        ("host=db usr=alice password=AlicePw123",
         "cannot open host=db usr=…: not a valid connection string (invalid connection option \"usr\"); nothing was created"),
        ("passwd=AlicePw123",
         "cannot open passwd=…: not a valid connection string (invalid connection option \"passwd\"); nothing was created"),
        ("postgresql:alice:AlicePw123@dbhost",
         "cannot open postgresql:alice@dbhost: a shared list's address starts postgresql:// or postgres://, "
            + "not postgresql:; nothing was created"),
        ("postgresql//alice:AlicePw123@dbhost/team",
         "cannot open postgresql//alice@dbhost/team: a shared list's address starts postgresql:// or postgres://, "
            + "not postgresql//; nothing was created"),
        ("password=AlicePw123 dbname='team",
         "cannot open dbname='team: not a valid connection string (unterminated quoted string in connection info "
            + "string); nothing was created"),
    ])
    func aMistypedAddressIsRefusedWithoutItsPasswordAndMakesNoFile(address: String, error: String) async throws {
        let here = folder.file("here") // the folder it runs in, where a relative path would be made
        try FileManager.default.createDirectory(atPath: here, withIntermediateDirectories: false)
        let inHere = ["-c", "cd \"$0\" && exec \"$@\"", here, TasksBinary.path, "--db", address, "add", "Book the room"]
        #expect(try await ProgramRun(program: "/bin/sh", inHere, in: folder, environment: TasksBinary.environment(in: folder))
                == ProgramRun(error: "tasks: \(error)\n", status: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: here) == [])
    }

    @Test func aBadlyEncodedPasswordIsNamedWithoutBeingShown() async throws {
        let url = "postgresql://alice:S3c%zzret@/\(database)?host=\(server.folder)"
        #expect(try await run(["--db", url, "list"]) == ProgramRun(error: """
            tasks: cannot open postgresql://alice@/\(database)?host=\(server.folder): invalid percent-encoded token in the password

            """, status: 1))
        let inParameter = "postgresql://alice@/\(database)?host=\(server.folder)&password=S3c%zzret"
        #expect(try await run(["--db", inParameter, "list"]) == ProgramRun(error: """
            tasks: cannot open postgresql://alice@/\(database)?host=\(server.folder): invalid percent-encoded token in the password

            """, status: 1))
    }

    @Test func aMistypedPasswordParameterIsShownWithoutItsValue() async throws {
        let url = "postgresql://alice@/\(database)?host=\(server.folder)&pasword=AlicePw123"
        #expect(try await run(["--db", url, "list"]) == ProgramRun(error: """
            tasks: cannot open postgresql://alice@/\(database)?host=\(server.folder)&pasword=…: invalid URI query \
            parameter: "pasword"

            """, status: 1))
    }

    @Test func libpqQuotingTheWholeAddressQuotesItWithoutThePassword() async throws {
        #expect(try await run(["--db", "postgresql://alice:S3cret@[/team", "list"]) == ProgramRun(error: """
            tasks: cannot open postgresql://alice@[/team: end of string reached when looking for matching "]" in IPv6 \
            host address in URI: "postgresql://alice@[/team"

            """, status: 1))
    }

    @Test func aPasswordGivenWithDbIsHiddenFromOtherUsersWhileThePromptIsOpen() async throws {
        let url = "postgresql://alice:AlicePw123@/\(database)?host=\(server.folder)"
        let session = try await TerminalSession(["--db=" + url], in: folder)
        let program = try #require(try await session.programID())
        let arguments = try String(contentsOfFile: "/proc/\(program)/cmdline", encoding: .utf8)
            .split(separator: "\0")
        #expect(arguments.last == "--db=postgresql://alice:xxxxxxxxxx@/\(database)?host=\(server.folder)")
        #expect(try await session.run("add Book the room").contains("  1   Book the room"))
    }

    // MARK: When it cannot be used

    @Test func aServerThatIsNotRunningIsSaidInOneLine() async throws {
        let nowhere = folder.file("no-server")
        let url = "postgresql://alice@/\(database)?host=\(nowhere)"
        #expect(try await run(["--db", url, "list"]) == ProgramRun(error: """
            tasks: cannot open \(url): connection to server on socket "\(nowhere)/.s.PGSQL.5432" failed: \
            No such file or directory; is the server running locally and accepting connections on that socket?

            """, status: 1))
    }

    @Test func aWrongPasswordIsSaidInOneLineWithoutThePassword() async throws {
        let url = server.url(database: database, user: "carol", password: "not-it")
        let shown = server.url(database: database, user: "carol")
        #expect(try await run(["--db", url, "list"]) == ProgramRun(error: """
            tasks: cannot open \(shown): connection to server on socket "\(server.folder)/.s.PGSQL.5432" failed: \
            password authentication failed for user "carol"

            """, status: 1))
    }

    @Test func noPasswordAtAllIsSaidWithoutAskingForOne() async throws {
        let url = server.url(database: database, user: "carol")
        #expect(try await run(["--db", url, "list"]) == ProgramRun(error: """
            tasks: cannot open \(url): connection to server on socket "\(server.folder)/.s.PGSQL.5432" failed: \
            fe_sendauth: no password supplied

            """, status: 1))
    }

    @Test func aRoleWithoutAccessToTheListIsToldSo() async throws {
        _ = try await run(["--db", alice, "add", "one"])
        let dave = server.url(database: database, user: "dave")
        #expect(try await run(["--db", dave, "list"])
                == ProgramRun(error: "tasks: the list in \(dave) is not shared with you (dave)\n", status: 1))
    }

    @Test func aRoleThatMayOnlyReadTheListCanListButNotChangeIt() async throws {
        _ = try await run(["--db", alice, "add", "one"])
        try server.psql("GRANT USAGE ON SCHEMA tasks TO dave; GRANT SELECT ON ALL TABLES IN SCHEMA tasks TO dave",
                        database: database)
        let dave = server.url(database: database, user: "dave")
        #expect(try await run(["--db", dave, "list"]) == ProgramRun(output: "  1   one\n"))
        #expect(try await run(["--db", dave, "add", "two"]) == ProgramRun(error: """
            add two: the list in \(dave) is read-only for you (dave); nothing was changed

            """, status: 1))
        #expect(try await run(["--db", dave, "list"]) == ProgramRun(output: "  1   one\n"))
    }

    @Test func aRoleThatMayNotCreateTheListIsToldSo() async throws {
        let dave = server.url(database: database, user: "dave")
        #expect(try await run(["--db", dave, "list"])
                == ProgramRun(error: "tasks: cannot open \(dave): permission denied for database \(database)\n", status: 1))
    }

    // MARK: The schema

    @Test func theListIsMadeOnFirstUseBesideTheDatabasesOtherTables() async throws {
        try server.psql("CREATE TABLE public.tasks (id int); INSERT INTO public.tasks VALUES (7)", database: database)
        #expect(try await run(["--db", alice, "add", "one"]) == ProgramRun(output: "  1   one\n"))
        #expect(try server.psql("SELECT id FROM public.tasks", database: database) == "7\n")
        #expect(try server.psql("SELECT application, version FROM tasks.meta", database: database) == "tasks|6\n")
    }

    @Test func aForeignTasksSchemaIsRefusedAndLeftUntouched() async throws {
        try server.psql("CREATE SCHEMA tasks; CREATE TABLE tasks.task (id int); INSERT INTO tasks.task VALUES (7)",
                        database: database, user: "alice")
        let before = try server.psql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'tasks'",
                                     database: database)
        #expect(try await run(["--db", alice, "add", "one"]) == ProgramRun(error: """
            tasks: \(alice) holds a schema “tasks” of another program; it was left untouched

            """, status: 1))
        #expect(try server.psql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'tasks'",
                                database: database) == before)
        #expect(try server.psql("SELECT id FROM tasks.task", database: database) == "7\n")
    }

    @Test func aForeignTasksSchemaTheRoleCannotEvenReadIsRefusedAsForeign() async throws {
        try server.psql("CREATE SCHEMA tasks; CREATE TABLE tasks.task (id int)", database: database)
        #expect(try await run(["--db", alice, "list"]) == ProgramRun(error: """
            tasks: \(alice) holds a schema “tasks” of another program; it was left untouched

            """, status: 1))
    }

    @Test func aListMadeByANewerTasksIsRefusedAndLeftUntouched() async throws {
        _ = try await run(["--db", alice, "add", "one"])
        try server.psql("UPDATE tasks.meta SET version = 7", database: database)
        #expect(try await run(["--db", alice, "add", "two"]) == ProgramRun(error: """
            tasks: \(alice) was made by a newer tasks (store version 7); it was left untouched

            """, status: 1))
        #expect(try server.psql("SELECT count(*) FROM tasks.task", database: database) == "1\n")
    }

    @Test func processesOpeningANewListAtOnceMakeOneSchema() async throws {
        let runs = try await withThrowingTaskGroup(of: ProgramRun.self) { group in
            for index in 1...4 { group.addTask { try await run(["--db", alice, "--quiet", "add", "task \(index)"]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(runs == Array(repeating: ProgramRun(), count: 4))
        #expect(ListText.texts(of: try await run(["--db", alice, "list"]).output).sorted() == (1...4).map { "task \($0)" })
    }
}
