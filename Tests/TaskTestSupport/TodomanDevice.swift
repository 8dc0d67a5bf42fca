import Foundation

/// The other device of the sync tests: todoman (`/usr/bin/todoman`) over a local folder that
/// vdirsyncer (`/usr/bin/vdirsyncer`) keeps in step with a CalDAV server, as a person would set them
/// up, each configured in a private folder (its own HOME and XDG folders, UTC).
///
/// vdirsyncer finds the task list itself, from the server's root (current-user-principal, then
/// calendar-home-set), as `tasks`; its password comes from a file through `password.fetch`, never
/// on a command line. todoman gives new tasks no due date.
public final class TodomanDevice: Sendable {
    private let home: TemporaryFolder

    /// A todoman task as `todoman --porcelain list` shows it (the fields the tests look at).
    public struct Item: Sendable, Equatable, Decodable, CustomStringConvertible {
        /// todoman's own number for it (its cache's), what `todo done N` takes.
        public var id: Int
        public var summary: String
        public var completed: Bool
        /// Seconds since 1970, or nil.
        public var due: Int?

        public init(id: Int, summary: String, completed: Bool, due: Int? = nil) {
            self.id = id
            self.summary = summary
            self.completed = completed
            self.due = due
        }

        public var description: String { "\(id) \(completed ? "[x]" : "[ ]") \(summary)" + (due.map { " due \($0)" } ?? "") }
    }

    /// Sets up the device for `server`'s task list and runs `vdirsyncer discover`.
    public init(server: CalDAVTestServer) async throws {
        home = try TemporaryFolder()
        for folder in ["calendars/tasks", "status", "config", "cache", "data"] {
            try FileManager.default.createDirectory(atPath: home.file(folder), withIntermediateDirectories: true)
        }
        guard FileManager.default.createFile(atPath: home.file("password"), contents: Data((server.password + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: home.file("password")])
        }
        // The local folder of the list is made here, so that `discover` has nothing to ask.
        let verify = server.caFile.map { "verify = \"\($0)\"\n" } ?? ""
        try Data("""
            [general]
            status_path = "\(home.file("status"))/"

            [pair tasks]
            a = "tasks_local"
            b = "tasks_remote"
            collections = ["from b"]

            [storage tasks_local]
            type = "filesystem"
            path = "\(home.file("calendars"))/"
            fileext = ".ics"

            [storage tasks_remote]
            type = "caldav"
            url = "\(server.origin.absoluteString)"
            username = "\(server.user)"
            password.fetch = ["command", "cat", "\(home.file("password"))"]
            item_types = ["VTODO"]
            \(verify)
            """.utf8).write(to: URL(fileURLWithPath: home.file("vdirsyncer.conf")))
        try Data("""
            path = "\(home.file("calendars"))/*"
            cache_path = "\(home.file("cache"))/todoman.sqlite3"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            humanize = False
            default_list = "tasks"
            default_due = 0

            """.utf8).write(to: URL(fileURLWithPath: home.file("todoman.py")))
        try await run("/usr/bin/vdirsyncer", ["discover"])
    }

    /// `vdirsyncer sync`: the local folder and the server in step, both ways.
    public func sync() async throws {
        try await run("/usr/bin/vdirsyncer", ["sync"])
    }

    /// Runs `todoman ARGUMENTS` and returns its standard output.
    @discardableResult
    public func todo(_ arguments: String...) async throws -> String {
        try await todo(arguments)
    }

    /// Runs `todoman ARGUMENTS` and returns its standard output.
    @discardableResult
    public func todo(_ arguments: [String]) async throws -> String {
        try await run("/usr/bin/todoman", arguments)
    }

    /// `todoman edit --raw ID` with a `sed` script as the editor (todoman's own options cannot change
    /// a summary or categories): edits the task's file as a person would in a text editor.
    public func editRaw(_ id: Int, sed script: String) async throws {
        let quoted = "'" + script.replacingOccurrences(of: "'", with: "'\\''") + "'"
        try await run("/usr/bin/todoman", ["edit", "--raw", String(id)], environment: ["EDITOR": "sed -i -e " + quoted])
    }

    /// Every task of the list, done ones too, in todoman's order.
    public func items() async throws -> [Item] {
        let output = try await run("/usr/bin/todoman", ["--porcelain", "list", "--status", "ANY"])
        return try JSONDecoder().decode([Item].self, from: Data(output.utf8))
    }

    /// The files of the local copy of the list (what vdirsyncer last brought or is to send).
    public func localFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: home.file("calendars/tasks")).sorted()
    }

    @discardableResult
    private func run(_ path: String, _ arguments: [String], environment extra: [String: String] = [:]) async throws -> String {
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8", "TZ": "UTC",
            "XDG_CONFIG_HOME": home.file("config"), "XDG_CACHE_HOME": home.file("cache"),
            "XDG_DATA_HOME": home.file("data"),
            "VDIRSYNCER_CONFIG": home.file("vdirsyncer.conf"), "TODOMAN_CONFIG": home.file("todoman.py"),
        ]
        environment.merge(extra) { $1 }
        let finished = try await ChildProcess.capture(path, arguments, environment: environment)
        guard finished.status == 0 else {
            throw ChildProcess.Failed(command: ([path] + arguments).joined(separator: " "), status: finished.status,
                         error: finished.error + finished.text)
        }
        return finished.text
    }
}
