import Glibc

/// A shell command run as a child of this program: the sync's password command.
extension Posix {
    /// A command started by `spawnShell(_:)`.
    public struct Spawned: Sendable {
        public let pid: pid_t
        /// The read end of the pipe that is the command's standard output (close it with `closeDescriptor(_:)`).
        public let output: Int32
    }

    /// How a child ended (`ended(_:)`).
    public enum Ended: Sendable, Equatable {
        case exited(Int32)
        case killed(signal: Int32)
    }

    /// Starts `/bin/sh -c command` in a process group of its own (`Signals.killGroup` stops it with
    /// what it started), its signals as a shell would have them: standard input and error
    /// `/dev/null`, standard output a pipe, and no other descriptor of this program. Foundation's
    /// `Process` passed one of its own on, and a command that left a process running in the
    /// background, holding it, was never seen to end (found by an independent tester). Nil when it
    /// cannot start (`lastErrorDescription()` says why).
    public static func spawnShell(_ command: String) -> Spawned? {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        addCloseFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (text: String) in strdup(text) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ)
        Glibc.close(ends[1])
        guard started == 0 else {
            Glibc.close(ends[0])
            errno = started
            return nil
        }
        return Spawned(pid: pid, output: ends[0])
    }

    /// How the child `pid` ended, reaping it; nil while it runs. One that cannot be waited for
    /// (reaped elsewhere) is said to have exited with -1.
    public static func ended(_ pid: pid_t) -> Ended? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 { return nil }
        guard result == pid else { return .exited(-1) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros C has and Swift does not.
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: status & 0x7f)
    }

    /// Closes `descriptor`.
    public static func closeDescriptor(_ descriptor: Int32) {
        Glibc.close(descriptor)
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which the Glibc module does not
/// export; the arguments are C's (a pointer and an integer, passed alike by both conventions).
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
@discardableResult
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
