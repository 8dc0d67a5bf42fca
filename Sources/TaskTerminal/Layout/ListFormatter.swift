import TaskPresenter

/// Lays out the numbered list as terminal lines: `  1 ★ Call mom`.
///
/// The number is right-aligned to the width of the largest one (at least 3), then a space,
/// `★` for a favourite or a space, a space, and the text with control characters escaped.
/// With a terminal width, long texts wrap under their own column.
public struct ListFormatter: Sendable {
    /// The terminal's width in columns, or nil when output is not a terminal (no wrapping).
    public var columns: Int?
    /// The colours to use.
    public var palette: Palette
    /// The line shown for an empty list, saying how to add a task.
    public var emptyListText: String

    /// The narrowest text column worth wrapping into; narrower terminals get unwrapped lines.
    public static let narrowestTextColumn = 10

    /// Creates a formatter.
    public init(columns: Int? = nil, palette: Palette = .plain, emptyListText: String) {
        self.columns = columns
        self.palette = palette
        self.emptyListText = emptyListText
    }

    /// The list as text, one line per row (more for wrapped rows), each ending in a newline.
    public func format(_ rows: [TaskRow]) -> String {
        String(decoding: formatBytes(rows), as: UTF8.self)
    }

    /// The list as the UTF-8 bytes of `format(_:)`.
    public func formatBytes(_ rows: [TaskRow]) -> [UInt8] {
        var bytes: [UInt8] = []
        let largest = rows.lazy.map(\.number).max()
        layOut(largestNumber: largest, rows: { body in
            for row in rows { row.utf8.withUnsafeBufferPointer { body(row.number, $0, row.isFavorite) } }
        }, to: { bytes += $0 })
        return bytes
    }

    /// How many bytes `write(_:to:)` collects before handing them on.
    public static let chunkSize = 64 * 1024

    /// Hands the UTF-8 bytes of `format(_:)` to `output` in pieces of about `chunkSize` bytes
    /// (valid only during each call), so a long list never sits whole in memory.
    public func write(_ rows: TaskRows, to output: (UnsafeBufferPointer<UInt8>) -> Void) {
        layOut(largestNumber: rows.last?.number, rows: rows.forEachRow, to: output) // numbered 1…count
    }

    /// Lays out the rows that `rows` calls its argument with (number, UTF-8 text, star), whose
    /// numbers are at most `largestNumber` (nil for no rows), and hands the bytes to `output`.
    ///
    /// A REPL re-renders the whole list after every command, so this is a hot path: bytes are
    /// copied, never re-validated, and a text of printable ASCII (most texts) that fits its column
    /// is appended as it is, without the escaping, measuring and wrapping that other texts need.
    private func layOut(largestNumber: Int?,
                        rows: ((_ number: Int, _ utf8Text: UnsafeBufferPointer<UInt8>, _ isFavorite: Bool) -> Void) -> Void,
                        to output: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let largest = largestNumber else {
            var text = palette.hint(emptyListText.escapingControlCharacters()) + "\n"
            return text.withUTF8(output)
        }
        let numberWidth = max(3, String(largest).utf8.count)
        let textWidth = columns.map { $0 - numberWidth - 3 }
        let wrapWidth = textWidth.flatMap { $0 >= Self.narrowestTextColumn ? $0 : nil }
        let favoriteMark = Array((" " + palette.star("★") + " ").utf8)
        let plainMark = Array("   ".utf8)
        let numberStart = Array(palette.number.start.utf8)
        let numberEnd = Array(palette.number.end.utf8)
        var bytes = ByteBuffer(capacity: Self.chunkSize + 1024)
        // `rows` may not take a closure that captures the non-escaping `output`; it does not keep it.
        withoutActuallyEscaping(output) { output in
            rows { number, utf8, isFavorite in
                bytes.appendNumber(number, width: numberWidth, between: numberStart, numberEnd)
                bytes.append(isFavorite ? favoriteMark : plainMark)
                if Self.isPrintableASCII(utf8), utf8.count <= wrapWidth ?? .max {
                    bytes.append(utf8)
                    bytes.append(UInt8(ascii: "\n"))
                } else {
                    let escaped = String(decoding: utf8, as: UTF8.self).escapingControlCharacters()
                    let lines = wrapWidth.map { TextWrapping.lines(of: escaped, width: $0) } ?? [escaped]
                    for (index, var line) in lines.enumerated() {
                        if index > 0 { bytes.append(UInt8(ascii: " "), repeating: numberWidth + 3) }
                        line.withUTF8 { bytes.append($0) }
                        bytes.append(UInt8(ascii: "\n"))
                    }
                }
                if bytes.count >= Self.chunkSize {
                    bytes.withBytes(output)
                    bytes.removeAll()
                }
            }
        }
        if bytes.count > 0 { bytes.withBytes(output) }
    }

    /// Whether every byte is printable ASCII (0x20…0x7E): one column each, nothing to escape.
    /// Tested eight bytes at a time: a word has a byte below 0x20 when subtracting 0x20 from every
    /// byte borrows into a high bit that was clear, a byte 0x7F when XOR with 0x7F gives a zero
    /// byte, and a byte above it when a high bit is set.
    /// A text of eight bytes or more ends with one more word that overlaps the last one tested.
    private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        guard bytes.count >= 8 else {
            for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
            return true
        }
        let raw = UnsafeRawPointer(start)
        var offset = 0
        while offset + 8 < bytes.count {
            if !isPrintableASCII(word: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
            offset += 8
        }
        return isPrintableASCII(word: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
    }

    private static func isPrintableASCII(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let delete = word ^ (0x7F &* ones)
        let belowSpace = (word &- 0x20 &* ones) & ~word & highs
        let isDelete = (delete &- ones) & ~delete & highs
        return (word & highs) | belowSpace | isDelete == 0
    }
}
