import Foundation
import TaskTestSupport
import Testing

/// `sync URL` pairs the store with a task list, given the list's address or the server's (which
/// leads to its one task list); `sync --status` says what is paired, `sync --unpair` forgets it.
@Suite(.loadsTheMachine) struct PairingTests {
    static let servers: [CalDAVTestServer.Kind] = [.radicale, .xandikos]

    @Test(arguments: servers)
    func pairingByTheTaskListsAddressSendsTheTasksHere(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        try await store.script("add Buy milk\nadd Call mom\n")
        let list = store.server.collection.absoluteString

        let paired = try await store.run("sync", list)

        #expect(paired == ProgramRun(output: "paired with \(list) (Tasks)\nsynced: sent 2 new\n"))
        #expect(try await store.remote().values.compactMap { SyncedStore.line("SUMMARY:", in: $0) }.sorted()
                == ["SUMMARY:Buy milk", "SUMMARY:Call mom"])
    }

    @Test(arguments: servers)
    func pairingByTheServersRootFindsItsOneTaskList(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        let list = store.server.collection.absoluteString

        let paired = try await store.run("sync", store.server.origin.absoluteString)

        #expect(paired == ProgramRun(output: "paired with \(list) (Tasks)\nsynced: nothing changed\n"))
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }

    /// A server's address where the user has no task list says so: it said "no CalDAV task list
    /// there: give a task list's address, or the server's", the address given (found by an
    /// independent tester).
    @Test(arguments: servers)
    func aServerWithNoTaskListSaysSoAndPairsNothing(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        #expect((200..<300).contains(try await store.server.client().request("DELETE", store.server.collection).status))

        let found = try await store.run("sync", store.server.origin.absoluteString)

        #expect(found == ProgramRun(error: "sync: the server has no task list yet: make one there (its web page, an app)\n", status: 1))
        #expect(try await store.run("sync", "--status").output == "not paired: sync URL pairs this list with a CalDAV task list\n")
    }

    @Test(arguments: servers)
    func aServerWithTwoTaskListsNamesBothAndPairsNothing(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        let second = store.server.collection.deletingLastPathComponent().appendingPathComponent("errands/")
        let made = try await store.server.client().request("MKCALENDAR", second, body: Data(Self.makeTaskList("Errands").utf8),
                                                           headers: ["Content-Type": "application/xml; charset=utf-8"])
        try #require(made.status == 201, "\(made.status) \(made.text)")
        let root = store.server.origin.absoluteString

        let found = try await store.run("sync", root)

        #expect(found == ProgramRun(output: """
            \(root) holds 2 task lists; pair with one: sync URL
              \(second.absoluteString)  (Errands)
              \(store.server.collection.absoluteString)  (Tasks)

            """, status: 1)) // a script pairing so learns that nothing was paired
        #expect(try await store.run("sync", "--status")
                == ProgramRun(output: "not paired: sync URL pairs this list with a CalDAV task list\n"))
    }

    @Test(arguments: servers)
    func statusSaysWhatIsPairedAndHowManyTasksAreOnBothSides(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\n")

        let status = try await store.run("sync", "--status")

        let list = store.server.collection.absoluteString
        let pattern = #/paired with (.+) as alice\npassword from ~/\.netrc\nlast synced \d{4}-\d\d-\d\d \d\d:\d\d; 1 task was on both sides\n/#
        #expect(status.status == 0 && status.error == "")
        #expect(try pattern.wholeMatch(in: status.output)?.output.1 == Substring(list))
    }

    @Test(arguments: servers)
    func unpairingForgetsThePairingAndKeepsTheTasksOnBothSides(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\n")
        let list = store.server.collection.absoluteString

        let unpaired = try await store.run("sync", "--unpair")

        #expect(unpaired == ProgramRun(output: "unpaired from \(list); no task was removed\n"))
        #expect(try await store.run("sync", "--unpair") == ProgramRun(output: "not paired: there is nothing to unpair\n"))
        #expect(try await store.run("sync", "--status")
                == ProgramRun(output: "not paired: sync URL pairs this list with a CalDAV task list\n"))
        #expect(try await store.list() == "  1   Buy milk\n")
        #expect(try await store.remote().count == 1)
    }

    @Test func aPasswordCommandGivesThePasswordWithoutANetrc() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale), netrc: false)
        try Data((store.server.password + "\n").utf8).write(to: URL(fileURLWithPath: store.folder.file("secret")))
        let command = "cat " + store.folder.file("secret")
        let list = "http://alice@" + store.server.collection.absoluteString.dropFirst("http://".count)

        let paired = try await store.run("sync", list, "--password-command", command)

        let address = store.server.collection.absoluteString
        #expect(paired == ProgramRun(output: "paired with \(address) (Tasks)\nsynced: nothing changed\n"))
        #expect(try await store.run("sync", "--status").output.hasPrefix("paired with \(address) as alice\npassword from `\(command)`\nlast synced "))
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }

    /// What a password command that failed said is not shown: it could be the password (a script
    /// traced by `set -x` says each line it runs). Its first line was quoted (found by an
    /// independent tester).
    @Test func aFailingPasswordCommandIsNotQuoted() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale), netrc: false)
        let script = store.folder.file("password.sh")
        try Data("set -x\necho \(store.server.password) >/dev/null\nexit 3\n".utf8).write(to: URL(fileURLWithPath: script))
        let list = "http://alice@" + store.server.collection.absoluteString.dropFirst("http://".count)
        let command = "sh " + script

        let run = try await store.run("sync", list, "--password-command", command)

        #expect(run == ProgramRun(error: SyncedStore.failure("sync \(list) --password-command \(command)",
                                                             "the password command exited with 3: run it alone to see why"),
                                  status: 1))
    }

    /// Ctrl-C ending a one-shot `tasks sync` stops its password command first: the command, in a
    /// process group of its own, gets no Ctrl-C from the terminal, and ran on after tasks ended.
    @Test func ctrlCEndingAOneShotSyncStopsItsPasswordCommand() async throws {
        let folder = try TemporaryFolder()
        let marker = "sleep 987.6545"
        let pid = try ChildProcess.start(TasksBinary.path, ["--db", folder.file("tasks.sqlite"), "sync", "http://alice@127.0.0.1:9/",
                                                            "--password-command", "\(marker); echo late"],
                                         environment: TasksBinary.environment(in: folder), error: folder.file("error"))

        let sleeping = await Self.interrupt(pid, onceItRuns: marker)

        guard let sleeping else {
            let status = try await ChildProcess.exitStatus(of: pid, path: TasksBinary.path)
            Issue.record("the command was not seen running; tasks exited with \(status), saying: \(folder.contents(of: "error") ?? "")")
            return
        }
        #expect(try await ChildProcess.exitStatus(of: pid, path: TasksBinary.path) == 128 + SIGINT)
        // Killed with its group: gone a moment later (its parent gone, another waits for it).
        let gone = ContinuousClock.now + .seconds(60)
        while Self.isRunning(sleeping), ContinuousClock.now < gone {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!Self.isRunning(sleeping))
        #expect(folder.contents(of: "error") == "")
    }

    /// Sends Ctrl-C's SIGINT to `pid` once a process it started runs `commandLine` (the password
    /// command's own `sleep`, not tasks or the shell, whose command lines hold it too), and
    /// returns that process; nil when `pid` ended first, or within 300 s, killed then. Watched by a
    /// thread of its own (`ThreadPoll`), among what `pid` started: by pgrep among every process,
    /// from a task on Swift concurrency's two threads, it was not seen in the 90 s tasks waits
    /// for a password command, twice in loaded clean-clone runs.
    private static func interrupt(_ pid: pid_t, onceItRuns commandLine: String) async -> ChildProcess.Running? {
        // The process found, or nil inside: `pid` ended (not yet waited for: a zombie).
        let outcome: ChildProcess.Running?? = await ThreadPoll.first(every: .milliseconds(5), within: .seconds(300)) {
            if let found = ChildProcess.descendants(of: pid).first(where: { $0.commandLine == commandLine }) {
                kill(pid, SIGINT)
                return .some(found)
            }
            return ChildProcess.running(pid)?.state ?? "Z" == "Z" ? .some(nil) : nil
        }
        guard let outcome else {
            kill(pid, SIGKILL)
            return nil
        }
        return outcome
    }

    /// Whether `process` still runs: its pid shows the same command line, and has not ended.
    private static func isRunning(_ process: ChildProcess.Running) -> Bool {
        ChildProcess.running(process.pid).map { $0.state != "Z" && $0.commandLine == process.commandLine } ?? false
    }

    /// A password command gives no user name: with none in the address, the server's refusal says
    /// where the name goes. It said "refused the user name and password", with no name sent (found
    /// by an independent tester).
    @Test func aPasswordWithoutAUserNameIsSaidToWantOne() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale), netrc: false)
        try Data((store.server.password + "\n").utf8).write(to: URL(fileURLWithPath: store.folder.file("secret")))
        let command = "cat " + store.folder.file("secret")
        let list = store.server.collection.absoluteString

        let run = try await store.run("sync", list, "--password-command", command)

        #expect(run == ProgramRun(error: "sync: 127.0.0.1 refused: no user name (https://NAME@HOST/… gives one)\n",
                                  status: 1))
        #expect(try await store.run("sync", "--status")
                == ProgramRun(output: "not paired: sync URL pairs this list with a CalDAV task list\n"))
    }

    /// `~/.netrc` gives the user name when a command gives the password: `help sync` says so (it
    /// was read only without a command: found by an independent tester).
    @Test func aPasswordCommandTakesTheUserNameFromNetrc() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale), netrc: false)
        try Data("machine 127.0.0.1 login \(store.server.user)\n".utf8).write(to: URL(fileURLWithPath: store.folder.file("home/.netrc")))
        try Data((store.server.password + "\n").utf8).write(to: URL(fileURLWithPath: store.folder.file("secret")))
        let command = "cat " + store.folder.file("secret")
        let list = store.server.collection.absoluteString

        let run = try await store.run("sync", list, "--password-command", command)

        #expect(run == ProgramRun(output: "paired with \(list) (Tasks)\nsynced: nothing changed\n"))
        #expect(try await store.run("sync", "--status").output.hasPrefix("paired with \(list) as alice\n"))
    }

    /// A shared list's pairing is kept in the state folder ($XDG_STATE_HOME/tasks), which a one-shot
    /// command does not make.
    @Test func aSharedListPairsOnFirstUse() async throws {
        let postgres = try PostgresTestServer.shared()
        let list = postgres.url(database: try postgres.makeDatabase(owner: "alice"), user: "alice")
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale))
        try await store.run("--db", list, "add", "Buy milk").expectSuccess()

        let paired = try await store.run("--db", list, "sync", store.server.collection.absoluteString)

        let address = store.server.collection.absoluteString
        #expect(paired == ProgramRun(output: "paired with \(address) (Tasks)\nsynced: sent 1 new\n"))
        #expect(try await store.remote().count == 1)
    }

    @Test func statusNamesTheFileNETRCNamesForThePassword() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale), netrc: false)
        let file = store.folder.file("passwords")
        try Data("machine 127.0.0.1 login alice password \(store.server.password)\n".utf8).write(to: URL(fileURLWithPath: file))
        try await store.script("add Buy milk\n")
        try await store.run(["sync", store.server.collection.absoluteString], environment: ["NETRC": file]).expectSuccess()

        let status = try await store.run(["sync", "--status"], environment: ["NETRC": file])

        #expect(status.output.split(separator: "\n").dropFirst().first == Substring("password from \(file)"), "\(status)")
    }

    @Test func syncOnAListNotPairedSaysHowToPair() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale))
        try await store.script("add Buy milk\n")
        let before = try await store.export()

        #expect(try await store.run("sync")
                == ProgramRun(error: "sync: this list is not paired: sync URL pairs it with a CalDAV task list\n", status: 1))
        #expect(try await store.export() == before)
    }

    @Test func aListPairedWithOneTaskListRefusesAnother() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale))
        try await store.pair()
        let list = store.server.collection.absoluteString
        let other = store.server.url("/alice/other/").absoluteString

        #expect(try await store.run("sync", other) == ProgramRun(
            error: SyncedStore.failure("sync \(other)", "paired with \(list): sync --unpair first"), status: 1))
    }

    /// The same task list's path on another port, under another user, or with a password command
    /// the pairing does not have is another pairing: refused, not synced with the old one unsaid.
    @Test func anAddressThatDiffersInPortUserOrPasswordCommandIsRefused() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale))
        try await store.pair()
        let list = store.server.collection
        var otherPort = URLComponents(url: list, resolvingAgainstBaseURL: false)
        otherPort?.port = (list.port ?? 80) + 1
        let asBob = list.absoluteString.replacingOccurrences(of: "://", with: "://bob@")
        let refused = "paired with \(list.absoluteString): sync --unpair first"

        for address in [try #require(otherPort?.string), asBob] {
            #expect(try await store.run("sync", address) == ProgramRun(error: SyncedStore.failure("sync \(address)", refused), status: 1))
        }
        let withCommand = try await store.run("sync", list.absoluteString, "--password-command", "echo x")
        #expect(withCommand == ProgramRun(error: SyncedStore.failure("sync \(list.absoluteString) --password-command echo x", refused),
                                          status: 1),
                "\(withCommand)")
        #expect(try await store.run("sync", list.absoluteString) == ProgramRun(output: "synced: nothing changed\n"))
    }

    /// The body of a MKCALENDAR request for a task list (a calendar of VTODOs) named `name`.
    static func makeTaskList(_ name: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
        <D:set><D:prop><D:displayname>\(name)</D:displayname><C:supported-calendar-component-set>\
        <C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>
        """
    }
}
