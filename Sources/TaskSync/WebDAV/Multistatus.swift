import Foundation

/// A WebDAV `multistatus` (RFC 4918 §13): for each resource named, its status and the properties
/// found; and, for a `sync-collection` report (RFC 6578), the new sync token.
struct Multistatus: Sendable {
    struct Response: Sendable {
        /// The `href` as the server wrote it (percent-encoded path, or a whole URL).
        var href: String
        /// The status of the resource itself (a removed member in a sync report: 404), when given.
        var status: Int?
        /// The properties found (`propstat` with a 2xx status), by local name within DAV: and CalDAV.
        var properties: [DAVElement]

        func property(_ namespace: String, _ name: String) -> DAVElement? {
            properties.first { $0.name == name && $0.namespace == namespace }
        }

        var etag: String? { property(DAVElement.dav, "getetag").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) } }
    }

    var responses: [Response]
    var syncToken: String?

    init(_ bytes: [UInt8]) throws(SyncError) {
        let root = try DAVElement.parse(bytes)
        guard root.namespace == DAVElement.dav, root.name == "multistatus" else {
            throw .malformedAnswer("no multistatus in the answer")
        }
        responses = root.children(DAVElement.dav, "response").compactMap { response in
            guard let href = response.child(DAVElement.dav, "href")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                  !href.isEmpty else { return nil }
            let found = response.children(DAVElement.dav, "propstat").filter { Self.code($0.child(DAVElement.dav, "status")?.text).map { (200..<300).contains($0) } ?? false }
            return Response(href: href, status: Self.code(response.child(DAVElement.dav, "status")?.text),
                            properties: found.flatMap { $0.child(DAVElement.dav, "prop")?.children ?? [] })
        }
        syncToken = root.child(DAVElement.dav, "sync-token")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The code of a status line (`HTTP/1.1 404 Not Found`).
    private static func code(_ line: String?) -> Int? {
        guard let parts = line?.split(separator: " "), parts.count >= 2 else { return nil }
        return Int(parts[1])
    }
}
