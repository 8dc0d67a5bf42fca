import Foundation

/// A tmux server on a private socket (`tmux -L NAME`, no configuration file), killed, and its
/// socket file removed, when this goes away.
public final class TmuxServer: Sendable {
    private let socket = "tasks-test-\(getpid())-\(UUID().uuidString.prefix(8))"

    public init() {}

    deinit {
        // tmux leaves its socket file behind: remove it once the server has been told to exit.
        let socketFile = (ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp") + "/tmux-\(getuid())/\(socket)"
        ChildProcess.runBlocking("/usr/bin/tmux", ["-L", socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: socketFile)
    }

    /// A tmux command that failed.
    public struct Failed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var status: Int32
        public var description: String { "tmux \(arguments.joined(separator: " ")) exited with \(status)" }
    }

    /// Runs a tmux client on the server's socket with `arguments` (several commands separated by
    /// `;` in one run) and returns what it printed.
    @discardableResult
    public func run(_ arguments: [String]) async throws -> String {
        let outputPath = NSTemporaryDirectory() + "tasks-tmux-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        // A client answers at once; one that does not within two minutes never will.
        let status = try await ChildProcess.run("/usr/bin/tmux", ["-u", "-f", "/dev/null", "-L", socket] + arguments,
                                                output: outputPath, limit: .seconds(120))
        guard status == 0 else { throw Failed(arguments: arguments, status: status) }
        let data = FileManager.default.contents(atPath: outputPath) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
