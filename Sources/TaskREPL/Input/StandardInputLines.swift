/// The lines of standard input, read lazily in large pieces (never one byte per call, never all
/// of it at once) and split at `\n`. A carriage return stays part of its line; bytes that are not
/// UTF-8 become U+FFFD. The last line needs no trailing newline.
///
/// One pass only: the sequence is its own iterator. After the end, `readFailure` says whether
/// reading stopped on an error rather than at the end of the input.
final class StandardInputLines: Sequence, IteratorProtocol {
    /// How many bytes one read asks for.
    static let chunkSize = 64 * 1024

    private let descriptor: Int32
    private var buffer: [UInt8]
    /// Where the unread part of `buffer` starts and ends.
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// Why reading failed, when it did (the C library's description).
    private(set) var readFailure: String?

    /// Reads from `descriptor` (standard input unless told otherwise).
    init(descriptor: Int32 = Posix.standardInput) {
        self.descriptor = descriptor
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// The next line without its `\n`, or nil at the end of the input.
    func next() -> String? {
        var scanned = 0 // bytes after `start` already known to hold no newline
        while true {
            if let newline = buffer[(start + scanned)..<end].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return line
            }
            if reachedEnd {
                guard start < end else { return nil }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end
                return line
            }
            scanned = end - start
            readMore()
        }
    }

    /// Moves the unread bytes to the front (growing the buffer for a line longer than it)
    /// and reads one more piece after them.
    private func readMore() {
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                for index in start..<end { bytes[index - start] = bytes[index] }
            }
            end -= start
            start = 0
        }
        if end == buffer.count {
            buffer.append(contentsOf: repeatElement(0, count: buffer.count))
        }
        guard let count = Posix.read(descriptor, into: &buffer, from: end) else {
            readFailure = Posix.lastErrorDescription()
            reachedEnd = true
            return
        }
        if count == 0 { reachedEnd = true }
        end += count
    }
}
