import Foundation
import TaskTestSupport
import Testing

/// An open prompt on a paired list syncs by itself (every TASKS_SYNC_INTERVAL seconds, and soon
/// after a change): what the server got shows without a key pressed, what is done here reaches it.
@Suite(.serialized, .loadsTheMachine) struct PromptSyncTests {
    /// How long the server or the screen is given to show a sync's effect: generous, since the
    /// prompt syncs every second but two busy cores may run many tests beside it.
    static let limit: Duration = .seconds(60)

    /// The prompt on `store`, syncing every second.
    private static func promptSyncingEverySecond(_ store: SyncedStore) async throws -> TerminalSession {
        try await TerminalSession(in: store.folder, environment: store.environment(["TASKS_SYNC_INTERVAL": "1"]), timeout: limit)
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aTaskPutOnTheServerAppearsAtAnIdlePromptWithoutAKey(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Call mom\n")
        let session = try await Self.promptSyncingEverySecond(store)

        _ = try await store.server.client().put("milk.ics", SyncedStore.vtodo(uid: "milk", "SUMMARY:Buy milk"))

        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains("  2   Buy milk") }
        #expect(Array(screen.suffix(3)) == ["  1   Call mom", "  2   Buy milk", "tasks>"])
    }

    /// On a shared list the idle prompt waits on the server's notifications, with no interval: what
    /// the background sync says (here, that the CalDAV server is down, then back) shows as soon as it
    /// is said, though the list did not change and no key was pressed.
    @Test func whatTheSyncSaysShowsAtOnceAtAnIdlePromptOnASharedList() async throws {
        let postgres = try PostgresTestServer.shared()
        let list = postgres.url(database: try postgres.makeDatabase(owner: "alice"), user: "alice")
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale))
        #expect(try await store.run("--db", list, "add", "Buy milk") == ProgramRun())
        try await store.run("--db", list, "sync", store.server.collection.absoluteString).expectSuccess()
        let session = try await TerminalSession(["--db", list], in: store.folder,
                                                environment: store.environment(["TASKS_SYNC_INTERVAL": "1"]),
                                                columns: 200, timeout: Self.limit)

        try await store.server.halt()
        let down = "sync: cannot reach 127.0.0.1: connection refused"
        // A sync under way as the server stops may say first that it closed the connection.
        var screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains(down) }
        #expect(Array(screen.suffix(2)) == [down, "tasks>"])

        try await store.server.resume()
        let back = "synced with 127.0.0.1 again"
        screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains(back) }
        #expect(Array(screen.suffix(3)) == [down, back, "tasks>"])
        #expect(screen.first == "  1   Buy milk")
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aTaskCheckedOffAtThePromptReachesTheServer(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\n")
        let session = try await Self.promptSyncingEverySecond(store)

        #expect(try await session.run("done 1") == ["  1   ✓ Buy milk"])

        let deadline = ContinuousClock.now + Self.limit
        var status: String?
        repeat {
            status = try await store.remote().values.first.flatMap { SyncedStore.line("STATUS:", in: $0) }
            if status == "STATUS:COMPLETED" { break }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        #expect(status == "STATUS:COMPLETED")
    }

    /// The lines the program printed after the line typed last (`echoed`) until it ended.
    private static func linesAfter(_ echoed: String, until screen: [String]) -> [String] {
        guard let echo = screen.lastIndex(of: echoed), let exit = screen.lastIndex(where: { $0.hasPrefix("EXIT=") }),
              echo < exit else { return screen }
        return Array(screen[(echo + 1)..<exit])
    }

    /// The background sync would send it two seconds later: leaving sends it first, and says so.
    @Test(arguments: ["quit", "Ctrl-D"])
    func aTaskAddedJustBeforeLeavingReachesTheServer(leaving: String) async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\n")
        let session = try await TerminalSession(in: store.folder, environment: store.environment(), timeout: Self.limit)

        // In one go: leaving comes well within the 2 s after which the background sync would send it.
        if leaving == "quit" {
            try await session.press("add Call mom", "Enter", "quit", "Enter")
        } else {
            try await session.press("add Call mom", "Enter", "C-d")
        }
        let exit = try await session.waitForExit()

        #expect(exit.status == 0)
        let screen = try await session.lines()
        let echoed = leaving == "quit" ? "tasks> quit" : TerminalSession.barePrompt
        #expect(Self.linesAfter(echoed, until: screen) == ["synced: sent 1 new"])
        let summaries = try await store.remote().values.compactMap { SyncedStore.line("SUMMARY:", in: $0) }
        #expect(summaries.sorted() == ["SUMMARY:Buy milk", "SUMMARY:Call mom"])
    }

    @Test func ctrlDWithNothingChangedSaysNothingMore() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\n")
        let session = try await TerminalSession(in: store.folder, environment: store.environment(), timeout: Self.limit)

        try await session.press("C-d")
        let exit = try await session.waitForExit()

        #expect(exit.status == 0)
        let screen = try await session.lines()
        #expect(Array(screen.prefix(3)) == ["  1   Buy milk", "tasks>", "EXIT=0"])
    }

    /// The server is down: leaving takes no longer than it says, and says in one line that the
    /// change waits for the next sync.
    @Test func quitWithTheServerDownSaysInOneLineThatTheChangeWaits() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\n")
        let pairing = store.folder.file("tasks.sqlite.caldav")
        let paired = try FileManager.default.attributesOfItem(atPath: pairing)[.modificationDate] as? Date
        let session = try await TerminalSession(in: store.folder, environment: store.environment(), timeout: Self.limit)
        // The prompt's first sync touches the pairing file as it ends: stopping the server after it does not cut it off.
        let deadline = ContinuousClock.now + Self.limit
        while try FileManager.default.attributesOfItem(atPath: pairing)[.modificationDate] as? Date == paired,
              ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await store.server.halt()
        #expect(try await session.run("add Call mom") == ["  1   Buy milk", "  2   Call mom"])

        try await session.type("quit")
        let start = ContinuousClock.now
        try await session.press("Enter")
        let exit = try await session.waitForExit()

        #expect(ContinuousClock.now - start < .seconds(20)) // refused after the 5 s connect timeout; closing waits 8 s at most
        #expect(exit.status == 0)
        let screen = try await session.lines()
        #expect(Self.linesAfter("tasks> quit", until: screen)
                == ["unsent until the next sync: cannot reach 127.0.0.1: connection refused"])
    }

    /// A server that takes connections and never answers (stopped with SIGSTOP): Ctrl-C ends the wait.
    @Test func ctrlCWhileQuitWaitsForAServerLeavesAtOnce() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\n")
        let session = try await TerminalSession(in: store.folder, environment: store.environment(), timeout: Self.limit)
        let server = try #require(pid_t(try String(contentsOfFile: store.server.folder + "/pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(server, SIGSTOP)
        defer { kill(server, SIGCONT) }
        try await session.run("add Call mom")

        try await session.type("quit")
        try await session.press("Enter")
        try await session.waitForSignalKeys()
        try await session.press("C-c")
        let exit = try await session.waitForExit()

        #expect(exit.status == 0)
        let screen = try await session.lines()
        #expect(Self.linesAfter("tasks> quit", until: screen) == ["^C", "unsent until the next sync: interrupted"])
    }
    /// A sync typed at the prompt waits on a server that takes connections and never answers
    /// (stopped with SIGSTOP): Ctrl-C stops it in one line, and the prompt goes on at once. Behind
    /// the prompt's own sync, which holds the pairing while it waits on the server, the typed one
    /// says that it waits (it sat silent: found by an independent tester), and Ctrl-C stops the
    /// wait for its turn. Both waited for the server's 90 s timeout before.
    @Test(arguments: [false, true])
    func ctrlCStopsASyncTypedAtThePrompt(behindThePromptsOwnSync: Bool) async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\n")
        let pairing = store.folder.file("tasks.sqlite.caldav")
        let paired = try FileManager.default.attributesOfItem(atPath: pairing)[.modificationDate] as? Date
        let server = try #require(pid_t(try String(contentsOfFile: store.server.folder + "/pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        if behindThePromptsOwnSync { kill(server, SIGSTOP) }
        defer { kill(server, SIGCONT) }
        let session = try await TerminalSession(in: store.folder, environment: store.environment(), timeout: Self.limit)
        if !behindThePromptsOwnSync {
            // The prompt's first sync touches the pairing file as it ends: the typed one is alone.
            let deadline = ContinuousClock.now + Self.limit
            while try FileManager.default.attributesOfItem(atPath: pairing)[.modificationDate] as? Date == paired,
                  ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            kill(server, SIGSTOP)
        }

        try await session.type("sync")
        try await session.press("Enter")
        try await session.waitForSignalKeys()
        let waiting = "another sync of this list is under way: waiting for it (Ctrl-C stops)"
        if behindThePromptsOwnSync { try await session.waitFor { $0.last == waiting } }
        let start = ContinuousClock.now
        try await session.press("C-c")
        let said = "sync: interrupted; nothing is lost: sync again to finish"
        let screen = try await session.waitFor { $0.last == TerminalSession.barePrompt && $0.contains(said) }

        #expect(ContinuousClock.now - start < .seconds(30))
        let expected = ["tasks> sync"] + (behindThePromptsOwnSync ? [waiting] : []) + ["^C", said, "tasks>"]
        #expect(Array(screen.suffix(expected.count)) == expected)
        kill(server, SIGCONT)
        #expect(try await session.run("add Call mom") == ["  1   Buy milk", "  2   Call mom"])
    }
}
