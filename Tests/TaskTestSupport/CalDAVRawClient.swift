import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Another client of a CalDAV server, for tests that change the task list behind the sync's back
/// or look at what it wrote: raw requests through curl (`/usr/bin/curl`), never through the code
/// under test. The password goes to curl in a file (`--config`), never on its command line; an
/// empty `Expect:` keeps curl from waiting for a `100 Continue` that Radicale never sends.
public struct CalDAVRawClient: Sendable {
    public let user: String
    public let password: String
    public let caFile: String?
    /// The task list the names of `put`, `get`, `delete` and `list` are in.
    public let collection: URL

    /// What the server answered.
    public struct Response: Sendable {
        public var status: Int
        /// The header fields, their names in lower case (the last of a repeated one).
        public var headers: [String: String]
        public var body: Data

        public var text: String { String(decoding: body, as: UTF8.self) }
        public var etag: String? { headers["etag"] }
    }

    /// One resource of the task list: its name in the collection and its ETag.
    public struct Resource: Sendable, Equatable, CustomStringConvertible {
        public var name: String
        public var etag: String

        public var description: String { "\(name) \(etag)" }

        public init(name: String, etag: String) {
            self.name = name
            self.etag = etag
        }
    }

    /// The answer was not the multistatus a listing expects.
    public struct UnexpectedAnswer: Error, CustomStringConvertible {
        public var response: Response
        public var description: String { "unexpected answer \(response.status): \(response.text)" }
    }

    /// Sends `method` to `url` with `body` and the extra `headers`; follows no redirect. Throws
    /// `ChildProcess.Failed` when curl gets no answer (no connection, a certificate refused; with
    /// `seconds`, none within that time: status 28).
    public func request(_ method: String, _ url: URL, body: Data? = nil, headers: [String: String] = [:],
                        seconds: Double? = nil) async throws -> Response {
        let files = try TemporaryFolder()
        // Quoted as curl's config reads it: a backslash and a double quote escaped.
        let credentials = "\(user):\(password)".replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        guard FileManager.default.createFile(atPath: files.file("config"), contents: Data("user = \"\(credentials)\"\n".utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: files.file("config")])
        }
        var arguments = ["--silent", "--show-error", "--config", files.file("config"), "--request", method,
                         "--header", "Expect:", "--dump-header", files.file("headers"),
                         "--output", files.file("body"), "--write-out", "%{http_code}"]
        if let caFile { arguments += ["--cacert", caFile] }
        if let seconds { arguments += ["--max-time", String(seconds)] }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["--header", "\(name): \(value)"] }
        if let body {
            try body.write(to: URL(fileURLWithPath: files.file("request")))
            arguments += ["--data-binary", "@" + files.file("request")]
        }
        let finished = try await ChildProcess.capture("/usr/bin/curl", arguments + [url.absoluteString])
        guard finished.status == 0, let status = Int(finished.text) else {
            throw ChildProcess.Failed(command: "curl --request \(method) \(url.absoluteString)", status: finished.status,
                                      error: finished.error)
        }
        return Response(status: status, headers: Self.headers(files.contents(of: "headers") ?? ""),
                        body: FileManager.default.contents(atPath: files.file("body")) ?? Data())
    }

    /// PUTs `calendar` as the resource `name` of the task list; with `ifMatch` only over that ETag,
    /// with `ifNoneMatch` only where there is none yet.
    public func put(_ name: String, _ calendar: String, ifMatch: String? = nil,
                    ifNoneMatch: Bool = false) async throws -> Response {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        headers["If-Match"] = ifMatch
        if ifNoneMatch { headers["If-None-Match"] = "*" }
        return try await request("PUT", url(of: name), body: Data(calendar.utf8), headers: headers)
    }

    public func get(_ name: String) async throws -> Response {
        try await request("GET", url(of: name))
    }

    public func delete(_ name: String, ifMatch: String? = nil) async throws -> Response {
        try await request("DELETE", url(of: name), headers: ifMatch.map { ["If-Match": $0] } ?? [:])
    }

    /// The resources of the task list (PROPFIND, Depth 1), by name.
    public func list() async throws -> [Resource] {
        let response = try await propfind(collection, depth: 1, "<getetag/>")
        guard response.status == 207, let document = try? XMLDocument(data: response.body) else {
            throw UnexpectedAnswer(response: response)
        }
        let responses = (try? document.nodes(forXPath: "//*[local-name()='response']")) ?? []
        return responses.compactMap { node -> Resource? in
            let href = (try? node.nodes(forXPath: ".//*[local-name()='href']"))?.first?.stringValue ?? ""
            let etag = (try? node.nodes(forXPath: ".//*[local-name()='getetag']"))?.first?.stringValue ?? ""
            let name = (href.removingPercentEncoding ?? href).split(separator: "/").last.map(String.init) ?? ""
            // The collection lists itself first.
            return href.hasSuffix("/") ? nil : Resource(name: name, etag: etag)
        }.sorted { $0.name < $1.name }
    }

    /// PROPFIND of `properties` (elements in DAV:'s namespace, `C:` CalDAV's, `CS:` CalendarServer's)
    /// on `url` at `depth`.
    public func propfind(_ url: URL, depth: Int = 0, _ properties: String) async throws -> Response {
        let body = """
            <?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" \
            xmlns:CS="http://calendarserver.org/ns/"><prop>\(properties)</prop></propfind>
            """
        return try await request("PROPFIND", url, body: Data(body.utf8),
                                 headers: ["Depth": String(depth), "Content-Type": "application/xml; charset=utf-8"])
    }

    /// The hrefs inside every `property` element (a local name: `current-user-principal`) of a
    /// multistatus answer, or inside each `response` when `property` is `response`.
    public static func hrefs(_ property: String, in response: Response) -> [String] {
        guard let document = try? XMLDocument(data: response.body),
              let nodes = try? document.nodes(forXPath: "//*[local-name()='\(property)']/*[local-name()='href']")
        else { return [] }
        return nodes.compactMap(\.stringValue)
    }

    /// The URL of `name` in the task list.
    public func url(of name: String) -> URL {
        collection.appendingPathComponent(name)
    }

    /// The fields of the last header block of curl's `--dump-header` file.
    private static func headers(_ dump: String) -> [String: String] {
        let block = dump.components(separatedBy: "\r\n\r\n").last { !$0.isEmpty } ?? ""
        var fields: [String: String] = [:]
        for line in block.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}
