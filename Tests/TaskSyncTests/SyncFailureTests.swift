import Foundation
import TaskTestSupport
import Testing

/// A sync that cannot be done says why in one line, exits 1, and changes nothing: not the list
/// here (its whole export), not the pairing, not the server's tasks.
@Suite(.loadsTheMachine) struct SyncFailureTests {
    static let servers: [CalDAVTestServer.Kind] = [.radicale, .xandikos]

    /// A store paired with a new server of `kind`, holding a task synced, a change made here since
    /// and one made on the server since: a failed sync has something to lose each way.
    private static func pairedWithChangesOnBothSides(_ kind: CalDAVTestServer.Kind, https: Bool = false,
                                                     trusting: Bool = true) async throws -> SyncedStore {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind, https: https), trusting: trusting)
        try await store.script("add Buy milk\n")
        try await store.pair()
        try await store.script("add Call mom\n")
        _ = try await store.server.client().put("rent.ics", SyncedStore.vtodo(uid: "rent", "SUMMARY:Pay rent"))
        return store
    }

    /// Runs `tasks --quiet ARGUMENTS` and expects it to fail with exactly `error` and leave both
    /// sides and the pairing as they were; `sync --status` says that the last sync failed, where
    /// the list is paired.
    private static func expectFailure(_ store: SyncedStore, _ arguments: String..., error: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (here, there) = (try await store.export(), try await store.remote())
        let status = try await store.run("sync", "--status").output

        let run = try await store.run(arguments)

        #expect(run == ProgramRun(error: SyncedStore.failure(arguments.joined(separator: " "), error), status: 1),
                sourceLocation: sourceLocation)
        #expect(try await store.export() == here, sourceLocation: sourceLocation)
        #expect(try await store.remote() == there, sourceLocation: sourceLocation)
        let after = try await store.statusWithoutFailure()
        #expect(after.status == status, sourceLocation: sourceLocation)
        #expect(after.saysFailed == status.hasPrefix("paired with"), sourceLocation: sourceLocation)
    }

    @Test(arguments: servers)
    func aWrongPasswordIsSaidAndNothingChanges(kind: CalDAVTestServer.Kind) async throws {
        let store = try await Self.pairedWithChangesOnBothSides(kind)
        try store.writeNetrc(password: "wrong")

        try await Self.expectFailure(store, "sync", error: "127.0.0.1 refused the user name and password")
    }

    @Test(arguments: servers)
    func noPasswordAtAllIsSaidWithWhereToPutOne(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind), netrc: false)
        try await store.script("add Buy milk\n")

        try await Self.expectFailure(store, "sync", store.server.collection.absoluteString, error:
            "127.0.0.1 asks for a password (~/.netrc, or --password-command)")
    }

    /// `$NETRC` names the file read instead of `~/.netrc`: the sentence names it too.
    @Test func noPasswordAtAllNamesTheFileNETRCNames() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale), netrc: false)

        let run = try await store.run("sync", store.server.collection.absoluteString, environment: ["NETRC": "/nonexistent/netrc"])

        #expect(run == ProgramRun(error: SyncedStore.failure("sync \(store.server.collection.absoluteString)",
                                                             "127.0.0.1 asks for a password (/nonexistent/netrc, or --password-command)"),
                                  status: 1))
    }

    @Test(arguments: servers)
    func aServerThatIsDownIsSaidAndNothingChanges(kind: CalDAVTestServer.Kind) async throws {
        let store = try await Self.pairedWithChangesOnBothSides(kind)
        let (here, pairing) = (try await store.export(), try await store.run("sync", "--status").output)
        try await store.server.halt()

        let run = try await store.run("sync")

        #expect(run == ProgramRun(error: "sync: cannot reach 127.0.0.1: connection refused\n", status: 1))
        #expect(try await store.export() == here)
        #expect(try await store.statusWithoutFailure() == (pairing, true))
        try await store.server.resume()
        #expect(try await store.remote().count == 2)
        // Until a sync succeeds.
        try await store.run("sync").expectSuccess()
        #expect(try await store.statusWithoutFailure().saysFailed == false)
    }

    @Test func aPasswordIsNotSentOverPlainHTTPToAnotherHost() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.radicale))
        try store.writeNetrc(password: store.server.password, "machine tasks.invalid login alice password secret\n")
        try await store.script("add Buy milk\n")

        // tasks.invalid cannot resolve: a connection tried would say "no such host".
        try await Self.expectFailure(store, "sync", "http://tasks.invalid/alice/tasks/", error:
            "not sending the password over plain http: use https or --allow-plain-http")
    }

    @Test(arguments: servers)
    func httpsWithAPrivateCANotTrustedIsRefused(kind: CalDAVTestServer.Kind) async throws {
        let store = try await Self.pairedWithChangesOnBothSides(kind, https: true)
        let untrusted = try SyncedStore(store.server, trusting: false)
        try await untrusted.script("add Buy milk\n")
        let here = try await untrusted.export()

        let run = try await untrusted.run("sync", store.server.collection.absoluteString)

        #expect(run.status == 1 && run.output.isEmpty)
        #expect(run.error == SyncedStore.failure("sync \(store.server.collection.absoluteString)",
                                                 "127.0.0.1: untrusted certificate (a private CA? set SSL_CERT_FILE)"), "\(run)")
        #expect(try await untrusted.export() == here)
        #expect(try await untrusted.run("sync", "--status")
                == ProgramRun(output: "not paired: sync URL pairs this list with a CalDAV task list\n"))
    }

    /// Said whole, in words of this program's (it was the library's error, cut at 80 columns).
    @Test func aCertificateFileThatCannotBeReadIsSaidSo() async throws {
        let server = try await CalDAVTestServer.start(.radicale, https: true)
        let store = try SyncedStore(server, trusting: false)

        let run = try await store.run("sync", server.collection.absoluteString,
                                      environment: ["SSL_CERT_FILE": store.folder.file("no-such-ca.pem")])

        #expect(run == ProgramRun(error: SyncedStore.failure("sync \(server.collection.absoluteString)",
                                                             "cannot read the certificates of the file SSL_CERT_FILE names"), status: 1))
    }

    /// What a wrong `SSL_CERT_FILE` or scheme says, in this program's words (they were the
    /// library's, or blamed a certificate file that was set).
    @Test func aWrongCertificateFileOrSchemeIsSaidInOneLine() async throws {
        let server = try await CalDAVTestServer.start(.radicale, https: true)
        let other = try await CalDAVTestServer.start(.radicale, https: true)
        let plain = try await CalDAVTestServer.start(.radicale)
        let store = try SyncedStore(server, trusting: false)
        try store.writeNetrc(password: server.password)
        FileManager.default.createFile(atPath: store.folder.file("empty.pem"), contents: Data())
        try FileManager.default.createDirectory(atPath: store.folder.file("folder.pem"), withIntermediateDirectories: false)
        let address = server.collection.absoluteString
        func said(_ address: String, _ certificates: String?) async throws -> String {
            try await store.run(["sync", address], environment: certificates.map { ["SSL_CERT_FILE": $0] } ?? [:]).error
        }

        let unreadable = SyncedStore.failure("sync \(address)", "cannot read the certificates of the file SSL_CERT_FILE names")
        #expect(try await said(address, store.folder.file("empty.pem")) == unreadable)
        #expect(try await said(address, store.folder.file("folder.pem")) == unreadable)
        #expect(try await said(address, other.caFile)
                == SyncedStore.failure("sync \(address)", "127.0.0.1: certificate not signed by an authority of SSL_CERT_FILE"))
        var https = try #require(URLComponents(url: plain.collection, resolvingAgainstBaseURL: false))
        https.scheme = "https"
        let wrong = try #require(https.string)
        #expect(try await said(wrong, nil) == SyncedStore.failure("sync \(wrong)", "127.0.0.1 does not answer https there (an http:// address?)"))
        var http = try #require(URLComponents(url: server.collection, resolvingAgainstBaseURL: false))
        http.scheme = "http"
        let plainToHTTPS = try #require(http.string)
        // It said the library's "read(descriptor:pointer:size:): Connection reset by peer (errno: 104)".
        #expect(try await said(plainToHTTPS, nil) == SyncedStore.failure("sync \(plainToHTTPS)", "127.0.0.1 closed the connection"))
    }

    /// A port past 65535 is not an address: said in one line. The HTTP library trapped on it (the
    /// program crashed, the prompt with it), typed or named by a server's answer (found by an
    /// independent tester).
    @Test func aPortPast65535IsSaidNotToBeAnAddress() async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(.hostile))
        let hostile = store.server.hostile("bad-port-home").absoluteString

        let typed = try await store.run("sync", "https://127.0.0.1:99999/")
        // Too large for an integer: read as no port, and the scheme's own was used.
        let huge = try await store.run("sync", "http://127.0.0.1:99999999999999999999999/")
        let named = try await store.run("sync", hostile)

        #expect(typed == ProgramRun(error: SyncedStore.failure("sync https://127.0.0.1:99999/",
                                                               "`https://127.0.0.1:99999/` is not a CalDAV server's address (https://…)"),
                                    status: 1))
        #expect(huge == ProgramRun(error: SyncedStore.failure("sync http://127.0.0.1:99999999999999999999999/",
                                                              "`http://127.0.…999999999999/` is not a CalDAV server's address (https://…)"),
                                   status: 1))
        #expect(named == ProgramRun(error: SyncedStore.failure("sync \(hostile)", "`http://127.0.…1:99999/home/` is not a CalDAV server's address (https://…)"),
                                    status: 1))
    }

    /// Xandikos answers a path where nothing is with a multistatus whose one response is 404:
    /// that is not found, not a server's address leading on to the user's only list (the list was
    /// paired with, and synced into, found by an independent tester).
    @Test(arguments: servers)
    func aMistypedListAddressIsNotFound(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        try await store.script("add Buy milk\n")
        let typo = try #require(URL(string: "/alice/nothing/here/", relativeTo: store.server.collection)?.absoluteString)

        try await Self.expectFailure(store, "sync", typo, error: "nothing there on the server: give a task list's address, or the server's")
        #expect(try await store.remote().isEmpty)
    }

    /// The task list paired with, removed on the server: said as such, the pairing and the list
    /// here kept. It was "the server answered REPORT /alice/tasks with 404 Not Found" (found by an
    /// independent tester). Xandikos sometimes answered that REPORT so that the HTTP client failed
    /// (`bodyLengthMismatch`, once in CI, on a busy machine), said as a connection that failed.
    @Test(arguments: servers)
    func aTaskListRemovedOnTheServerIsSaidSo(kind: CalDAVTestServer.Kind) async throws {
        let store = try await Self.pairedWithChangesOnBothSides(kind)
        let (here, pairing) = (try await store.export(), try await store.run("sync", "--status").output)
        let client = try await store.server.client()
        #expect((200..<300).contains(try await client.request("DELETE", store.server.collection).status))

        let run = try await store.run("sync")

        #expect(run == ProgramRun(error: "sync: the task list paired with is no longer on the server: sync --unpair\n", status: 1))
        #expect(try await store.export() == here)
        #expect(try await store.statusWithoutFailure() == (pairing, true))
    }

    /// Unpaired from a task list removed on the server, the list here keeps its tasks, and pairing
    /// with the same address again says that nothing is there. That was "the server answered
    /// PROPFIND /alice/tasks with 404 Not Found", and unpairing said that the tasks stay on both
    /// sides (found by an independent tester).
    @Test(arguments: servers)
    func aTaskListRemovedOnTheServerIsUnpairedAndNotFoundAgain(kind: CalDAVTestServer.Kind) async throws {
        let store = try await Self.pairedWithChangesOnBothSides(kind)
        let here = try await store.export()
        let list = store.server.collection.absoluteString
        let client = try await store.server.client()
        #expect((200..<300).contains(try await client.request("DELETE", store.server.collection).status))

        let unpaired = try await store.run("sync", "--unpair")
        let paired = try await store.run("sync", list)

        #expect(unpaired == ProgramRun(output: "unpaired from \(list); no task was removed\n"))
        #expect(paired == ProgramRun(
            error: "sync: nothing there on the server: give a task list's address, or the server's\n", status: 1))
        #expect(try await store.export() == here)
        #expect(try await store.run("sync", "--status") == ProgramRun(
            output: "not paired: sync URL pairs this list with a CalDAV task list\n"))
        // The failed sync's mark goes with the pairing: a later one does not say it failed.
        #expect(!FileManager.default.fileExists(atPath: store.folder.file("tasks.sqlite.caldav.failed")))
    }

    @Test(arguments: servers)
    func httpsWithThePrivateCATrustedThroughSSLCertFileSyncs(kind: CalDAVTestServer.Kind) async throws {
        let store = try await Self.pairedWithChangesOnBothSides(kind, https: true)

        let run = try await store.run("sync")

        let list = store.server.collection.absoluteString
        #expect(list.hasPrefix("https://"))
        #expect(run == ProgramRun(output: "synced: received 1 new; sent 1 new\n"))
        #expect(try await store.remote().count == 3)
    }
}
