import TaskSystem

/// The lines of standard input, read lazily in large pieces (never one byte per call, never all
/// of it at once) and split at line ends. Bytes that are not UTF-8 become U+FFFD. The last line
/// needs no line end, and a UTF-8 byte order mark at the very start is skipped (editors on Windows
/// write one).
///
/// Line ends are `\n`, as on Unix (a `\r` before it stays part of its line; the parser trims it),
/// unless the input starts with no `\n` at all in its first piece but holds a `\r`: then it was
/// written with old Mac line ends, and `\r`, `\r\n` and `\n` all end a line. Deciding from the
/// input keeps a `\r` inside a line of an ordinary script part of that line.
///
/// One pass only: the sequence is its own iterator. After the end, `readFailure` says whether
/// reading stopped on an error rather than at the end of the input.
final class StandardInputLines: Sequence, IteratorProtocol {
    /// How many bytes one read asks for.
    static let chunkSize = 64 * 1024

    /// What ends a line.
    private enum LineEnds {
        /// Not known yet: no `\n` seen, and less than a piece read.
        case undecided
        /// `\n` only.
        case lineFeed
        /// `\r`, `\r\n` or `\n`.
        case carriageReturn
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private let descriptor: Int32
    private var buffer: [UInt8]
    /// Where the unread part of `buffer` starts and ends.
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    private var lineEnds = LineEnds.undecided
    private var checkedByteOrderMark = false
    /// Why reading failed, when it did (the C library's description).
    private(set) var readFailure: String?

    /// Reads from `descriptor` (standard input unless told otherwise).
    init(descriptor: Int32 = Posix.standardInput) {
        self.descriptor = descriptor
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// The next line without its line end, or nil at the end of the input.
    func next() -> String? {
        if !checkedByteOrderMark { skipByteOrderMark() }
        var scanned = 0 // bytes after `start` already known to hold no line end
        while true {
            switch lineEnds {
            case .lineFeed:
                if let newline = buffer[(start + scanned)..<end].firstIndex(of: Self.lineFeed) {
                    return line(endingAt: newline, endLength: 1)
                }
            case .carriageReturn:
                if let lineEnd = buffer[(start + scanned)..<end].firstIndex(where: Self.isLineEnd) {
                    if buffer[lineEnd] == Self.lineFeed { return line(endingAt: lineEnd, endLength: 1) }
                    if lineEnd + 1 < end {
                        return line(endingAt: lineEnd, endLength: buffer[lineEnd + 1] == Self.lineFeed ? 2 : 1)
                    }
                    // A `\r` last in the buffer: whether a `\n` follows is in the next piece.
                    if reachedEnd { return line(endingAt: lineEnd, endLength: 1) }
                    scanned = lineEnd - start
                    readMore()
                    continue
                }
            case .undecided:
                if buffer[(start + scanned)..<end].contains(Self.lineFeed) {
                    lineEnds = .lineFeed
                    continue
                }
                if reachedEnd || end - start >= Self.chunkSize {
                    lineEnds = buffer[start..<end].contains(Self.carriageReturn) ? .carriageReturn : .lineFeed
                    scanned = 0
                    continue
                }
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

    private static func isLineEnd(_ byte: UInt8) -> Bool {
        byte == lineFeed || byte == carriageReturn
    }

    /// The line from `start` to `lineEnd`, after which reading goes on past its `endLength` bytes.
    private func line(endingAt lineEnd: Int, endLength: Int) -> String {
        let line = String(decoding: buffer[start..<lineEnd], as: UTF8.self)
        start = lineEnd + endLength
        return line
    }

    /// Skips a byte order mark at the start of the input (reading until there are three bytes or none).
    private func skipByteOrderMark() {
        checkedByteOrderMark = true
        while end - start < Self.byteOrderMark.count && !reachedEnd { readMore() }
        if buffer[start..<end].starts(with: Self.byteOrderMark) { start += Self.byteOrderMark.count }
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
