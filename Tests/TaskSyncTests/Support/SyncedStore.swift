import Foundation
import TaskTestSupport

/// A store of the built `tasks` beside one of the private CalDAV servers: its own folder (home, XDG
/// folders, `tasks.sqlite`), alice's password in its `~/.netrc`, the server's CA trusted through
/// `SSL_CERT_FILE` when it speaks HTTPS. Commands run as one-shot `tasks --quiet …`.
final class SyncedStore: Sendable {
    let server: CalDAVTestServer
    let folder: TemporaryFolder
    /// Whether `tasks` is told to trust the server's private CA.
    let trusting: Bool

    /// A new store for `server`, with the password in `~/.netrc` unless `netrc` is false.
    init(_ server: CalDAVTestServer, netrc: Bool = true, trusting: Bool = true) throws {
        self.server = server
        self.trusting = trusting
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: true)
        if netrc { try writeNetrc(password: server.password) }
    }

    /// The line a failed `sync ADDRESS…` says in one-shot mode: the command as typed (its first 60
    /// characters), then the reason; the command is `sync` alone when the line would pass 80 columns.
    static func failure(_ typed: String, _ reason: String) -> String {
        let shown = typed.count > 60 ? String(typed.prefix(59)) + "…" : typed
        return (shown.count + 2 + reason.count > 80 ? "sync" : shown) + ": " + reason + "\n"
    }

    /// A store holding `script`'s tasks, paired with a new server of `kind` (its tasks sent there).
    static func paired(_ kind: CalDAVTestServer.Kind, _ script: String) async throws -> SyncedStore {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        try await store.script(script)
        try await store.pair()
        return store
    }

    /// Writes `~/.netrc` with that password for alice on 127.0.0.1 (and `extra` lines).
    func writeNetrc(password: String, _ extra: String = "") throws {
        let entry = "machine 127.0.0.1 login \(server.user) password \(password)\n" + extra
        try? FileManager.default.removeItem(atPath: folder.file("home/.netrc"))
        guard FileManager.default.createFile(atPath: folder.file("home/.netrc"), contents: Data(entry.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.file("home/.netrc")])
        }
    }

    /// The environment `tasks` runs in: the server's CA trusted (unless not `trusting`), and `extra`.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        (trusting ? server.trustEnvironment : [:]).merging(extra) { $1 }
    }

    /// Runs `tasks --quiet ARGUMENTS` (a one-shot command, no list printed after it).
    func run(_ arguments: String..., environment extra: [String: String] = [:]) async throws -> ProgramRun {
        try await run(arguments, environment: extra)
    }

    func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ProgramRun {
        try await ProgramRun(["--quiet"] + arguments, in: folder, environment: environment(extra))
    }

    /// Runs `tasks ARGUMENTS` and returns the list it prints after the command.
    func list(_ arguments: String...) async throws -> String {
        try await ProgramRun(arguments.isEmpty ? ["list"] : arguments, in: folder, environment: environment()).output
    }

    /// Runs the lines of `script` piped (one transaction); fails unless they all worked.
    func script(_ script: String) async throws {
        let run = try await ProgramRun(["--quiet"], input: script, in: folder, environment: environment())
        guard run == ProgramRun() else { throw ChildProcess.Failed(command: "tasks < script", status: run.status, error: run.description) }
    }

    /// The whole store as JSON (every field of every task): to compare before and after a failure.
    func export() async throws -> String {
        let run = try await ProgramRun(["--quiet", "export", "--format", "json"], in: folder, environment: environment())
        guard run.status == 0 else { throw ChildProcess.Failed(command: "tasks export", status: run.status, error: run.error) }
        return run.output
    }

    /// `sync --status` without the line that says when the last sync failed, and whether it said so.
    func statusWithoutFailure() async throws -> (status: String, saysFailed: Bool) {
        let status = try await run("sync", "--status").output
        let without = status.replacing(/last sync failed \d{4}-\d\d-\d\d \d\d:\d\d: run sync to see why\n/, with: "")
        return (without, without != status)
    }

    /// `sync URL` on the server's task list, which must work.
    func pair(_ address: URL? = nil) async throws {
        let run = try await run("sync", (address ?? server.collection).absoluteString)
        guard run.status == 0 else { throw ChildProcess.Failed(command: "tasks sync", status: run.status, error: run.description) }
    }

    /// The calendars of the task list's resources, by name, as the server holds them.
    func remote() async throws -> [String: String] {
        let client = server.client()
        var calendars: [String: String] = [:]
        for resource in try await client.list() { calendars[resource.name] = try await client.get(resource.name).text }
        return calendars
    }

    /// The first line in `calendar` that starts with `name` (`SUMMARY:`), without its line end.
    static func line(_ name: String, in calendar: String) -> String? {
        calendar.components(separatedBy: "\r\n").first { $0.hasPrefix(name) }
    }

    /// A VCALENDAR holding one VTODO with `uid` and the content lines `lines` (CRLF-terminated).
    static func vtodo(uid: String, _ lines: String...) -> String { vtodo(uid: uid, lines: lines) }

    static func vtodo(uid: String, lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tasks tests//EN", "BEGIN:VTODO", "UID:\(uid)",
          "DTSTAMP:20261125T120000Z"] + lines + ["END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }
}
