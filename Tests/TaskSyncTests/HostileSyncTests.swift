import Foundation
import TaskTestSupport
import Testing

/// Pairing with a list of the hostile server (Tests/hostile-caldav.py): an answer that is broken,
/// too large, an error or never comes fails in one line and leaves the list here as it was; a
/// summary of 1 MiB arrives whole, and many writes to a slow server all arrive.
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
        // Cut off after exactly 100 MiB, inside an element.
        ("huge", "the server's answer is not WebDAV: XML that does not read (line 3)"),
        ("server-error", "the server answered PROPFIND /server-error with 500 Internal Server Error"),
        ("unauthorized", "127.0.0.1 refused the user name and password"),
        // A to-do that XML cannot carry (written raw in the REPORT) makes the whole answer unreadable.
        ("control-characters", "the server's answer is not WebDAV: XML that does not read (line 8)"),
        ("folded", "the server's answer is not WebDAV: XML that does not read (line 16)"),
        ("invalid-utf8", "the server's answer is not WebDAV: XML that does not read (line 12)"),
    ]

    @Test(arguments: failures)
    func aBrokenAnswerFailsInOneLineAndChangesNothing(list: String, error: String) async throws {
        let store = try await Self.store()
        let here = try await store.export()

        let run = try await store.run("sync", store.server.hostile(list).absoluteString)

        let address = store.server.hostile(list).absoluteString
        #expect(run == ProgramRun(error: "sync \(address): \(error)\n", status: 1))
        #expect(try await store.export() == here)
        // A list found (discovery read it) stays paired, its first sync to come; one not found is not.
        let status = try await store.run("sync", "--status").output
        if ["control-characters", "folded", "invalid-utf8"].contains(list) {
            #expect(status.hasPrefix("paired with ") && status.hasSuffix("\nnot synced yet; 0 tasks on both sides\n"), "\(status)")
        } else {
            #expect(status == "not paired: sync URL pairs this list with a CalDAV task list\n")
        }
    }

    /// The read timeout of the sync's HTTP client bounds the wait (90 s: a slow server on a slow
    /// line must still be waited for).
    @Test(.timeLimit(.minutes(3)))
    func aServerThatNeverAnswersIsGivenUpOnInOneLine() async throws {
        let store = try await Self.store()
        let here = try await store.export()

        let address = store.server.hostile("stall").absoluteString

        let run = try await store.run("sync", address)

        #expect(run == ProgramRun(error: "sync \(address): 127.0.0.1 did not answer in time\n", status: 1))
        #expect(try await store.export() == here)
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

    @Test func aSummaryOfOneMebibyteArrivesWhole() async throws {
        let store = try await Self.store()
        let address = store.server.hostile("long-summary").absoluteString

        let run = try await store.run("sync", address)

        #expect(run == ProgramRun(output: "paired with \(address) (long-summary)\nsynced: received 1 new; sent 1 new\n"))
        #expect(try await store.export().contains(String(repeating: "x", count: 1 << 20)))
    }
}
