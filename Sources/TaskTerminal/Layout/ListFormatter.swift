import TaskWidth

/// Lays out the numbered list as terminal lines: `  1 ★ Call mom`, `  2   ✓ Pay rent`.
///
/// The number is right-aligned to the width of the largest one (at least 3, and one more than its
/// digits from 4 digits on, so a margin stays), then a space, `★` for a favourite or a space, a
/// space, `✓ ` for a done task, and the text with control characters escaped, then two spaces and
/// its details (`RowDetails`: tags, due date, marks) when it has any, dim (an overdue date red).
/// With a terminal width, long texts wrap under their own column, and details that do not fit
/// after the text's last line go on a line of their own under it. It knows rows as plain values,
/// nothing of who numbers them.
public struct ListFormatter: Sendable {
    /// One row as given to `format(_:)`.
    public struct Row: Sendable, Hashable {
        public var number: Int
        public var text: String
        public var isFavorite: Bool
        public var isDone: Bool
        public var details: RowDetails?

        public init(number: Int, text: String, isFavorite: Bool = false, isDone: Bool = false, details: RowDetails? = nil) {
            self.number = number
            self.text = text
            self.isFavorite = isFavorite
            self.isDone = isDone
            self.details = details
        }
    }

    /// How a caller hands rows over: it calls its argument with each row's number, the UTF-8 of its
    /// text (valid only during the call), its star, its done mark and its details, in order.
    public typealias RowSource = (
        (_ number: Int, _ utf8Text: UnsafeBufferPointer<UInt8>, _ isFavorite: Bool, _ isDone: Bool,
         _ details: RowDetails?) -> Void
    ) -> Void

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
    public func format(_ rows: [Row]) -> String {
        String(decoding: formatBytes(rows), as: UTF8.self)
    }

    /// The list as the UTF-8 bytes of `format(_:)`.
    public func formatBytes(_ rows: [Row]) -> [UInt8] {
        var bytes: [UInt8] = []
        write(largestNumber: rows.lazy.map(\.number).max(), rows: { body in
            for row in rows {
                var text = row.text
                text.withUTF8 { body(row.number, $0, row.isFavorite, row.isDone, row.details) }
            }
        }, to: { bytes += $0 })
        return bytes
    }

    /// How many bytes `write(largestNumber:rows:to:)` collects before handing them on.
    public static let chunkSize = 64 * 1024

    /// The width of the number column for numbers up to `largest`.
    public static func numberWidth(largest: Int) -> Int {
        let digits = String(largest).utf8.count
        return digits <= 3 ? 3 : digits + 1
    }

    /// Lays out the rows that `rows` hands over, whose numbers are at most `largestNumber` (nil for
    /// no rows, which shows `emptyText`, else `emptyListText`), and hands the bytes of `format(_:)`
    /// to `output` in pieces of about `chunkSize` bytes (each valid only during its call), so a long
    /// list never sits whole in memory.
    ///
    /// A REPL re-renders the whole list after every command, so this is a hot path: bytes are
    /// copied, never re-validated, and a text of printable ASCII (most texts) that fits its column
    /// is appended as it is, without the escaping, measuring and wrapping that other texts need.
    ///
    /// With `maxLinesPerRow`, a text that wraps to more lines is cut to that many, the last ending
    /// in `…`: a window on a long list keeps a row's number and marks on screen however long its text.
    public func write(largestNumber: Int?, emptyText: String? = nil, maxLinesPerRow: Int? = nil, rows: RowSource,
                      to output: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let largest = largestNumber else {
            // Wrapped at spaces to the terminal, as messages are: the terminal would cut a word.
            let lines = TextWrapping.lines(of: (emptyText ?? emptyListText).escapingControlCharacters(), width: columns ?? 0)
            var text = lines.map { palette.hint($0) + "\n" }.joined()
            return text.withUTF8(output)
        }
        let numberWidth = Self.numberWidth(largest: largest)
        let textWidth = columns.map { $0 - numberWidth - 3 }
        let wrapWidth = textWidth.flatMap { $0 >= Self.narrowestTextColumn ? $0 : nil }
        let favoriteMark = Array((" " + palette.star("★") + " ").utf8)
        let plainMark = Array("   ".utf8)
        let doneMark = Array("✓ ".utf8)
        let (numberStart, numberEnd) = (Array(palette.number.start.utf8), Array(palette.number.end.utf8))
        let (doneStart, doneEnd) = (Array(palette.done.start.utf8), Array(palette.done.end.utf8))
        var bytes = ByteBuffer(capacity: Self.chunkSize + 1024)
        var laidOut: [(RowDetails, LaidOutDetails)] = []
        // `rows` may not take a closure that captures the non-escaping `output`; it does not keep it.
        withoutActuallyEscaping(output) { output in
            rows { number, utf8, isFavorite, isDone, details in
                bytes.appendNumber(number, width: numberWidth, between: numberStart, numberEnd)
                bytes.append(isFavorite ? favoriteMark : plainMark)
                let markWidth = isDone ? 2 : 0
                if isDone { bytes.append(doneStart); bytes.append(doneMark) }
                let indent = numberWidth + 3 + markWidth
                if let lines = Self.textLines(utf8, markWidth: markWidth, wrapWidth: wrapWidth) {
                    let shown = Self.clipped(lines, to: maxLinesPerRow, width: wrapWidth.map { $0 - markWidth })
                    for (index, var line) in shown.enumerated() {
                        if index > 0 {
                            bytes.append(UInt8(ascii: " "), repeating: indent)
                            if isDone { bytes.append(doneStart) }
                        }
                        line.withUTF8 { bytes.append($0) }
                        if isDone { bytes.append(doneEnd) }
                        if index < shown.count - 1 { bytes.append(UInt8(ascii: "\n")) }
                    }
                    if let details {
                        appendDetails(details, after: DisplayWidth.of(shown.last ?? ""), indent: indent,
                                      width: wrapWidth.map { $0 - markWidth }, to: &bytes, laidOut: &laidOut)
                    }
                } else {
                    bytes.append(utf8)
                    if isDone { bytes.append(doneEnd) }
                    if let details {
                        appendDetails(details, after: utf8.count, indent: indent, width: wrapWidth.map { $0 - markWidth },
                                      to: &bytes, laidOut: &laidOut)
                    }
                }
                bytes.append(UInt8(ascii: "\n"))
                if bytes.count >= Self.chunkSize {
                    bytes.withBytes(output)
                    bytes.removeAll()
                }
            }
        }
        if bytes.count > 0 { bytes.withBytes(output) }
    }

    /// Writes `details` after a text line `used` columns wide: two spaces and the details on that
    /// line when they fit in `width` (or there is no width), else on a line of their own under the text.
    private func appendDetails(_ details: RowDetails, after used: Int, indent: Int, width: Int?,
                               to bytes: inout ByteBuffer, laidOut: inout [(RowDetails, LaidOutDetails)]) {
        // The latest few, compared rather than hashed: their strings are short.
        let details = laidOut.first { $0.0 == details }?.1 ?? {
            let made = layOut(details)
            if laidOut.count == 64 { laidOut.removeFirst() }
            laidOut.append((details, made))
            return made
        }()
        if let width, used > 0, used + 2 + details.width > width {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(UInt8(ascii: " "), repeating: indent)
        } else {
            bytes.append(UInt8(ascii: " "), repeating: 2)
        }
        bytes.append(details.bytes)
    }

    /// Details as written: their bytes in this palette and the columns they take. A long list
    /// repeats a few (a tag set, a handful of days), so each is laid out once per list.
    struct LaidOutDetails {
        var bytes: [UInt8]
        var width: Int
    }

    private func layOut(_ details: RowDetails) -> LaidOutDetails {
        var plain = details.plainText
        let width = Self.width(of: &plain)
        let styled = palette == .plain ? plain.escapingControlCharacters() : styledDetails(details)
        return LaidOutDetails(bytes: Array(styled.utf8), width: width)
    }

    /// The columns `text` takes once escaped: its length when it is printable ASCII (most details).
    private static func width(of text: inout String) -> Int {
        text.withUTF8 { isPrintableASCII($0) } ? text.utf8.count : DisplayWidth.of(text.escapingControlCharacters())
    }

    /// The details in colour: dim, an overdue date red (without its `!`, which marks it without
    /// colour); as `plainText` with the plain palette.
    private func styledDetails(_ details: RowDetails) -> String {
        var parts = RowDetails(tags: details.tags, isRecurring: false).parts(overdueMark: "").map { palette.hint($0.escapingControlCharacters()) }
        if details.due != nil || details.isRecurring {
            let date = RowDetails(due: details.due, isRecurring: details.isRecurring).parts(overdueMark: "")
                .joined().escapingControlCharacters()
            parts.append(details.isOverdue ? palette.error(date) : palette.hint(date))
        }
        return parts.joined(separator: "  ")
    }

    /// How many terminal lines the row of a task with this text takes, in a list whose largest
    /// number is `largestNumber`: more than one when its text wraps, or its details go under it.
    public func lineCount(largestNumber: Int, utf8Text utf8: UnsafeBufferPointer<UInt8>, isDone: Bool,
                          details: RowDetails? = nil) -> Int {
        guard let columns, columns > 0 else { return 1 }
        let prefix = Self.numberWidth(largest: largestNumber) + 3 + (isDone ? 2 : 0)
        let textWidth = columns - prefix + (isDone ? 2 : 0)
        guard textWidth < Self.narrowestTextColumn else {
            let lines = Self.textLines(utf8, markWidth: isDone ? 2 : 0, wrapWidth: textWidth)
            guard let details else { return lines?.count ?? 1 }
            let last = lines.map { DisplayWidth.of($0.last ?? "") } ?? utf8.count
            let goesUnder = last > 0 && last + 2 + DisplayWidth.of(details.plainText.escapingControlCharacters())
                > textWidth - (isDone ? 2 : 0)
            return (lines?.count ?? 1) + (goesUnder ? 1 : 0)
        }
        // Too narrow to wrap under the text's column: the row is one line, which the terminal breaks.
        let width = prefix + (Self.isPrintableASCII(utf8) ? utf8.count
            : DisplayWidth.of(String(decoding: utf8, as: UTF8.self).escapingControlCharacters()))
            + (details.map { 2 + DisplayWidth.of($0.plainText.escapingControlCharacters()) } ?? 0)
        return max(1, (width + columns - 1) / columns)
    }

    /// The lines of a row's text, escaped and wrapped to `wrapWidth` less the done mark; nil when
    /// the text is printable ASCII that fits (most texts), to be written as it is.
    private static func textLines(_ utf8: UnsafeBufferPointer<UInt8>, markWidth: Int, wrapWidth: Int?) -> [String]? {
        if isPrintableASCII(utf8), utf8.count + markWidth <= wrapWidth ?? .max { return nil }
        let escaped = String(decoding: utf8, as: UTF8.self).escapingControlCharacters()
        return wrapWidth.map { TextWrapping.lines(of: escaped, width: $0 - markWidth) } ?? [escaped]
    }

    /// `lines` cut to `limit` lines, the last ending in `…` (within `width` columns) to say the text
    /// goes on; as they are when they fit, or without a limit.
    private static func clipped(_ lines: [String], to limit: Int?, width: Int?) -> [String] {
        guard let limit, limit > 0, lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        let last = kept[limit - 1] + " …"
        kept[limit - 1] = width.map { String(last.fitted(toColumns: $0).reversed().drop { $0 == " " }.reversed()) } ?? last
        return kept
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
