import TaskWidth

/// Breaks text into lines no wider than a number of terminal columns.
public enum TextWrapping {
    /// The lines of `text` (already escaped), each at most `width` columns wide: broken at spaces
    /// where possible, inside a word only when the word alone is wider than `width`.
    /// The spaces at a break are dropped. A `width` under 1 leaves the text whole.
    public static func lines(of text: String, width: Int) -> [String] {
        guard width > 0, DisplayWidth.of(text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var isContinuation = false

        func endLine() {
            while line.last == " " { line.removeLast() }
            lines.append(line)
            line = ""
            lineWidth = 0
            isContinuation = true
        }

        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = DisplayWidth.of(word)
            let atLineStart = line.isEmpty && lineWidth == 0
            if atLineStart {
                if word.isEmpty && isContinuation { continue } // spaces where the line broke
            } else if lineWidth + 1 + wordWidth <= width {
                line += " "
                lineWidth += 1
            } else {
                endLine()
                if word.isEmpty { continue }
            }
            if lineWidth + wordWidth <= width {
                line += word
                lineWidth += wordWidth
                continue
            }
            for character in word { // a word wider than a line: break it where it must
                let characterWidth = DisplayWidth.of(character)
                if lineWidth + characterWidth > width && lineWidth > 0 { endLine() }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        lines.append(line)
        return lines
    }

    /// The lines of a help line such as `rm N…           remove tasks`, at most `width` columns wide:
    /// when the text has a column (a run of two or more spaces), continuation lines start under that
    /// column. When the column is too far right for the width (past its half), the description
    /// goes under the command instead, indented by two columns (none in very narrow terminals),
    /// so that it still reads as the command's. Text without a column wraps as in `lines(of:width:)`.
    public static func linesKeepingColumn(of text: String, width: Int) -> [String] {
        guard width > 0, DisplayWidth.of(text) > width,
              let gap = text.firstRange(of: "  "),
              let columnStart = text[gap.lowerBound...].firstIndex(where: { $0 != " " })
        else { return lines(of: text, width: width) }
        let head = String(text[..<columnStart])
        let indent = DisplayWidth.of(head)
        let description = String(text[columnStart...])
        guard indent <= width / 2 else {
            let indentUnder = width >= Self.narrowIndentMinimumWidth ? Self.narrowIndent : 0
            let padding = String(repeating: " ", count: indentUnder)
            return lines(of: String(text[..<gap.lowerBound]), width: width)
                + lines(of: description, width: width - indentUnder).map { padding + $0 }
        }
        let body = lines(of: description, width: width - indent)
        let padding = String(repeating: " ", count: indent)
        return body.enumerated().map { ($0.offset == 0 ? head : padding) + $0.element }
    }

    /// How far a description is indented under its command when its column does not fit.
    static let narrowIndent = 2
    /// The narrowest width at which that indent is worth its columns.
    static let narrowIndentMinimumWidth = 12
}
