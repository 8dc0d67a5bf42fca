import Foundation

/// Where the built `tasks` executable is: `$TASKS_BINARY`, else next to the running test bundle
/// (`.build/<triple>/debug/`), where `swift build --product tasks` (or `swift test`) puts it.
public enum TasksBinary {
    /// The executable's path.
    public static let path: String = {
        if let path = ProcessInfo.processInfo.environment["TASKS_BINARY"], !path.isEmpty { return path }
        let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testExecutable.deletingLastPathComponent().appendingPathComponent("tasks").path
    }()

    /// The executable is missing: it has to be built before the tests run.
    public struct NotBuilt: Error, CustomStringConvertible {
        public var description: String {
            "no executable at \(TasksBinary.path): run `swift build --product tasks` first (`make test` does)"
        }
    }

    /// Whether the executable is linked statically (no program interpreter, `PT_INTERP`, in its ELF
    /// header): valgrind cannot follow the allocations of such a one, and reports the C library's own.
    public static let isStaticallyLinked: Bool = {
        guard let bytes = FileManager.default.contents(atPath: path), bytes.count > 64 else { return false }
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } // little-endian ELF64
        }
        let (headers, entrySize, count) = (integer(32, 8), integer(54, 2), integer(56, 2))
        return !(0..<count).contains { index in
            let offset = headers + index * entrySize
            return offset + 4 <= bytes.count && integer(offset, 4) == 3 // PT_INTERP
        }
    }()

    /// Throws `NotBuilt` when there is no executable at `path`.
    public static func checkBuilt() throws {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw NotBuilt() }
    }

    /// The environment the program runs in: a private home and XDG folders inside `folder`,
    /// no locale (the program falls back to C.UTF-8 itself), no colour settings, days in UTC
    /// whatever the machine's zone, plus `extra`.
    public static func environment(in folder: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin",
            "TZ": "UTC",
            "HOME": folder.file("home"),
            "XDG_DATA_HOME": folder.file("data"),
            "XDG_STATE_HOME": folder.file("state"),
        ]
        environment.merge(extra) { $1 }
        return environment
    }
}
