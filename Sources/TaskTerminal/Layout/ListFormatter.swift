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

    /// The list as the UTF-8 bytes of `format(_:)`, ready to write.
    ///
    /// A REPL re-renders the whole list after every command, so this is a hot path: bytes are
    /// copied, never re-validated, and a text of printable ASCII (most texts) that fits its column
    /// is appended as it is, without the escaping, measuring and wrapping that other texts need.
    public func formatBytes(_ rows: [TaskRow]) -> [UInt8] {
        guard let largest = rows.lazy.map(\.number).max() else {
            return Array((palette.hint(emptyListText.escapingControlCharacters()) + "\n").utf8)
        }
        let numberWidth = max(3, String(largest).utf8.count)
        let textWidth = columns.map { $0 - numberWidth - 3 }
        let wrapWidth = textWidth.flatMap { $0 >= Self.narrowestTextColumn ? $0 : nil }
        let indent = [UInt8](repeating: UInt8(ascii: " "), count: numberWidth + 3)
        let favoriteMark = Array((" " + palette.star("★") + " ").utf8)
        let plainMark = Array("   ".utf8)
        let numberStart = Array(palette.number.start.utf8)
        let numberEnd = Array(palette.number.end.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * (numberWidth + 48))
        for row in rows {
            Self.append(row.number, width: numberWidth, between: numberStart, numberEnd, to: &bytes)
            bytes += row.isFavorite ? favoriteMark : plainMark
            var text = row.text
            let appendedAsIs = text.withUTF8 { utf8 in
                guard Self.isPrintableASCII(utf8), utf8.count <= wrapWidth ?? .max else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            if appendedAsIs {
                bytes.append(UInt8(ascii: "\n"))
                continue
            }
            let escaped = text.escapingControlCharacters()
            guard let wrapWidth else {
                bytes += escaped.utf8
                bytes.append(UInt8(ascii: "\n"))
                continue
            }
            for (index, line) in TextWrapping.lines(of: escaped, width: wrapWidth).enumerated() {
                if index > 0 { bytes += indent }
                bytes += line.utf8
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return bytes
    }

    /// Whether every byte is printable ASCII: one column each, nothing to escape.
    private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
        return true
    }

    /// Appends `number` right-aligned in `width` columns, its digits between `start` and `end`
    /// (the palette's colour codes, or nothing). Allocates nothing.
    private static func append(_ number: Int, width: Int, between start: [UInt8], _ end: [UInt8],
                               to bytes: inout [UInt8]) {
        let magnitude = number.magnitude
        var divisor: UInt = 1
        var digitCount = number < 0 ? 2 : 1
        while magnitude / divisor >= 10 {
            divisor *= 10
            digitCount += 1
        }
        for _ in digitCount..<max(digitCount, width) { bytes.append(UInt8(ascii: " ")) }
        if !start.isEmpty { bytes += start }
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = magnitude
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
        if !end.isEmpty { bytes += end }
    }
}
