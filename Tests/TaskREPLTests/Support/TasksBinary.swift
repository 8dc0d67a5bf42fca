import Foundation
import TaskTestSupport

/// Where the built `tasks` executable is: `$TASKS_BINARY`, else next to the running test bundle
/// (`.build/<triple>/debug/`), where `swift build --product tasks` (or `swift test`) puts it.
enum TasksBinary {
    /// The executable's path.
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["TASKS_BINARY"], !path.isEmpty { return path }
        let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testExecutable.deletingLastPathComponent().appendingPathComponent("tasks").path
    }()

    /// The executable is missing: it has to be built before the tests run.
    struct NotBuilt: Error, CustomStringConvertible {
        var description: String {
            "no executable at \(TasksBinary.path): run `swift build --product tasks` first (`make test` does)"
        }
    }

    /// Throws `NotBuilt` when there is no executable at `path`.
    static func checkBuilt() throws {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw NotBuilt() }
    }

    /// The environment the program runs in: a private home and XDG folders inside `folder`,
    /// no locale (the program falls back to C.UTF-8 itself), no colour settings, plus `extra`.
    static func environment(in folder: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": folder.file("home"),
            "XDG_DATA_HOME": folder.file("data"),
            "XDG_STATE_HOME": folder.file("state"),
        ]
        environment.merge(extra) { $1 }
        return environment
    }
}
