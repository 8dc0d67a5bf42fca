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

    /// Queues `text` for `stream`.
    func write(_ text: String, to stream: Stream) {
        var text = text
        text.withUTF8 { write(bytes: $0, to: stream) }
    }

    /// Queues UTF-8 `bytes` for `stream`; a piece as large as a buffer is written out at once,
    /// without being copied into one (a chunk of a 10,000-row list, say).
    func write(bytes: UnsafeBufferPointer<UInt8>, to stream: Stream) {
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
            if !Posix.write(Posix.standardOutput, bytes), outputFailure == nil {
                outputFailure = Posix.lastErrorDescription()
            }
        case .error:
            Posix.write(Posix.standardError, bytes)
        }
    }
}
