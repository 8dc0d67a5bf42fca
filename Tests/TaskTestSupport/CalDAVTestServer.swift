import Foundation

/// A CalDAV server for the sync tests, from `Tests/caldav-server.sh`: a private folder under /tmp,
/// 127.0.0.1 on a port the system chose, one user (`alice`) with a password made for this server,
/// and one task list (a calendar of VTODOs) at `collection`. Stopped and its folder removed when
/// this value goes away.
///
/// Radicale checks the password itself; Xandikos runs behind `Tests/caldav-xandikos.py`, a Basic-auth
/// wrapper; both answer a wrong one with 401. `.hostile` is `Tests/hostile-caldav.py`, whose first
/// path segment picks what it does wrong (`hostile("huge")`); it takes any password.
public final class CalDAVTestServer: Sendable {
    public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case radicale, xandikos, hostile

        public var description: String { rawValue }
    }

    public let kind: Kind
    /// The server's folder: its data, configuration, log and certificates.
    public let folder: String
    /// The task list: its collection's URL, ending in a slash. The server's root is its origin.
    public let collection: URL
    public let user: String
    public let password: String
    /// With HTTPS, the PEM file of the private CA that signed the server's certificate.
    public let caFile: String?

    /// Starts a server of `kind`, over HTTPS (its certificate signed by a CA of its own) when `https`.
    public static func start(_ kind: Kind, https: Bool = false) async throws -> CalDAVTestServer {
        let finished = try await ChildProcess.capture("/bin/sh", [script, "start", kind.rawValue] + (https ? ["--https"] : []))
        let fields = finished.text.split(separator: " ", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard finished.status == 0, fields.count == 5, let collection = URL(string: fields[1]) else {
            throw ChildProcess.Failed(command: "caldav-server.sh start \(kind)", status: finished.status,
                         error: finished.error + finished.text)
        }
        return CalDAVTestServer(kind: kind, folder: fields[0], collection: collection, user: fields[2],
                                password: fields[3], caFile: fields[4] == "-" ? nil : fields[4])
    }

    private init(kind: Kind, folder: String, collection: URL, user: String, password: String, caFile: String?) {
        self.kind = kind
        self.folder = folder
        self.collection = collection
        self.user = user
        self.password = password
        self.caFile = caFile
    }

    deinit {
        ChildProcess.runBlocking("/bin/sh", [Self.script, "stop", folder])
    }

    /// Kills the server at once, as a crash would: connections are cut, new ones refused. Its data
    /// is kept for `resume()`.
    public func halt() async throws {
        try await Self.script("halt", folder)
    }

    /// Starts again the server that `halt()` stopped, on the same port, with the same data.
    public func resume() async throws {
        try await Self.script("resume", folder)
    }

    /// The server's root: `scheme://127.0.0.1:port/`.
    public var origin: URL {
        URL(string: "/", relativeTo: collection)?.absoluteURL ?? collection
    }

    /// `path` on the server (from its root): `hostile("huge")` is the hostile server's list that
    /// answers 100 MiB.
    public func url(_ path: String) -> URL {
        URL(string: path, relativeTo: origin)?.absoluteURL ?? origin
    }

    /// The hostile server's list of that name, ending in a slash.
    public func hostile(_ name: String) -> URL { url("/\(name)/") }

    /// What a client's environment needs to trust the server: `SSL_CERT_FILE` naming its CA's file.
    public var trustEnvironment: [String: String] {
        caFile.map { ["SSL_CERT_FILE": $0] } ?? [:]
    }

    /// A client that speaks for `alice`, with her password or the one given.
    public func client(password: String? = nil) -> CalDAVRawClient {
        CalDAVRawClient(user: user, password: password ?? self.password, caFile: caFile, collection: collection)
    }

    /// The server's log so far (for a failing test's message).
    public var log: String {
        FileManager.default.contents(atPath: folder + "/server.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Runs `caldav-server.sh ARGUMENTS`; throws when it fails.
    private static func script(_ arguments: String...) async throws {
        let finished = try await ChildProcess.capture("/bin/sh", [script] + arguments)
        guard finished.status == 0 else {
            throw ChildProcess.Failed(command: "caldav-server.sh " + arguments.joined(separator: " "),
                                      status: finished.status, error: finished.error)
        }
    }

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("caldav-server.sh").path
}
