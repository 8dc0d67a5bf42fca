import Glibc

/// A pipe one thread writes to so that another, waiting on its read end beside other descriptors
/// (the prompt's wait for a key), wakes up: readable from `signal()` until `drain()`. Both ends are
/// non-blocking, so that the writer never waits for the reader, and closed on `exec`, so that no
/// child process (a password command) inherits them.
public final class WakeUpPipe: @unchecked Sendable {
    // The descriptors never change; reading and writing a pipe from two threads is safe.
    /// The end to wait on.
    public let descriptor: Int32
    private let writeEnd: Int32

    /// A new pipe; nil when the process has no descriptors left.
    public init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_NONBLOCK | O_CLOEXEC) == 0 else { return nil }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Makes the read end readable. A full pipe (`EAGAIN`) is readable already.
    public func signal() {
        var byte: UInt8 = 1
        while Glibc.write(writeEnd, &byte, 1) < 0, errno == EINTR {}
    }

    /// Reads all that was written, so that the read end is not readable until the next `signal()`.
    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 || (count < 0 && errno == EINTR) { continue }
            return // empty (EAGAIN), or an error that reading again would not mend
        }
    }
}

/// glibc's `pipe2(2)`, which the Glibc module does not export (a GNU extension): the flags are set
/// as the pipe is made, before another thread can start a child process that would inherit it.
@_silgen_name("pipe2")
func pipe2(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
