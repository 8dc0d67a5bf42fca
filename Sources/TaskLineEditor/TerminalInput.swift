import TaskSystem

/// The characters typed on the terminal, for the line editor: read in pieces as they come
/// (libedit's own reader makes a system call per byte, which a paste of a long line feels),
/// decoded from UTF-8, and cut short when one of the signals the prompt handles comes.
final class TerminalInput {
    /// What `next()` found.
    enum Event: Equatable {
        /// A character; a byte sequence that is not UTF-8 reads as U+FFFD.
        case character(Unicode.Scalar)
        /// A handled signal came (see `Signals`); nothing was read.
        case signal
        /// The terminal is gone or the input ended.
        case end
        /// Nothing came in the time the caller gave.
        case timeout
        /// A descriptor the caller watched has something to read; nothing was read.
        case watched
    }

    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// Where the unread part of `buffer` starts and ends.
    private var start = 0
    private var end = 0

    /// Reads from `descriptor` (standard input unless told otherwise).
    init(descriptor: Int32 = Posix.standardInput) {
        self.descriptor = descriptor
    }

    /// Whether the input goes on with `bytes`, which are then taken. Waits for them at most
    /// `milliseconds` when only a part of them has come (a terminal sends a key's sequence in one
    /// piece; a person typing the same keys is slower).
    func consume(_ bytes: [UInt8], waitingAtMost milliseconds: Int) -> Bool {
        while true {
            let available = buffer[start..<end]
            if available.starts(with: bytes) {
                start += bytes.count
                return true
            }
            guard bytes.starts(with: available) else { return false }
            compact()
            guard Signals.waitForInput(on: descriptor, milliseconds: milliseconds) == .input,
                  let count = Posix.readOnce(descriptor, into: &buffer, from: end), count > 0
            else { return false }
            end += count
        }
    }

    /// The next character, waiting for one when none is buffered: for ever, or at most
    /// `milliseconds` when given, or until one of `watched` has something to read (these two only
    /// while no part of a character is buffered).
    func next(waitingAtMost milliseconds: Int? = nil, watching watched: [Int32] = []) -> Event {
        while true {
            if start < end, let scalar = decodeScalar() { return .character(scalar) }
            let midCharacter = start < end
            if let event = readMore(waitingAtMost: midCharacter ? nil : milliseconds,
                                    watching: midCharacter ? [] : watched) { return event }
        }
    }

    /// Whether input is waiting to be read, buffered or on the terminal (nothing is read).
    var hasInput: Bool {
        start < end || Signals.waitForInput(on: descriptor, milliseconds: 0) == .input
    }

    /// The scalar at `start`, consumed; nil when its bytes have not all come yet.
    private func decodeScalar() -> Unicode.Scalar? {
        let lead = buffer[start]
        let length = switch lead {
        case 0..<0x80: 1
        case 0xC2..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF5: 4
        default: 0
        }
        guard length > 0 else {
            start += 1
            return "\u{FFFD}"
        }
        let available = min(length, end - start)
        for offset in 1..<max(available, 1) where buffer[start + offset] & 0xC0 != 0x80 {
            start += offset // a sequence cut short: the bytes so far stand for one U+FFFD
            return "\u{FFFD}"
        }
        guard available == length else { return nil }
        let scalar = String(decoding: buffer[start..<(start + length)], as: UTF8.self).unicodeScalars.first
        start += length
        return scalar ?? "\u{FFFD}"
    }

    /// Waits for input (at most `milliseconds` when given, or until one of `watched` has something
    /// to read) and reads a piece after the unread bytes; an event when there is nothing to decode
    /// instead.
    private func readMore(waitingAtMost milliseconds: Int?, watching watched: [Int32]) -> Event? {
        compact()
        switch Signals.waitForInput(on: descriptor, watching: watched, milliseconds: milliseconds) {
        case .input: break
        case .signal: return .signal
        case .timeout: return .timeout
        case .watched: return .watched
        }
        guard let count = Posix.readOnce(descriptor, into: &buffer, from: end) else {
            return Posix.lastCallWasInterrupted ? nil : .end
        }
        guard count > 0 else {
            return .end
        }
        end += count
        return nil
    }

    /// Moves the unread bytes to the front of the buffer.
    private func compact() {
        guard start > 0 else { return }
        buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
        end -= start
        start = 0
    }
}
