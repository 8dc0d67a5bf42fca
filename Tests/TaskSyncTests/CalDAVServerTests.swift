import Foundation
import TaskTestSupport
import Testing

/// The harness the sync tests run on: each real server, plain and over HTTPS, takes a password and
/// refuses a wrong one, leads a client from its root to the task list, and exchanges tasks with the
/// other device (todoman through vdirsyncer) both ways.
@Suite(.loadsTheMachine) struct CalDAVServerTests {
    static let servers: [(CalDAVTestServer.Kind, Bool)] = [
        (.radicale, false), (.radicale, true), (.xandikos, false), (.xandikos, true),
    ]

    @Test(arguments: servers)
    func aTaskPutWithCurlReachesTodomanAfterASync(kind: CalDAVTestServer.Kind, https: Bool) async throws {
        let server = try await CalDAVTestServer.start(kind, https: https)
        let put = try await server.client().put("milk.ics", Self.vtodo(uid: "milk", summary: "Buy milk"))
        #expect(put.status == 201)

        let device = try await TodomanDevice(server: server)
        try await device.sync()

        #expect(try await device.items() == [TodomanDevice.Item(id: 1, summary: "Buy milk", completed: false)])
        #expect(try device.localFiles() == ["milk.ics"])
    }

    @Test(arguments: servers)
    func aTaskMadeWithTodomanReachesTheServerAfterASync(kind: CalDAVTestServer.Kind, https: Bool) async throws {
        let server = try await CalDAVTestServer.start(kind, https: https)
        let device = try await TodomanDevice(server: server)
        try await device.todo("new", "Call mom")
        try await device.sync()

        let client = server.client()
        let resources = try await client.list()
        try #require(resources.count == 1)
        let get = try await client.get(resources[0].name)
        #expect(get.status == 200)
        #expect(get.text.contains("\r\nSUMMARY:Call mom\r\n"))
        #expect(get.etag == resources[0].etag)
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aTaskCheckedOffWithTodomanIsCompletedOnTheServer(kind: CalDAVTestServer.Kind) async throws {
        let server = try await CalDAVTestServer.start(kind)
        let client = server.client()
        _ = try await client.put("milk.ics", Self.vtodo(uid: "milk", summary: "Buy milk"))
        let device = try await TodomanDevice(server: server)
        try await device.sync()

        try await device.todo("done", "1")
        try await device.sync()

        #expect(try await device.items() == [TodomanDevice.Item(id: 1, summary: "Buy milk", completed: true)])
        let text = try await client.get("milk.ics").text
        #expect(text.contains("\r\nSTATUS:COMPLETED\r\n"))
        #expect(text.contains("\r\nPERCENT-COMPLETE:100\r\n"))
    }

    @Test(arguments: servers)
    func aWrongPasswordIsRefusedWithBasicAuth(kind: CalDAVTestServer.Kind, https: Bool) async throws {
        let server = try await CalDAVTestServer.start(kind, https: https)

        let refused = try await server.client(password: "wrong").propfind(server.collection, "<getetag/>")

        #expect(refused.status == 401)
        #expect(refused.headers["www-authenticate"] == Self.realm[kind])
        #expect(try await server.client().propfind(server.collection, "<getetag/>").status == 207)
    }

    @Test(arguments: servers)
    func discoveryLeadsFromTheRootToTheTaskList(kind: CalDAVTestServer.Kind, https: Bool) async throws {
        let server = try await CalDAVTestServer.start(kind, https: https)
        let client = server.client()

        // The first step needs no password: a wrong one does not stop it.
        let wellKnown = try await server.client(password: "wrong").request("PROPFIND", server.url("/.well-known/caldav"))
        #expect([301, 302].contains(wellKnown.status))
        #expect(wellKnown.headers["location"] == "/")
        let root = try await client.propfind(server.origin, "<current-user-principal/>")
        let principal = try #require(CalDAVRawClient.hrefs("current-user-principal", in: root).first)
        let home = try await client.propfind(server.url(principal), "<C:calendar-home-set/>")
        let homeSet = try #require(CalDAVRawClient.hrefs("calendar-home-set", in: home).first)
        let lists = try await client.propfind(server.url(homeSet), depth: 1, "<resourcetype/>")

        #expect(principal == "/alice/")
        #expect(homeSet == (kind == .radicale ? "/alice/" : "/alice/calendars/"))
        #expect(CalDAVRawClient.hrefs("response", in: lists).contains(server.collection.path + "/"))
    }

    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aHaltedServerRefusesConnectionsAndResumesWithItsTasks(kind: CalDAVTestServer.Kind) async throws {
        let server = try await CalDAVTestServer.start(kind)
        let client = server.client()
        let put = try await client.put("milk.ics", Self.vtodo(uid: "milk", summary: "Buy milk"))

        try await server.halt()
        let refused = await #expect(throws: ChildProcess.Failed.self) { try await client.get("milk.ics") }
        try await server.resume()

        #expect(refused?.status == 7)  // curl's "failed to connect"
        #expect(try await client.list() == [CalDAVRawClient.Resource(name: "milk.ics", etag: try #require(put.etag))])
    }

    static let realm: [CalDAVTestServer.Kind: String] = [
        .radicale: #"Basic realm="Radicale - Password Required""#,
        .xandikos: #"Basic realm="xandikos""#,
    ]

    static func vtodo(uid: String, summary: String) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//tasks tests//EN\r
        BEGIN:VTODO\r
        UID:\(uid)\r
        DTSTAMP:20261125T120000Z\r
        SUMMARY:\(summary)\r
        END:VTODO\r
        END:VCALENDAR\r

        """
    }
}
