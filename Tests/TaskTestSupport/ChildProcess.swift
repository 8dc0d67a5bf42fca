import Foundation

/// Runs a program to completion with `posix_spawn` and `waitpid`, the wait on a thread of its own
/// so that tests never hold one of Swift concurrency's few threads while a program runs (on two
/// cores that starved other suites' tasks).
///
/// Not Foundation's `Process`: the child gets the default signal dispositions and an empty signal
/// mask (the test runner blocks most signals, and a child would inherit that: tmux could then not
/// even stop on `kill-server`), and no descriptor beyond 0–2 (a tmux server outlives its client
/// and would otherwise keep the runner's descriptors open). Waiting is on the pid alone.
public enum ChildProcess {
    /// A failure to start the program.
    public struct SpawnFailed: Error, CustomStringConvertible {
        public var path: String
        public var code: Int32
        public var description: String { "cannot run \(path): \(String(cString: strerror(code)))" }

        public init(path: String, code: Int32) {
            self.path = path
            self.code = code
        }
    }

    /// Runs `path` with `arguments` and returns its exit status (128 + the signal if one killed it).
    /// Standard input, output and error are the files at the paths given (created or truncated).
    /// With a `limit`, one still running then is killed (`TimedOut`).
    public static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                    input: String = "/dev/null", output: String = "/dev/null",
                    error: String = "/dev/null", limit: Duration? = nil) async throws -> Int32 {
        let pid = try start(path, arguments, environment: environment, input: .file(input), output: output, error: error)
        return try await exitStatus(of: pid, path: path, limit: limit)
    }

    /// What a program that ran to completion left: its exit status, standard output and error.
    public struct Finished: Sendable {
        public var status: Int32
        public var output: Data
        public var error: String

        /// The standard output as text (invalid UTF-8 replaced).
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// A program that exited with a failure, what it said on standard error (and output) kept.
    public struct Failed: Error, CustomStringConvertible {
        public var command: String
        public var status: Int32
        public var error: String
        public var description: String { "\(command) exited with \(status): \(error)" }

        public init(command: String, status: Int32, error: String) {
            self.command = command
            self.status = status
            self.error = error
        }
    }

    /// Runs `path` with `arguments` to completion and returns what it wrote, each stream through
    /// a file of its own (a pipe would need reading while the program runs).
    public static func capture(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                               input: String = "/dev/null") async throws -> Finished {
        let streams = try TemporaryFolder()
        let status = try await run(path, arguments, environment: environment, input: input,
                                   output: streams.file("output"), error: streams.file("error"))
        return Finished(status: status, output: FileManager.default.contents(atPath: streams.file("output")) ?? Data(),
                        error: streams.contents(of: "error") ?? "")
    }

    /// A program that had not exited within the limit given, and was killed.
    public struct TimedOut: Error, CustomStringConvertible {
        public var path: String
        public var limit: Duration
        public var description: String { "\(path) had not exited after \(limit) and was killed" }
    }

    /// Waits for `pid` to exit, on a thread of its own, and returns its exit status
    /// (128 + the signal if one killed it). With a `limit`, one still running then is killed
    /// (`TimedOut`): a tmux client that never answered would hold its test, and the run, forever.
    public static func exitStatus(of pid: pid_t, path: String, limit: Duration? = nil) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do {
                    guard let limit else {
                        continuation.resume(returning: try blockingExitStatus(of: pid, path: path))
                        return
                    }
                    let deadline = ContinuousClock.now + limit
                    while true {
                        if let status = exitStatusIfEnded(of: pid) { return continuation.resume(returning: status) }
                        guard ContinuousClock.now < deadline else {
                            kill(pid, SIGKILL) // not waited for yet: the pid is still its own
                            _ = try blockingExitStatus(of: pid, path: path)
                            throw TimedOut(path: path, limit: limit)
                        }
                        usleep(10_000)
                    }
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    /// Runs `path` with `arguments`, blocking the calling thread until it exits (for a short
    /// command where no `await` is possible, such as in a deinit); nil when it cannot run.
    /// Standard output and error go to the files at the paths given.
    @discardableResult
    public static func runBlocking(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                                   output: String = "/dev/null", error: String = "/dev/null") -> Int32? {
        guard let pid = try? start(path, arguments, environment: environment, output: output, error: error) else {
            return nil
        }
        return try? blockingExitStatus(of: pid, path: path)
    }

    /// Where a program's standard input comes from.
    public enum Input {
        /// The file at this path.
        case file(String)
        /// This open descriptor of the test process (the read end of a pipe), duplicated as descriptor 0.
        case descriptor(Int32)
    }

    /// Starts `path` with `arguments` and the given standard streams; returns its process id.
    public static func start(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                      input: Input = .file("/dev/null"), output: String = "/dev/null",
                      error: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch input {
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let openDescriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in openDescriptors.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid = pid_t()
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnFailed(path: path, code: code) }
        return pid
    }

    /// A process running now, as /proc shows it.
    public struct Running: Sendable, CustomStringConvertible {
        public var pid: pid_t
        public var parent: pid_t
        /// Its state: R running, S sleeping, Z ended and not yet waited for, …
        public var state: Character
        /// Its arguments joined by spaces (empty once it has ended).
        public var commandLine: String
        public var description: String { "\(pid) (parent \(parent), \(state)): \(commandLine)" }
    }

    /// The process `pid` as /proc shows it now; nil when there is none.
    public static func running(_ pid: pid_t) -> Running? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // "pid (command) state ppid …": the command may hold spaces and parentheses.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        // Each argument ends in a NUL.
        let arguments = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        let line = String(decoding: arguments.dropLast().map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return Running(pid: pid, parent: parent, state: state, commandLine: line)
    }

    /// The processes `pid` started and theirs, as /proc shows them now (a process that left for
    /// another parent, its own ended, is not among them).
    public static func descendants(of pid: pid_t) -> [Running] {
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0).flatMap(running) }
        var found: [Running] = []
        var parents: Set<pid_t> = [pid]
        while true {
            let known = Set(found.map(\.pid))
            let next = all.filter { parents.contains($0.parent) && !known.contains($0.pid) }
            guard !next.isEmpty else { return found }
            found += next
            parents = Set(next.map(\.pid))
        }
    }

    /// The exit status of `pid` when it has exited (it is then waited for), else nil at once.
    public static func exitStatusIfEnded(of pid: pid_t) -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return exitStatus(fromWaitStatus: status)
    }

    /// The exit status a wait status says: 128 + the signal if one killed the program.
    private static func exitStatus(fromWaitStatus status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits for `pid` to exit (blocking the calling thread) and returns its exit status.
    private static func blockingExitStatus(of pid: pid_t, path: String) throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw SpawnFailed(path: path, code: errno) }
        }
        return exitStatus(fromWaitStatus: status)
    }
}
