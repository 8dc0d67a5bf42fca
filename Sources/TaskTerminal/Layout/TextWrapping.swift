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
    /// when the text has a column (a run of two or more spaces in the first half of the width),
    /// continuation lines start under that column; otherwise as `lines(of:width:)`.
    public static func linesKeepingColumn(of text: String, width: Int) -> [String] {
        guard width > 0, DisplayWidth.of(text) > width,
              let gap = text.firstRange(of: "  "),
              let columnStart = text[gap.lowerBound...].firstIndex(where: { $0 != " " })
        else { return lines(of: text, width: width) }
        let head = String(text[..<columnStart])
        let indent = DisplayWidth.of(head)
        guard indent <= width / 2 else { return lines(of: text, width: width) }
        let body = lines(of: String(text[columnStart...]), width: width - indent)
        let padding = String(repeating: " ", count: indent)
        return body.enumerated().map { ($0.offset == 0 ? head : padding) + $0.element }
    }
}
