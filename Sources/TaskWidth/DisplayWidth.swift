import CWideCharacter

/// How many terminal columns text takes: 2 for wide characters (CJK, most emoji),
/// 0 for combining marks, 1 for the rest. Needs a UTF-8 locale (`TerminalLocale.useUTF8()`).
public enum DisplayWidth {
    /// The columns taken by `text`, which should hold no control characters (escape them first).
    public static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            width += of(scalar)
        }
        return width
    }

    /// The columns taken by one character (grapheme cluster).
    public static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            width += of(scalar)
        }
        return width
    }

    /// The columns taken by one Unicode scalar; 1 for anything the C library calls unprintable.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : 0 }
        let width = Int(tasks_wcwidth(wchar_t(bitPattern: scalar.value)))
        return width < 0 ? 1 : width
    }
}
