import Foundation
import Synchronization

/// A PostgreSQL server for the tests, from `Tests/postgres-server.sh`: a private data folder and Unix
/// socket, run as the `postgres` user when the tests run as root. `make test` starts one and names
/// its folder in `TASKS_TEST_PGHOST`; without it, the first test that needs a server starts one for
/// the test process, stopped when the process exits. Tests that restart or stop a server start
/// their own (`start()`).
///
/// Every test gets a database of its own (`makeDatabase`). The roles: `postgres` (superuser),
/// `alice` and `bob` (trusted, like `postgres`), `carol` (password `carol-secret`, asked for) and
/// `dave` (granted nothing).
public final class PostgresTestServer: Sendable {
    /// The server's folder: its Unix socket's (libpq's `host`).
    public let folder: String
    private let owned: Bool

    /// `carol`'s password.
    public static let carolsPassword = "carol-secret"

    /// The server the tests share.
    public static func shared() throws -> PostgresTestServer {
        try sharedServer.get()
    }

    private static let sharedServer = Result<PostgresTestServer, Error> {
        let server: PostgresTestServer
        if let folder = ProcessInfo.processInfo.environment["TASKS_TEST_PGHOST"], !folder.isEmpty {
            server = PostgresTestServer(folder: folder, owned: false)
        } else {
            server = try start()
            startedForThisProcess.withLock { $0 = server.folder }
            atexit { startedForThisProcess.withLock { $0 }.map(PostgresTestServer.stop(folder:)) }
        }
        try server.makeRoles()
        return server
    }

    private static let startedForThisProcess = Mutex<String?>(nil)

    private init(folder: String, owned: Bool) {
        self.folder = folder
        self.owned = owned
    }

    /// Starts a server of the caller's own, stopped and removed when this value goes away.
    public static func start() throws -> PostgresTestServer {
        let folder = try script("start").trimmingCharacters(in: .whitespacesAndNewlines)
        return PostgresTestServer(folder: folder, owned: true)
    }

    deinit {
        if owned { Self.stop(folder: folder) }
    }

    /// Restarts the server: every connection to it is cut.
    public func restart() throws {
        try Self.script("restart", folder)
    }

    /// Stops the server at once, as a crash would (`pg_ctl stop -m immediate`): every connection is
    /// cut and nothing is written on the way out. The data is kept for `resume()`.
    public func halt() throws {
        try Self.script("halt", folder)
    }

    /// Starts again the server that `halt()` stopped; it recovers from its log first.
    public func resume() throws {
        try Self.script("resume", folder)
    }

    private static func stop(folder: String) {
        _ = try? script("stop", folder)
    }

    // MARK: Databases and roles

    /// A new, empty database owned by `owner`; returns its name.
    public func makeDatabase(owner: String = "postgres") throws -> String {
        let name = "tasks_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try psql("CREATE DATABASE \(name) OWNER \(owner)")
        return name
    }

    /// The connection URI of `database` as `user` (a socket folder as the host, as libpq reads it).
    public func url(database: String, user: String = "postgres", password: String? = nil) -> String {
        let credentials = user + (password.map { ":" + $0 } ?? "")
        return "postgresql://\(credentials)@/\(database)?host=\(folder)"
    }

    /// Runs `sql` through psql as `user` in `database` (stopping at the first error) and returns
    /// what it printed (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres", user: String = "postgres") throws -> String {
        try Self.run("/usr/bin/psql", ["-X", "-q", "-w", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-U", user,
                                       "-d", database, "-c", sql])
    }

    /// Gives `user` what using the list in `database` takes (after its schema was made).
    public func grantList(in database: String, to user: String) throws {
        try psql("""
            GRANT USAGE ON SCHEMA tasks TO \(user);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA tasks TO \(user);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA tasks TO \(user);
            """, database: database)
    }

    private func makeRoles() throws {
        try psql("""
            DO $$ BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'alice') THEN
                    CREATE ROLE alice LOGIN;
                    CREATE ROLE bob LOGIN;
                    CREATE ROLE carol LOGIN PASSWORD '\(Self.carolsPassword)' IN ROLE password_login;
                    CREATE ROLE dave LOGIN;
                END IF;
            END $$
            """)
    }

    // MARK: Programs

    /// A program the server's set-up ran failed.
    public struct Failed: Error, CustomStringConvertible {
        public var command: String
        public var status: Int32?
        public var error: String
        public var description: String { "\(command) exited with \(status.map(String.init) ?? "no status"): \(error)" }
    }

    /// Runs `Tests/postgres-server.sh` with `arguments`.
    @discardableResult
    private static func script(_ arguments: String...) throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("postgres-server.sh").path
        return try run("/bin/sh", [script] + arguments)
    }

    /// Runs `path` with `arguments` and returns its standard output; throws when it fails.
    private static func run(_ path: String, _ arguments: [String]) throws -> String {
        let id = UUID().uuidString
        let output = NSTemporaryDirectory() + "tasks-pg-out-" + id
        let error = NSTemporaryDirectory() + "tasks-pg-err-" + id
        defer { [output, error].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        // psql waits for no statement, nor a connection, for ever: it would hold its test, and the run.
        var environment = ProcessInfo.processInfo.environment
        environment["PGCONNECT_TIMEOUT"] = "60"
        environment["PGOPTIONS"] = "-c statement_timeout=120s"
        let status = ChildProcess.runBlocking(path, arguments, environment: environment, output: output, error: error)
        let read = { (file: String) in FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        guard status == 0 else {
            throw Failed(command: ([path] + arguments).joined(separator: " "), status: status, error: read(error))
        }
        return read(output)
    }
}
