import Foundation

/// What changed in a task list on the server since the last sync: by `sync-collection` (RFC 6578)
/// when the server has it, else by listing every member's ETag; then the changed members' data
/// (unless the sync report gave it) by `calendar-multiget`, a few hundred at a time.
struct RemoteChanges {
    /// A member that is new or changed, by the ETag listed, and its data when the answer gave it.
    struct Member: Sendable {
        var href: String
        var etag: String?
        var data: [UInt8]? = nil
    }

    var changed: [Member] = []
    /// Members reported removed (a 404 in the sync report).
    var removed: [String] = []
    /// Whether `changed` names every member (a first sync, or a listing): a member known from the
    /// last sync and not named is then removed.
    var isComplete: Bool
    /// The token to ask from next time; nil when the server has none.
    var token: String?

    /// The first question `since` asks, sent ahead (`ask`) so that the list is read while the
    /// server answers: what changed since the token, with the data of each change.
    struct Question: Sendable {
        let token: String
        let pending: HTTPTransport.Pending
    }

    /// Sends the question `since(token, …)` asks first; nil when it has no token to ask with.
    static func ask(since token: String?, in collection: URL, session: DAVSession) throws(SyncError) -> Question? {
        guard let token else { return nil }
        let body = DAVBodies.syncCollection(token: token, withData: true)
        return Question(token: token, pending: try session.beginReport(collection, depth: 0, body: body))
    }

    /// What changed since `token`, by the question `asked` sent when it asked with that token.
    /// With a token, the changes come with their data (one request where a sync of one task changed
    /// on the server made two); an answer with data that cannot be read (XML that a change's data
    /// broke, an answer past the limit, a refusal) is asked again without it, and the data fetched
    /// by `fetch`.
    static func since(_ token: String?, in collection: URL, session: DAVSession,
                      asked: Question? = nil) throws(SyncError) -> RemoteChanges {
        if let token {
            do throws(SyncError) {
                let pending: HTTPTransport.Pending
                if let asked, asked.token == token {
                    pending = asked.pending
                } else {
                    pending = try session.beginReport(collection, depth: 0, body: DAVBodies.syncCollection(token: token, withData: true))
                }
                if let changes = try changes(in: session.report(pending), collection: collection) { return changes }
            } catch {
                switch error {
                case .malformedAnswer, .responseTooLarge, .status: break
                default: throw error
                }
            }
            do throws(SyncError) {
                let body = DAVBodies.syncCollection(token: token)
                if let changes = try changes(in: session.report(collection, depth: 0, body: body), collection: collection) {
                    return changes
                }
            } catch {
                // A token the server no longer knows: Radicale says 403, Xandikos fails with a 500.
                guard case .status = error else { throw error }
            }
        }
        if let report = try session.report(collection, depth: 0, body: DAVBodies.syncCollection(token: nil)) {
            return RemoteChanges(report, isComplete: true, collection: collection)
        }
        let (listing, _) = try session.propfind(collection, depth: 1, properties: "<d:getetag/><d:resourcetype/>",
                                                limit: HTTPTransport.listLimit)
        var changes = RemoteChanges(isComplete: true, token: nil)
        for response in listing.responses where HrefPath.isMember(response.href, of: collection) {
            if response.property(DAVElement.dav, "resourcetype")?.children.isEmpty == false { continue }
            changes.changed.append(Member(href: response.href, etag: response.etag))
        }
        return changes
    }

    /// The changes a sync report since a token names; nil for none (the server does not do this report).
    private static func changes(in report: Multistatus?, collection: URL) throws(SyncError) -> RemoteChanges? {
        guard let report else { return nil }
        // Without the token an answer is no answer (RFC 6578 §3.8): what the last sync put that it
        // does not name would be taken for removed (a task removed here by a server that answered
        // so: found by an independent tester).
        guard report.syncToken?.isEmpty == false else { throw .malformedAnswer("a sync report without its sync-token") }
        return RemoteChanges(report, isComplete: false, collection: collection)
    }

    private init(isComplete: Bool, token: String?) {
        self.isComplete = isComplete
        self.token = token
    }

    private init(_ report: Multistatus, isComplete: Bool, collection: URL) {
        self.init(isComplete: isComplete, token: report.syncToken)
        for response in report.responses where HrefPath.isMember(response.href, of: collection) {
            if response.status == 404 {
                removed.append(response.href)
            } else {
                let data = response.property(DAVElement.caldav, "calendar-data")?.text
                changed.append(Member(href: response.href, etag: response.etag, data: data?.isEmpty == false ? data.map { Array($0.utf8) } : nil))
            }
        }
    }

    /// A member's data as fetched: its bytes, not yet read; or, for `data` nil, the status that
    /// fetching it alone was answered with.
    struct Resource: Sendable {
        var href: String
        var etag: String?
        var data: [UInt8]?
        var status = 200
    }

    /// The data and ETags of `members`, a few hundred at a time by `calendar-multiget`. A batch whose
    /// answer cannot be read (one member's data that XML cannot carry makes Radicale write XML that
    /// does not parse) or is refused is fetched again one member at a time, by `GET`: one member
    /// the server cannot serve is then skipped, not every other with it. A member not there (404)
    /// is left out.
    static func fetch(_ members: [Member], from collection: URL, session: DAVSession) throws(SyncError) -> [Resource] {
        var fetched: [Resource] = []
        var start = 0
        while start < members.count {
            let batch = members[start..<min(start + 250, members.count)]
            start += batch.count
            let report: Multistatus?
            do {
                report = try session.report(collection, depth: 1, body: DAVBodies.multiget(batch.map(\.href)))
            } catch {
                switch error {
                case .malformedAnswer, .status: report = nil
                default: throw error
                }
            }
            guard let report else {
                fetched += try each(batch, from: collection, session: session)
                continue
            }
            var given: Set<String> = []
            for response in report.responses where HrefPath.isMember(response.href, of: collection) {
                guard let data = response.property(DAVElement.caldav, "calendar-data")?.text else { continue }
                fetched.append(Resource(href: response.href, etag: response.etag, data: Array(data.utf8)))
                given.insert(HrefPath.of(response.href, in: collection))
            }
            // A member the answer gives no data of is asked for alone: Xandikos answers 404 for one
            // whose name holds a `?` or a `#`, which a GET serves, and it was left out without a
            // word (found by an independent tester); one the last sync wrote, not named since, was
            // taken for removed there, and removed here (found by another).
            let missing = batch.filter { !given.contains(HrefPath.of($0.href, in: collection)) }
            if !missing.isEmpty { fetched += try each(missing[...], from: collection, session: session) }
        }
        return fetched
    }

    /// `members` fetched one by one (a few in flight at once): each body is the resource itself. One
    /// gone meanwhile (404) is left out: the next sync finds it removed.
    private static func each(_ members: ArraySlice<Member>, from collection: URL, session: DAVSession) throws(SyncError) -> [Resource] {
        let urls = members.map { SyncRun.url($0.href, in: collection) }
        let answers = try session.transport.sendAll(urls.map { ("GET", $0, [], nil) }, limit: HTTPTransport.listLimit)
        var fetched: [Resource] = []
        for (member, (url, answer)) in zip(members, zip(urls, answers)) where answer.status != 404 {
            if answer.status == 401 { try session.check(answer, "GET", url) }
            let isData = (200..<300).contains(answer.status)
            fetched.append(Resource(href: member.href, etag: isData ? answer.header("ETag") : nil,
                                    data: isData ? answer.body : nil, status: answer.status))
        }
        return fetched
    }
}

/// A resource's path, percent-decoded, so that hrefs written differently (`%40` or `@`, a whole
/// URL or a path) compare equal.
enum HrefPath {
    static func of(_ href: String, in collection: URL) -> String {
        if let path = plain(href) { return path }
        return resolved(href, in: collection)
    }

    /// The path of `href` as a URL parser resolves it against `collection`.
    static func resolved(_ href: String, in collection: URL) -> String {
        let url = URL(string: href, relativeTo: collection)?.absoluteURL
        let path = url?.path(percentEncoded: false) ?? href
        return path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }

    /// `href`'s path without parsing a URL when it is already one, as the hrefs of tasks's own
    /// writes and most servers' answers are: an absolute path of ASCII letters, digits and `-._~`
    /// only, no empty, `.` or `..` segment; nil for any other (parsing each member's href took 3 ms
    /// of a sync of 1,000 tasks).
    static func plain(_ href: String) -> String? {
        var bytes = href.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return nil }
        // The current segment's length, and whether it holds only dots so far.
        var length = 0
        var dots = true
        while true {
            let byte = bytes.next()
            if byte == nil || byte == UInt8(ascii: "/") {
                if dots && length <= 2 && (length > 0 || byte != nil) { return nil }
                guard byte != nil else { break }
                (length, dots) = (0, true)
                continue
            }
            guard let byte, isUnreserved(byte) else { return nil }
            length += 1
            if byte != UInt8(ascii: ".") { dots = false }
        }
        return href.utf8.count > 1 && href.utf8.last == UInt8(ascii: "/") ? String(href.dropLast()) : href
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// Whether `href` names a resource inside `collection`, on its server: a member an answer names
    /// anywhere else (another host, another folder) is not the list's, and is neither read nor
    /// written (a write there would carry the password elsewhere).
    static func isMember(_ href: String, of collection: URL) -> Bool {
        guard let url = URL(string: href, relativeTo: collection)?.absoluteURL, sameServer(url, collection) else { return false }
        let folder = of(collection.absoluteString, in: collection)
        let path = of(href, in: collection)
        return path != folder && path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// Whether two addresses are on one server: scheme, host and port (the scheme's own when none is written).
    static func sameServer(_ first: URL, _ second: URL) -> Bool {
        func server(_ url: URL) -> (String?, String?, Int?) {
            let scheme = url.scheme?.lowercased()
            return (scheme, url.host?.lowercased(), url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil))
        }
        return server(first) == server(second)
    }
}
