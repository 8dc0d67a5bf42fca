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
        guard let largest = rows.map(\.number).max() else {
            return palette.hint(emptyListText.escapingControlCharacters()) + "\n"
        }
        let numberWidth = max(3, String(largest).utf8.count)
        let textWidth = columns.map { $0 - numberWidth - 3 }
        let wrapWidth = textWidth.flatMap { $0 >= Self.narrowestTextColumn ? $0 : nil }
        let indent = String(repeating: " ", count: numberWidth + 3)
        var output = ""
        output.reserveCapacity(rows.count * 32)
        for row in rows {
            let number = String(row.number)
            output += String(repeating: " ", count: max(0, numberWidth - number.utf8.count))
            output += palette.number(number)
            output += row.isFavorite ? " " + palette.star("★") + " " : "   "
            let text = row.text.escapingControlCharacters()
            guard let wrapWidth else {
                output += text
                output += "\n"
                continue
            }
            for (index, line) in TextWrapping.lines(of: text, width: wrapWidth).enumerated() {
                if index > 0 { output += indent }
                output += line
                output += "\n"
            }
        }
        return output
    }
}
