import TaskSystem
import TaskTerminal

/// Standard output and standard error, buffered in memory and written in large pieces.
///
/// Text reaches each descriptor in the order it was produced across both: writing to one stream
/// first flushes whatever the other one holds, so at most one buffer is ever non-empty.
final class OutputStreams {
    /// Where a piece of text goes.
    enum Stream {
        /// Standard output.
        case output
        /// Standard error.
        case error
    }

    /// How many bytes a buffer holds before it is written out.
    static let flushThreshold = 64 * 1024

    private var outputBuffer: [UInt8] = []
    private var errorBuffer: [UInt8] = []
    /// Why writing to standard output failed, if it did.
    private(set) var outputFailure: String?
    /// Whether standard output's last line was cut short by `abandon()` and is still open.
    private var outputLineIsCut = false
    /// Whether the last byte written to standard output ended a line.
    private var outputEndsLine = true

    /// Whether to stop writing standard output (Ctrl-C at the prompt): while it says so, text for
    /// standard output is dropped, and a write blocked on a slow terminal gives up the rest.
    /// Standard error is always written.
    var isStopped: () -> Bool = { false }

    /// Queues `text` for `stream`.
    func write(_ text: String, to stream: Stream) {
        var text = text
        text.withUTF8 { write(bytes: $0, to: stream) }
    }

    /// Queues UTF-8 `bytes` for `stream`; a piece as large as a buffer is written out at once,
    /// without being copied into one (a chunk of a 10,000-row list, say).
    func write(bytes: UnsafeBufferPointer<UInt8>, to stream: Stream) {
        if stream == .output {
            if isStopped() { return }
            if outputLineIsCut {
                outputLineIsCut = false
                write("\n", to: .output)
            }
        }
        if bytes.count >= Self.flushThreshold {
            flush()
            return writeOut(bytes, to: stream)
        }
        switch stream {
        case .output:
            if !errorBuffer.isEmpty { flush(.error) }
            outputBuffer.append(contentsOf: bytes)
            if outputBuffer.count >= Self.flushThreshold { flush(.output) }
        case .error:
            if !outputBuffer.isEmpty { flush(.output) }
            errorBuffer.append(contentsOf: bytes)
            if errorBuffer.count >= Self.flushThreshold { flush(.error) }
        }
    }

    /// Queues a failure of the program itself (not of a command) as `tasks: <text>` for standard error.
    func writeFailure(_ text: String) {
        write("tasks: " + text.escapingControlCharacters() + "\n", to: .error)
    }

    /// Drops the standard output not written yet (the rest of a list the user stopped). When
    /// standard output is not the terminal, a line cut short there is ended before the next text.
    func abandon() {
        outputBuffer.removeAll(keepingCapacity: true)
        if !outputEndsLine && !Posix.isTerminal(Posix.standardOutput) { outputLineIsCut = true }
    }

    /// Writes out everything queued.
    func flush() {
        flush(.output)
        flush(.error)
    }

    /// What had been saved to the store when the output ended, for a failure to show it to mention.
    enum SavedChanges {
        /// Nothing: the run changed nothing, or its change failed.
        case none
        /// The one change of a one-shot command.
        case one
        /// The changes of a script or a session at the prompt.
        case several
    }

    /// Flushes and returns `status`, or 1 with a message on standard error when standard output
    /// could not be written (a full disk, a closed pipe with SIGPIPE ignored). The message says
    /// when changes were saved all the same, so that nobody makes them twice.
    func finish(status: Int32, saved: SavedChanges = .none) -> Int32 {
        flush()
        guard let outputFailure else { return status }
        let note = switch saved {
        case .none: ""
        case .one: " (the change was saved)"
        case .several: " (the changes were saved)"
        }
        writeFailure("cannot write to standard output: \(outputFailure)\(note)")
        flush(.error)
        return 1
    }

    private func flush(_ stream: Stream) {
        switch stream {
        case .output:
            guard !outputBuffer.isEmpty else { return }
            outputBuffer.withUnsafeBufferPointer { writeOut($0, to: .output) }
            outputBuffer.removeAll(keepingCapacity: true)
        case .error:
            guard !errorBuffer.isEmpty else { return }
            errorBuffer.withUnsafeBufferPointer { writeOut($0, to: .error) }
            errorBuffer.removeAll(keepingCapacity: true)
        }
    }

    /// Writes `bytes` to the descriptor of `stream`, remembering a failure of standard output.
    private func writeOut(_ bytes: UnsafeBufferPointer<UInt8>, to stream: Stream) {
        switch stream {
        case .output:
            guard let last = bytes.last else { return }
            if !Posix.write(Posix.standardOutput, bytes, stopping: isStopped), outputFailure == nil {
                outputFailure = Posix.lastErrorDescription()
            }
            outputEndsLine = last == UInt8(ascii: "\n") && !isStopped()
        case .error:
            Posix.write(Posix.standardError, bytes)
        }
    }
}
