import Foundation
import TaskTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The hostile server (Tests/hostile-caldav.py) answers each of its lists as documented, so that
/// the sync's tests against it test the sync.
@Suite(.loadsTheMachine) struct HostileCalDAVServerTests {
    static let report = Data("""
        <?xml version="1.0" encoding="utf-8"?><C:calendar-query xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
        <prop><getetag/><C:calendar-data/></prop></C:calendar-query>
        """.utf8)

    @Test(arguments: [false, true])
    func itsSaneListIsAListOfOneTask(https: Bool) async throws {
        let server = try await CalDAVTestServer.start(.hostile, https: https)
        let client = server.client()

        let listing = try await client.propfind(server.hostile("ok"), depth: 1, "<getetag/>")
        let task = try await client.request("GET", server.url("/ok/item.ics"))

        #expect(listing.status == 207)
        #expect(CalDAVRawClient.hrefs("response", in: listing) == ["/ok/", "/ok/item.ics"])
        #expect(task.status == 200)
        #expect(task.text.contains("\r\nSUMMARY:Buy milk\r\n"))
    }

    @Test func malformedXMLDoesNotParse() async throws {
        let server = try await CalDAVTestServer.start(.hostile)

        let answer = try await server.client().request("REPORT", server.hostile("malformed-xml"), body: Self.report)

        #expect(answer.status == 207)
        // On Linux, XMLDocument(data:) recovers from a document cut short without throwing, and
        // XMLParser's parse() returns true for it: only its parserError tells.
        let parser = XMLParser(data: answer.body)
        parser.parse()
        #expect(parser.parserError != nil)
    }

    @Test func aHugeAnswerIsOneHundredMebibytes() async throws {
        let server = try await CalDAVTestServer.start(.hostile)
        let client = server.client()

        let report = try await client.request("REPORT", server.hostile("huge"), body: Self.report)
        let task = try await client.request("GET", server.url("/huge/item.ics"))

        #expect(report.status == 207)
        #expect(report.body.count == 100 << 20)
        #expect(report.headers["content-length"] == String(100 << 20))
        #expect(task.status == 200)
        #expect(task.body.count == 100 << 20)
        #expect(task.text.hasSuffix("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"))
    }

    @Test func evilCalendarsCarryWhatTheirNamesSay() async throws {
        let server = try await CalDAVTestServer.start(.hostile)
        let client = server.client()
        let body = { (list: String) in try await client.request("GET", server.url("/\(list)/item.ics")).body }

        #expect(try await body("control-characters").contains(Data("\u{1B}[2Jclear\u{07}bell\u{9B}csi\0nul\u{202E}evil".utf8)))
        #expect(try await body("long-summary").count > 1 << 20)
        #expect(try await body("folded").contains(Data([0x53, 0x55, 0x4D, 0x0D, 0x0A, 0x20, 0x4D, 0x41])))  // "SUM\r\n MA"
        #expect(String(data: try await body("invalid-utf8"), encoding: .utf8) == nil)
    }

    @Test func errorsAreAnsweredAsTheyClaim() async throws {
        let server = try await CalDAVTestServer.start(.hostile)
        let client = server.client()

        let failing = try await client.request("REPORT", server.hostile("server-error"), body: Self.report)
        let refusing = try await client.request("PROPFIND", server.hostile("unauthorized"))

        #expect(failing.status == 500)
        #expect(refusing.status == 401)
        #expect(refusing.headers["www-authenticate"] == #"Basic realm="hostile""#)
    }

    @Test func aStalledServerNeverAnswers() async throws {
        let server = try await CalDAVTestServer.start(.hostile)

        let error = await #expect(throws: ChildProcess.Failed.self) {
            try await server.client().request("PROPFIND", server.hostile("stall"), seconds: 1)
        }

        #expect(error?.status == 28)  // curl's "operation timed out"
    }
}
