import TaskSync
import TaskSystem

/// Where the program keeps its files, from the command line, the environment and the XDG
/// base-directory rules (a relative `XDG_*` path is ignored, as the specification asks).
enum Locations {
    /// The database: `--db`, else `$TASKS_DB`, else `$XDG_DATA_HOME/tasks/tasks.sqlite`,
    /// else `~/.local/share/tasks/tasks.sqlite`; nil when there is no home folder to fall back on.
    static func databasePath(option: String?) -> String? {
        if let option { return option }
        if let path = Posix.environment("TASKS_DB"), !path.isEmpty { return path }
        return folder(variable: "XDG_DATA_HOME", fallback: ".local/share").map { $0 + "/tasks/tasks.sqlite" }
    }

    /// The REPL's history: `$XDG_STATE_HOME/tasks/history`, else `~/.local/state/tasks/history`.
    static func historyPath() -> String? {
        folder(variable: "XDG_STATE_HOME", fallback: ".local/state").map { $0 + "/tasks/history" }
    }

    /// Where a list's CalDAV pairing is kept: beside an SQLite file (`tasks.sqlite.caldav`), so
    /// that it goes where the file goes; for a shared list, which each machine pairs for itself,
    /// `$XDG_STATE_HOME/tasks/caldav-HASH` (HASH of its address without the password).
    static func syncStatePath(store location: String, isShared: Bool) -> String {
        guard isShared else { return location + ".caldav" }
        var hash = StableHash()
        hash.add(location)
        let folder = folder(variable: "XDG_STATE_HOME", fallback: ".local/state") ?? "."
        return folder + "/tasks/caldav-" + String(hash.value, radix: 16)
    }

    /// How often, in seconds, an idle prompt on a paired list syncs: `$TASKS_SYNC_INTERVAL`
    /// (at least 1), else a minute.
    static func syncInterval() -> Double {
        Posix.environment("TASKS_SYNC_INTERVAL").flatMap(Double.init).map { max($0, 1) } ?? 60
    }

    private static func folder(variable: String, fallback: String) -> String? {
        if let folder = Posix.environment(variable), folder.hasPrefix("/") { return folder }
        return Posix.homeFolder().map { $0 + "/" + fallback }
    }
}
