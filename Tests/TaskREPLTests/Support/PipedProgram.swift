import Foundation
import TaskTestSupport

/// A program reading a pipe that the test writes to: fed piece by piece, its input ended or left
/// open, killed at any moment. Writing to a full pipe blocks, so writes run on threads of their own
/// (as `ChildProcess` waits do). A program not waited for is killed and reaped when this goes away.
final class PipedProgram: @unchecked Sendable {
    /// The program's process id.
    let pid: pid_t
    private let path: String
    private let lock = NSLock()
    /// The write end of the pipe; -1 once closed.
    private var input: Int32
    private var reaped = false

    /// Starts `path` with `arguments`, its standard input the read end of a new pipe.
    init(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
         output: String = "/dev/null", error: String = "/dev/null") throws {
        // A write to a program that was killed must fail with EPIPE, not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [-1, -1]
        guard makePipe(&ends, O_CLOEXEC) == 0 else { throw ChildProcess.SpawnFailed(path: path, code: errno) }
        defer { close(ends[0]) }
        do {
            pid = try ChildProcess.start(path, arguments, environment: environment, input: .descriptor(ends[0]),
                                         output: output, error: error)
        } catch {
            close(ends[1])
            throw error
        }
        self.path = path
        input = ends[1]
    }

    deinit {
        closeInput()
        if !reaped {
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Writes `bytes` to the program's standard input and returns how many it took: all of them,
    /// or fewer when the program has exited or the input was closed.
    @discardableResult
    func write(_ bytes: [UInt8]) async -> Int {
        let descriptor = lock.withLock { input >= 0 ? fcntl(input, F_DUPFD_CLOEXEC, 0) : -1 }
        guard descriptor >= 0 else { return 0 }
        return await withCheckedContinuation { continuation in
            Thread {
                defer { close(descriptor) }
                var written = 0
                bytes.withUnsafeBytes { buffer in
                    while written < buffer.count {
                        let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                        if count < 0 {
                            if errno == EINTR { continue }
                            break
                        }
                        written += count
                    }
                }
                continuation.resume(returning: written)
            }.start()
        }
    }

    /// Writes `text` as UTF-8; returns how many bytes the program took.
    @discardableResult
    func write(_ text: String) async -> Int { await write(Array(text.utf8)) }

    /// Closes the program's standard input: it reads end of file once it has read what was written.
    func closeInput() {
        lock.withLock {
            if input >= 0 { close(input) }
            input = -1
        }
    }

    /// Sends `signal` to the program (SIGKILL by default); it is reaped by `exitStatus()`.
    func kill(_ signal: Int32 = SIGKILL) {
        lock.withLock {
            if !reaped { _ = Glibc.kill(pid, signal) }
        }
    }

    /// Waits for the program to exit and returns its exit status (128 + the signal if one killed it).
    func exitStatus() async throws -> Int32 {
        let status = try await ChildProcess.exitStatus(of: pid, path: path)
        lock.withLock { reaped = true }
        return status
    }
}

/// glibc's `pipe2`, which Glibc does not export: both ends close-on-exec from the start, so that no
/// program started meanwhile by another test inherits them (an inherited write end would keep the
/// pipe from ever reaching end of file).
@_silgen_name("pipe2")
private func makePipe(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
