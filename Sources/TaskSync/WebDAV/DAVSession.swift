import Foundation

/// The WebDAV and CalDAV requests a sync makes, over one `HTTPTransport`: each answer's status is
/// checked here, so that callers see a multistatus, a resource, or a `SyncError`.
struct DAVSession {
    let transport: HTTPTransport
    /// Whether the requests carry a password (a 401 then means it was refused, not missing).
    let hasPassword: Bool
    /// Whether a user name goes with it (a password refused without one wanted a name).
    let hasUser: Bool

    /// A session with the server of `url`, its requests carrying `credentials`, each one failing
    /// when the server sends nothing for `patience` seconds.
    init(credentials: Credentials, for url: URL, patience: TimeInterval, environment: [String: String]) {
        transport = HTTPTransport(authorization: credentials.authorization, for: url, patience: patience, environment: environment)
        hasPassword = credentials.password != nil
        hasUser = credentials.user?.isEmpty == false
    }

    /// A `PROPFIND` of `properties` (`<d:getetag/>`…) at `url`; `depth` 0 or 1. Its answer may hold
    /// `limit` bytes: a few properties (discovery's) unless a whole list's members are asked for.
    func propfind(_ url: URL, depth: Int, properties: String,
                  limit: Int = HTTPTransport.smallLimit) throws(SyncError) -> (Multistatus, URL) {
        let body = DAVBodies.document("<d:propfind \(DAVBodies.namespaces)><d:prop>\(properties)</d:prop></d:propfind>")
        return try followingRedirects(url) { url throws(SyncError) in
            try transport.send("PROPFIND", url, headers: [("Depth", String(depth)), DAVBodies.xmlType], body: body, limit: limit)
        }
    }

    /// A `REPORT` with `body` at `url` (a whole list's changes or data: `HTTPTransport.listLimit`);
    /// nil when the server does not do this report (its 403, 405, 501).
    func report(_ url: URL, depth: Int, body: String) throws(SyncError) -> Multistatus? {
        try report(beginReport(url, depth: depth, body: body))
    }

    /// The `REPORT` of `report(_:depth:body:)`, sent; `report(_:)` reads its answer.
    func beginReport(_ url: URL, depth: Int, body: String) throws(SyncError) -> HTTPTransport.Pending {
        try transport.begin("REPORT", url, headers: [("Depth", String(depth)), DAVBodies.xmlType],
                            body: DAVBodies.document(body), limit: HTTPTransport.listLimit)
    }

    /// The answer of a `REPORT` `beginReport` sent, as `report(_:depth:body:)` gives it.
    func report(_ pending: HTTPTransport.Pending) throws(SyncError) -> Multistatus? {
        let answer = try transport.answer(pending)
        if [400, 403, 405, 409, 415, 501].contains(answer.status) { return nil }
        try check(answer, "REPORT", pending.url)
        return try Multistatus(answer.body)
    }

    /// Throws the error a failed answer stands for.
    func check(_ answer: HTTPAnswer, _ method: String, _ url: URL) throws(SyncError) {
        switch answer.status {
        case 200..<300: return
        case 401 where hasPassword && !hasUser: throw .noUserName(host: url.host ?? "")
        case 401: throw .unauthorized(host: url.host ?? "", hadPassword: hasPassword)
        default: throw .status(answer.status, method: method, path: url.path)
        }
    }

    /// Sends the request `send` makes for `url`, following up to five redirects (discovery's
    /// `/.well-known/caldav` is one); the multistatus and the URL it came from.
    private func followingRedirects(_ start: URL, _ send: (URL) throws(SyncError) -> HTTPAnswer) throws(SyncError) -> (Multistatus, URL) {
        var url = start
        for _ in 0..<6 {
            let answer = try send(url)
            if [301, 302, 303, 307, 308].contains(answer.status), let location = answer.header("Location"),
               let next = URL(string: location, relativeTo: url)?.absoluteURL {
                // Credentials are for the server named: a redirect to another one is not followed.
                guard next.host == url.host, next.scheme == url.scheme || next.scheme == "https" else {
                    throw .status(answer.status, method: "PROPFIND", path: url.path)
                }
                url = next
                continue
            }
            try check(answer, "PROPFIND", url)
            return (try Multistatus(answer.body), url)
        }
        throw .malformedAnswer("too many redirects")
    }
}

/// The XML bodies of the requests.
enum DAVBodies {
    static let namespaces = #"xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/""#
    static let xmlType = ("Content-Type", "application/xml; charset=utf-8")

    static func document(_ body: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + body).utf8)
    }

    /// XML text with `&`, `<`, `>` escaped (hrefs and tokens go in element content).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// RFC 6578: what changed since `token` (every member for none), with ETags, and with
    /// `withData` each member's data, as a `calendar-multiget` would give it.
    static func syncCollection(token: String?, withData: Bool = false) -> String {
        "<d:sync-collection \(namespaces)><d:sync-token>\(escaped(token ?? ""))</d:sync-token>"
            + "<d:sync-level>1</d:sync-level><d:prop><d:getetag/>\(withData ? "<c:calendar-data/>" : "")</d:prop></d:sync-collection>"
    }

    /// RFC 4791 §7.9: the data and ETags of the resources `hrefs` names.
    static func multiget(_ hrefs: [String]) -> String {
        "<c:calendar-multiget \(namespaces)><d:prop><d:getetag/><c:calendar-data/></d:prop>"
            + hrefs.map { "<d:href>\(escaped($0))</d:href>" }.joined() + "</c:calendar-multiget>"
    }
}
