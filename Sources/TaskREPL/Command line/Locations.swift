/// Where the program keeps its files, from the command line, the environment and the XDG
/// base-directory rules (a relative `XDG_*` path is ignored, as the specification asks).
struct Locations {
    /// Reads an environment variable.
    var environment: (String) -> String? = Posix.environment
    /// The user's home folder.
    var homeFolder: () -> String? = Posix.homeFolder

    /// The database: `--db`, else `$TASKS_DB`, else `$XDG_DATA_HOME/tasks/tasks.sqlite`,
    /// else `~/.local/share/tasks/tasks.sqlite`; nil when there is no home folder to fall back on.
    func databasePath(option: String?) -> String? {
        if let option { return option }
        if let path = environment("TASKS_DB"), !path.isEmpty { return path }
        return folder(variable: "XDG_DATA_HOME", fallback: ".local/share").map { $0 + "/tasks/tasks.sqlite" }
    }

    /// The REPL's history: `$XDG_STATE_HOME/tasks/history`, else `~/.local/state/tasks/history`.
    func historyPath() -> String? {
        folder(variable: "XDG_STATE_HOME", fallback: ".local/state").map { $0 + "/tasks/history" }
    }

    private func folder(variable: String, fallback: String) -> String? {
        if let folder = environment(variable), folder.hasPrefix("/") { return folder }
        return homeFolder().map { $0 + "/" + fallback }
    }
}
