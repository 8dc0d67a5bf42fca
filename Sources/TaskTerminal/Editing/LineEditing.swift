/// How a line being typed is edited so that what is stored is what the terminal shows: the cursor
/// moves over whole characters (grapheme clusters: a letter and its accents, an emoji and its
/// modifiers), and typed text is composed to Normalization Form C (`e` then U+0301 is `é`).
///
/// A line is handled as the Unicode scalars the line editor holds, positions counted in scalars.
public enum LineEditing {
    /// Where the character before `position` starts (0 at the start of the line).
    public static func characterStart(before position: Int, in line: [Unicode.Scalar]) -> Int {
        guard position > 0 else { return 0 }
        let before = text(line[..<min(position, line.count)])
        return position - (before.last.map { $0.unicodeScalars.count } ?? 1)
    }

    /// Where the character at `position` ends (the end of the line at most).
    public static func characterEnd(after position: Int, in line: [Unicode.Scalar]) -> Int {
        guard position < line.count else { return line.count }
        let after = text(line[max(position, 0)...])
        return position + (after.first.map { $0.unicodeScalars.count } ?? 1)
    }

    /// Whether `scalar`, typed, belongs to the character before it (a combining mark).
    public static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.canonicalCombiningClass != .notReordered { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// `text` in Normalization Form C.
    public static func composed(_ text: String) -> String {
        // The standard library's NFC, public though underscored: Foundation's
        // precomposedStringWithCanonicalMapping would bring Foundation into this target.
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    private static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
