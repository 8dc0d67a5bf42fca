import Foundation
import TaskTestSupport
import Testing
@testable import TaskSync

@Suite("The parts of a sync that need no server")
struct SyncPartsTests {
    /// A server that refuses the connection (down) is said at once. The HTTP client tried to connect
    /// again and again for its whole connect timeout (5 s), and a sync typed at a prompt, waiting
    /// behind the prompt's own, said so after 10 (found by an independent tester). In this process,
    /// with no program to start, a refused connection takes milliseconds even on a busy machine:
    /// the bound is the connect timeout, which the transport waited before.
    @Test("a refused connection fails at once, not after the connect timeout")
    func refusedAtOnce() throws {
        let port = try Self.portNothingListensOn()
        let transport = HTTPTransport(authorization: nil, patience: 30)
        defer { transport.shutDown() }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let started = ContinuousClock.now
        do {
            _ = try transport.send("GET", url)
            Issue.record("nothing listens on port \(port), yet a request was answered")
        } catch {
            guard case .transport(.refused, host: _) = error else { Issue.record("\(error)"); return }
        }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    /// A port of the loopback that nothing listens on: one the system gave a socket, closed.
    private static func portNothingListensOn() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        try #require(bound)
        return UInt16(bigEndian: address.sin_port)
    }

    @Test("~/.netrc: the entry of the host, the login asked for, default last, macdef skipped, quotes")
    func netrc() {
        let netrc = Netrc("""
            machine other.example login bob password b0b
            macdef init
            machine dav.example.com login mallory password no

            machine dav.example.com
              login alice password "s3cret with spaces"
            machine dav.example.com login carol password c4rol
            default login anonymous password guest
            """)
        #expect(netrc.entry(host: "DAV.example.com", login: nil) == .init(login: "alice", password: "s3cret with spaces"))
        #expect(netrc.entry(host: "dav.example.com", login: "carol") == .init(login: "carol", password: "c4rol"))
        #expect(netrc.entry(host: "elsewhere.example", login: nil) == .init(login: "anonymous", password: "guest"))
        #expect(netrc.entry(host: "elsewhere.example", login: "zed") == nil)
    }

    @Test("a multistatus: hrefs, statuses, the properties found, the sync token; CDATA and entities read")
    func multistatus() throws {
        let status = try Multistatus(Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:response><D:href>/alice/tasks/a%20b.ics</D:href>
                <D:propstat><D:prop><D:getetag>"e1"</D:getetag><C:calendar-data><![CDATA[BEGIN:VCALENDAR
            END:VCALENDAR]]></C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
                <D:propstat><D:prop><D:displayname/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
              </D:response>
              <D:response><D:href>/alice/tasks/gone.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>
              <D:sync-token>http://x/sync/1&amp;2</D:sync-token>
            </D:multistatus>
            """.utf8))
        #expect(status.responses.map(\.href) == ["/alice/tasks/a%20b.ics", "/alice/tasks/gone.ics"])
        #expect(status.responses.map(\.status) == [nil, 404])
        #expect(status.responses[0].etag == "\"e1\"")
        #expect(status.responses[0].property(DAVElement.caldav, "calendar-data")?.text == "BEGIN:VCALENDAR\nEND:VCALENDAR")
        #expect(status.responses[0].property(DAVElement.dav, "displayname") == nil)
        #expect(status.syncToken == "http://x/sync/1&2")
    }

    /// A sync-collection answer after a first sync of 70,000 tasks names each one with its ETag, on
    /// one line: about 12 MB, which libxml2 refuses when handed it at once.
    @Test("a multistatus of 70,000 members, 12 MB on one line, is read")
    func aLargeMultistatus() throws {
        let member = #"<d:response><d:href>/alice/tasks/%05d.ics</d:href><d:propstat><d:prop><d:getetag>"%032d"</d:getetag>"#
            + "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
        var body = #"<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:">"#
        for index in 0..<70_000 { body += String(format: member, index, index) }
        body += "<d:sync-token>http://x/sync/2</d:sync-token></d:multistatus>"
        #expect(body.utf8.count > 12_000_000)

        let status = try Multistatus(Array(body.utf8))

        #expect(status.responses.count == 70_000)
        #expect(status.responses.last?.href == "/alice/tasks/69999.ics")
        #expect(status.syncToken == "http://x/sync/2")
    }

    @Test("what is not a multistatus is refused in a few words", arguments: [
        ("<D:multistatus xmlns:D=\"DAV:\"><D:response>", "XML that does not read (line 1)"),
        ("<html><body>Welcome</body></html>", "no multistatus in the answer"),
        ("", "XML that does not read"),
        ("\u{1B}[31m", "XML that does not read (line 1)"),
    ])
    func notAMultistatus(body: String, problem: String) {
        #expect(throws: SyncError.self) { try Multistatus(Array(body.utf8)) }
        do {
            _ = try Multistatus(Array(body.utf8))
        } catch {
            guard case let .malformedAnswer(what) = error else { Issue.record("\(error)"); return }
            #expect(what == problem)
        }
    }

    @Test("hrefs written differently name the same resource")
    func hrefs() throws {
        let collection = try #require(URL(string: "https://dav.example.com/alice/tasks/"))
        #expect(HrefPath.of("/alice/tasks/a%40b.ics", in: collection) == HrefPath.of("a@b.ics", in: collection))
        #expect(HrefPath.of("https://dav.example.com/alice/tasks/", in: collection) == HrefPath.of("/alice/tasks", in: collection))
    }

    @Test("an href read without parsing a URL reads as a parsed one does; one that needs parsing is left to the parser")
    func plainHrefs() throws {
        let collection = try #require(URL(string: "https://dav.example.com/alice/tasks/"))
        // Every href of up to five characters after its slash, of letters that matter to a parser.
        var hrefs = ["/"]
        var last = ["/"]
        for _ in 1...5 {
            last = last.flatMap { href in ["/", ".", "a", "%", "~", "4", "@"].map { href + $0 } }
            hrefs += last
        }
        var plain = 0
        for href in hrefs {
            guard let path = HrefPath.plain(href) else { continue }
            plain += 1
            #expect(path == HrefPath.resolved(href, in: collection), "\(href)")
        }
        #expect(plain == 2535)
        #expect(HrefPath.plain("/alice/tasks/01a22ac9-ae39-7469-a788-4a3c41388278.ics") == "/alice/tasks/01a22ac9-ae39-7469-a788-4a3c41388278.ics")
        for href in ["a.ics", "//evil.example.com/a.ics", "/alice/tasks/a%40b.ics", "/alice/./tasks/a.ics", "/alice/tasks/../a.ics",
                     "https://dav.example.com/alice/tasks/a.ics", "/alice//a.ics", "/alice/t\u{E4}sks/a.ics"] {
            #expect(HrefPath.plain(href) == nil, "\(href)")
        }
    }

    @Test("a member is inside the list, on its server (its port written or not); anything else is not the list's")
    func members() throws {
        let collection = try #require(URL(string: "https://dav.example.com/alice/tasks/"))
        for href in ["/alice/tasks/a.ics", "a.ics", "https://dav.example.com:443/alice/tasks/a.ics", "/alice/tasks/a%40b.ics"] {
            #expect(HrefPath.isMember(href, of: collection), "\(href)")
        }
        for href in ["/alice/tasks/", "/alice/tasks", "/alice/tasks-old/a.ics", "/alice/a.ics", "http://dav.example.com/alice/tasks/a.ics",
                     "https://dav.example.com:8443/alice/tasks/a.ics", "https://evil.example.com/alice/tasks/a.ics"] {
            #expect(!HrefPath.isMember(href, of: collection), "\(href)")
        }
    }

    @Test("an address is never shown with a password in it")
    func addressWithoutPassword() {
        #expect(CalDAVSync.withoutPassword("htps://alice:s3cret@dav.example.com/x") == "htps://alice:…@dav.example.com/x")
        #expect(CalDAVSync.withoutPassword("dav://a:b:c@h") == "dav://a:…@h")
        #expect(CalDAVSync.withoutPassword("https://alice@dav.example.com/a:b@c") == "https://alice@dav.example.com/a:b@c")
        #expect(CalDAVSync.withoutPassword("not an address") == "not an address")
    }

    @Test("a password goes over plain http only to this machine, unless the pairing allows it")
    func plainHTTP() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("netrc-\(UUID().uuidString)").path
        try Data("default login alice password secret\n".utf8).write(to: URL(fileURLWithPath: home))
        defer { try? FileManager.default.removeItem(atPath: home) }
        func look(_ address: String, allow: Bool = false) throws(SyncError) -> Credentials {
            try Credentials.look(for: Pairing(url: URL(string: address)!, user: nil, passwordCommand: nil, allowsPlainHTTP: allow),
                                 environment: ["NETRC": home])
        }
        #expect(try look("http://127.0.0.1:5232/").password == "secret")
        #expect(try look("http://localhost/").user == "alice")
        #expect(try look("http://[::1]:8080/").password == "secret")
        #expect(try look("https://dav.example.com/").password == "secret")
        #expect(try look("http://dav.example.com/", allow: true).password == "secret")
        #expect(throws: SyncError.self) { try look("http://dav.example.com/") }
    }

    @Test("the password command: its first line; a failure or nothing printed is said")
    func passwordCommand() throws {
        #expect(try PasswordCommand.run("printf 'pw one\\nsecond\\n'") == "pw one")
        #expect(try PasswordCommand.run("printf 'pw two\\r\\n'") == "pw two")
        #expect(Self.failure(of: "echo nope >&2; exit 3") == .failed(status: 3))
        #expect(Self.failure(of: "true") == .printedNothing)
        // 64 KiB without a line end was sent, and servers refused it or closed the connection under
        // it (found by an independent tester); 4096 bytes are a password.
        #expect(Self.failure(of: "head -c 10000000 /dev/zero | tr '\\0' a") == .printedTooMuch(bytes: 4096))
        #expect(try PasswordCommand.run("head -c 4096 /dev/zero | tr '\\0' a").utf8.count == 4096)
        // Bytes that are not UTF-8 were made U+FFFD and sent, a NUL sent as it is (found by an
        // independent tester); a tab and any letter are a password's.
        #expect(Self.failure(of: "printf 'p\\351ss\\n'") == .printedNoText)
        #expect(Self.failure(of: "printf 'secret\\0tail\\n'") == .printedNoText)
        #expect(Self.failure(of: "printf 'pw\\033[0m\\n'") == .printedNoText)
        #expect(try PasswordCommand.run("printf 'p\\tw Grüße ✓\\n'") == "p\tw Grüße ✓")
    }

    /// How `command` fails as a password command; nil when it gives a password (recorded as an issue).
    private static func failure(of command: String, patience: TimeInterval = 90,
                                stopped: @escaping @Sendable () -> Bool = { false }) -> SyncError.PasswordCommandFailure? {
        do {
            let password = try PasswordCommand.run(command, patience: patience, stopped: stopped)
            Issue.record("no failure: \(password.count) characters")
            return nil
        } catch {
            guard case let .passwordCommand(failure) = error else { Issue.record("\(error)"); return nil }
            return failure
        }
    }

    /// A password command that leaves a process running in the background gives its password as
    /// it ends, and what it left is stopped: it was waited for until the sync gave up (found by an
    /// independent tester). One a signal ends says so.
    @Test func aPasswordCommandThatLeavesAProcessRunningGivesItsPassword() throws {
        let started = Date()
        #expect(try PasswordCommand.run("sleep 987.6543 & echo secret", patience: 60) == "secret")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(Self.noneRunning("sleep 987.6543"))
        // One printing more lines is read to its end, keeping the first (not all: `yes` filled the memory).
        #expect(try PasswordCommand.run("echo secret; head -c 10000000 /dev/zero") == "secret")
        #expect(Self.failure(of: "kill -9 $$") == .killed(signal: 9))
    }

    /// What the command printed before it ended is its answer: a daemon it started (one that has
    /// left its group) and that keeps the output open is not waited for, whether it prints later,
    /// never, or the command printed without a line end; it made the sync wait for the patience
    /// (found by an independent tester). A first line that grows past a password's length, or a
    /// failure, is said at once. Each daemon says it has left the group (a file made) before the
    /// command goes on: one still leaving as the command ends is stopped with the group.
    @Test func aDaemonHoldingTheOutputIsNotWaitedFor() throws {
        let left = FileManager.default.temporaryDirectory.appendingPathComponent("left-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: left)
            _ = ChildProcess.runBlocking("/usr/bin/pkill", ["-f", "sleep 120.375"])
        }
        func daemon(_ script: String) -> String {
            "rm -f \(left); setsid sh -c 'touch \(left); \(script)' & until [ -e \(left) ]; do sleep 0.01; done; "
        }
        let started = Date()
        #expect(try PasswordCommand.run(daemon("exec sleep 120.375") + "printf secret", patience: 60) == "secret")
        #expect(Self.failure(of: daemon("exec sleep 120.375"), patience: 60) == .printedNothing)
        #expect(Self.failure(of: daemon("sleep 2; echo late"), patience: 60) == .printedNothing)
        #expect(Self.failure(of: daemon("exec sleep 120.375") + "exit 3", patience: 60) == .failed(status: 3))
        #expect(Self.failure(of: "cat /dev/zero", patience: 60) == .printedTooMuch(bytes: 4096))
        #expect(Self.failure(of: "yes | tr -d '\\n'", patience: 60) == .printedTooMuch(bytes: 4096))
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// A password command that does not end is stopped after the sync's patience, or at Ctrl-C,
    /// with what it started: it was waited for forever, and outlived tasks (found by an
    /// independent tester).
    @Test(arguments: [false, true])
    func aPasswordCommandThatDoesNotEndIsStopped(byInterruption: Bool) throws {
        let marker = byInterruption ? "987.6541" : "987.6542"
        let started = Date()
        let failure = Self.failure(of: "sleep \(marker); echo late", patience: byInterruption ? 600 : 1,
                                   stopped: { Date().timeIntervalSince(started) > 1 })
        #expect(failure == .noAnswer(seconds: byInterruption ? 600 : 1))
        #expect(Self.noneRunning("sleep \(marker)"))
    }

    /// Whether no process runs with `commandLine` in its command line, within a minute: one killed
    /// ends a moment later, after the command that started it is seen ended (a loaded clean-clone
    /// run found it still there).
    private static func noneRunning(_ commandLine: String) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        // pgrep finds none: 1.
        while ChildProcess.runBlocking("/usr/bin/pgrep", ["-f", commandLine]) != 1 {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }
}
