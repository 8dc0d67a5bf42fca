import Foundation
import Synchronization
import TaskSQLite
import TaskSync
import TaskTestSupport
import Testing

/// Pairing with a list of the hostile server (Tests/hostile-caldav.py): an answer that is broken,
/// too large, an error or never comes fails in one line and leaves the list here as it was; a
/// member that XML cannot carry is fetched alone; a summary of 1 MiB arrives whole, and many
/// writes to a slow server all arrive.
@Suite(.loadsTheMachine) struct HostileSyncTests {
    /// A store holding one task, beside a hostile server.
    private static func store() async throws -> SyncedStore {
        let store = try SyncedStore(try await CalDAVTestServer.start(.hostile))
        try await store.script("add Call mom\n")
        return store
    }

    /// Each failing list of the hostile server and the one line `sync LIST` says.
    static let failures: [(list: String, error: String)] = [
        ("malformed-xml", "the server's answer is not WebDAV: XML that does not read (line 2)"),
        // 100,000 deep: the tree overflowed the stack as it was freed (found by an independent tester).
        ("deep-xml", "the server's answer is not WebDAV: XML nested more than 64 deep"),
        // Refused at 4 MiB, before the rest is read: discovery's answers are a few properties.
        ("huge", "the server's answer is larger than 4 MiB: not a task list's"),
        ("server-error", "the server answered PROPFIND /server-error with 500 Internal Server Error"),
        ("unauthorized", "127.0.0.1 refused the user name and password"),
        // Its task lists on another machine over plain http: refused before anything is sent there.
        ("elsewhere-home", "the server named 127.0.0.2: no password to it over plain http"),
        // The same machine on another port: named with it (it read as the same host, found by an
        // independent tester).
        ("other-port-home", "the server named 127.0.0.1:1: no password to it over plain http"),
    ]

    @Test(arguments: failures)
    func aBrokenAnswerFailsInOneLineAndChangesNothing(list: String, error: String) async throws {
        let store = try await Self.store()
        let here = try await store.export()

        let run = try await store.run("sync", store.server.hostile(list).absoluteString)

        let address = store.server.hostile(list).absoluteString
        #expect(run == ProgramRun(error: SyncedStore.failure("sync \(address)", error), status: 1))
        #expect(try await store.export() == here)
        #expect(try await store.run("sync", "--status").output == "not paired: sync URL pairs this list with a CalDAV task list\n")
    }

    /// A sync report without its sync-token is refused: what the last sync put and it does not name
    /// was taken for removed there, and removed here (found by an independent tester).
    @Test func aSyncReportWithoutItsTokenIsRefusedAndChangesNothing() async throws {
        let store = try await Self.store()
        let address = store.server.hostile("no-sync-token").absoluteString
        let paired = try await store.run("sync", address)
        let here = try await store.export()

        let run = try await store.run("sync")

        #expect(paired == ProgramRun(output: "paired with \(address) (no-sync-token)\nsynced: received 1 new; sent 1 new\n"))
        #expect(run == ProgramRun(error: SyncedStore.failure("sync", "the server's answer is not WebDAV: a sync report without its sync-token"),
                                  status: 1))
        #expect(try await store.export() == here)
    }

    /// A removal the server refuses names the task removed, by the text both sides last agreed
    /// on: it named none (found by an independent tester).
    @Test func aRefusedRemovalNamesTheTask() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.hostile))
        try await store.pair(store.server.hostile("refused-removals"))
        #expect(try await store.run("--quiet", "rm", "1") == ProgramRun())

        let run = try await store.run("sync")

        // Its status says so too, to a script.
        #expect(run == ProgramRun(output: "synced: 1 change not sent\n", error: "the server refused \"Buy milk\" (403 Forbidden)\n",
                                  status: 1))
    }

    /// Each list whose `calendar-multiget` answer does not read (its to-do written raw in it, which
    /// XML cannot carry) and what `sync LIST` then says: each member is fetched alone, and one that
    /// is still not a to-do, or not served, is skipped in one line while the others sync.
    static let fetchedAlone: [(list: String, synced: String, error: String)] = [
        ("control-characters", "sent 1 new", "skipped the server's item.ics: line 7: a NUL byte, which no text file holds\n"),
        ("folded", "received 1 new; sent 1 new", ""),
        ("invalid-utf8", "sent 1 new", "skipped the server's item.ics: line 7: the text is not UTF-8\n"),
        ("mixed", "received 1 new; sent 1 new",
         "skipped the server's control.ics: line 7: a NUL byte, which no text file holds\n"
            + "skipped the server's broken.ics: GET gave 500 Internal Server Error\n"),
    ]

    @Test(arguments: fetchedAlone)
    func aMemberXMLCannotCarryIsFetchedAloneAndTheOthersSync(list: String, synced: String, error: String) async throws {
        let store = try await Self.store()
        let address = store.server.hostile(list).absoluteString

        let run = try await store.run("sync", address)

        #expect(run == ProgramRun(output: "paired with \(address) (\(list))\nsynced: \(synced)\n",
                                  error: error))
    }

    /// The read timeout of the sync's HTTP client bounds the wait (90 s: a slow server on a slow
    /// line must still be waited for). The limit only stops a sync that would wait for ever: it
    /// leaves room for a busy machine, where a test may wait minutes for the runner's threads
    /// (3 minutes were passed once, beside a tester's runs).
    @Test(.timeLimit(.minutes(15)))
    func aServerThatNeverAnswersIsGivenUpOnInOneLine() async throws {
        let store = try await Self.store()
        let here = try await store.export()

        let address = store.server.hostile("stall").absoluteString

        let run = try await store.run("sync", address)

        #expect(run == ProgramRun(error: SyncedStore.failure("sync \(address)", "127.0.0.1 did not answer in time"), status: 1))
        #expect(try await store.export() == here)
    }

    /// The prompt's own sync gives up on a server that sends nothing sooner than a typed one
    /// (`BackgroundSync.patience`): it holds the list's lock meanwhile, and another prompt on the
    /// list, waiting its turn, said nothing of the server for minutes (found by an independent
    /// tester). Here with a patience of 1 s.
    @Test
    func aSyncOfLittlePatienceGivesUpOnAServerThatNeverAnswersSooner() async throws {
        let store = try await Self.store()
        let storage = try SQLiteStorage(path: store.folder.file("tasks.sqlite"))
        defer { storage.close() }
        let sync = CalDAVSync(storage: storage, statePath: store.folder.file("tasks.sqlite.caldav"), patience: 1,
                              environment: TasksBinary.environment(in: store.folder, store.environment()))
        let start = ContinuousClock.now

        let outcome = Result { () throws(SyncError) in try sync.pair(.init(address: store.server.hostile("stall").absoluteString)) }

        guard case let .failure(.transport(failure, host: host)) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(failure == .timedOut && host == "127.0.0.1")
        #expect(ContinuousClock.now - start < .seconds(60))
        #expect(BackgroundSync.patience < CalDAVSync.typedPatience)
    }

    /// Nor does it wait longer than that for its turn behind another sync of the list: behind a
    /// sync typed at another prompt, waiting 90 s on a stopped server, it said nothing for minutes
    /// (found by an independent tester). Here the other sync is this test, holding the lock, and
    /// the limit 1 s.
    @Test func aSyncWithATurnLimitGivesUpBehindAnotherSyncOfTheList() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\n")
        let storage = try SQLiteStorage(path: store.folder.file("tasks.sqlite"))
        defer { storage.close() }
        let pairing = store.folder.file("tasks.sqlite.caldav")
        let sync = CalDAVSync(storage: storage, statePath: pairing,
                              environment: TasksBinary.environment(in: store.folder, store.environment()))
        let lock = open(pairing + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        var waited = 0

        let behind = Result { () throws(SyncError) in try sync.sync(turnLimit: 1) { waited += 1 } }
        close(lock)
        let alone = Result { () throws(SyncError) in try sync.sync(turnLimit: 1) { waited += 1 } }

        guard case .failure(.otherSyncBusy(seconds: 1)) = behind else {
            Issue.record("\(behind)")
            return
        }
        #expect(waited == 1)
        #expect((try? alone.get()) != nil)
    }

    /// Ctrl-C at the prompt reaches a sync as `interrupt()`, from another thread: a pairing waiting
    /// on a server that never answers stops at once, and says so. No time limit: the pairing's own
    /// clock says whether it stopped at once, and the test runner's threads, on two busy cores, may
    /// all be taken by other tests for minutes (it failed once in CI under a limit of 3 minutes; in
    /// other whole runs it passed after 240 s).
    @Test
    func anInterruptStopsAPairingWaitingOnAServer() async throws {
        let store = try await Self.store()
        let storage = try SQLiteStorage(path: store.folder.file("tasks.sqlite"))
        defer { storage.close() }
        let sync = CalDAVSync(storage: storage, statePath: store.folder.file("tasks.sqlite.caldav"),
                              environment: TasksBinary.environment(in: store.folder, store.environment()))
        let address = store.server.hostile("stall").absoluteString
        // Both on threads of their own, and the time taken measured on the pairing's: on two cores
        // the test runner's threads may all be blocked by other tests for a minute, and this test
        // resumed only then (it took 60.2 s, and 82 s, where the pairing may have stopped at once).
        let pairing = Task { try await onOwnThread { () -> (String, Duration) in
            let start = ContinuousClock.now
            do {
                _ = try sync.pair(.init(address: address))
                return ("paired", ContinuousClock.now - start)
            } catch {
                if case SyncError.interrupted = error { return ("interrupted", ContinuousClock.now - start) }
                return ("\(error)", ContinuousClock.now - start)
            }
        } }
        // Until it ends: an interrupt before the pairing starts is forgotten as it starts.
        let ended = Mutex(false)
        let interrupting = Thread {
            while !ended.withLock({ $0 }) {
                sync.interrupt()
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        interrupting.start()
        defer { ended.withLock { $0 = true } }

        let (outcome, took) = try await pairing.value
        #expect(outcome == "interrupted")
        #expect(took < .seconds(60))
        #expect(!sync.isPaired)
    }

    /// A sync writes in batches over a few connections; a write waiting its turn must not fail as
    /// a server that did not answer (AsyncHTTPClient gives a request queued for a connection the
    /// connect timeout, 15 s).
    @Test func manyWritesToASlowServerAllArrive() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.hostile))
        try await store.script((1...64).map { "add task \($0)\n" }.joined())
        let address = store.server.hostile("slow-writes").absoluteString

        let run = try await store.run("sync", address)

        #expect(run == ProgramRun(output: "paired with \(address) (slow-writes)\nsynced: received 1 new; sent 64 new\n"))
    }

    /// A member the server names on another machine is not the list's: neither read nor written
    /// (a write would carry the password there).
    @Test func aMemberOnAnotherMachineIsNotTheLists() async throws {
        let store = try await Self.store()
        let address = store.server.hostile("elsewhere-member").absoluteString

        let run = try await store.run("sync", address)

        #expect(run == ProgramRun(output: "paired with \(address) (elsewhere-member)\nsynced: received 1 new; sent 1 new\n"))
        #expect(try await store.list() == "  1   Call mom\n  2   Buy milk\n")
    }

    /// A server may keep the task lists on another of its hosts, over https (iCloud does): the
    /// password is the one of the host typed, at every sync, not only the one that paired.
    @Test func aListOnAnotherHostOfTheServerKeepsThePasswordOfTheAddressTyped() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.hostile, https: true))
        try await store.script("add Call mom\n")
        var list = try #require(URLComponents(url: store.server.hostile("ok"), resolvingAgainstBaseURL: false))
        list.host = "localhost"

        let paired = try await store.run("sync", store.server.hostile("elsewhere-secure-home").absoluteString)
        let again = try await store.run("sync")

        #expect(paired == ProgramRun(output: "paired with \(try #require(list.string)) (ok)\nsynced: received 1 new; sent 1 new\n"))
        // This server keeps nothing it is sent: the task sent is gone there, so here too.
        #expect(again == ProgramRun(output: "synced: received 1 removed\n"))
    }

    /// A write the server fails (500) is sent again a moment later: a server taking several writes
    /// at once may fail one (Xandikos did, after being halted mid-sync), and failing the whole
    /// sync for it left every later sync failing the same way.
    @Test func aWriteTheServerFailsOnceIsSentAgain() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.hostile))
        try await store.script("add Call mom\nadd Buy bread\nadd Pay rent\n")
        let address = store.server.hostile("flaky-writes").absoluteString

        let run = try await store.run("sync", address)

        #expect(run == ProgramRun(output: "paired with \(address) (flaky-writes)\nsynced: received 1 new; sent 3 new\n"))
    }

    /// A write the server applied and then failed (a gateway that gave up on it) is refused by
    /// its condition when sent again; what the server holds then says it was done, and it is
    /// counted as sent. It was said as changed on the server during the sync, and nothing as sent
    /// (found by an independent tester).
    @Test func aWriteTheServerAppliedButFailedIsCountedAsSent() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.hostile))
        try await store.script("add Call mom\nadd Pay rent\n")
        let address = store.server.hostile("applied-then-failed").absoluteString

        let paired = try await store.run("sync", address)
        try await store.script("rm 1\nedit 1 Pay rent today\n")
        let changed = try await store.run("sync")

        #expect(paired == ProgramRun(output: "paired with \(address) (applied-then-failed)\nsynced: received 1 new; sent 2 new\n"))
        #expect(changed == ProgramRun(output: "synced: sent 1 changed, 1 removed\n"))
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }

    @Test func aSummaryOfOneMebibyteArrivesWhole() async throws {
        let store = try await Self.store()
        let address = store.server.hostile("long-summary").absoluteString

        let run = try await store.run("sync", address)

        #expect(run == ProgramRun(output: "paired with \(address) (long-summary)\nsynced: received 1 new; sent 1 new\n"))
        #expect(try await store.export().contains(String(repeating: "x", count: 1 << 20)))
    }
}
