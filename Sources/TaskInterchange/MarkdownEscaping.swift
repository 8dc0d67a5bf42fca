/// Markdown text that renders as written, for a task's tags in a Markdown item (its text is Markdown
/// source, `MarkdownText`): the characters that can start emphasis, links, code, HTML, entities,
/// strikethrough or tables are backslash-escaped everywhere; at the start, also what could start a
/// heading, quote, list or rule; leading spaces, a leading `★` and control characters become
/// numeric character references. Also: whether an item's line ends with a hard line break.
enum MarkdownEscaping {
    private static let alwaysEscaped: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "~", "|"]

    static func escape(_ text: String) -> String {
        var out = ""
        var atLineStart = true
        var digitsAtStart = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                out += "\\\n  "
                atLineStart = true
                continue
            }
            let startOfLine = atLineStart
            atLineStart = false
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (startOfLine && (scalar == " " || scalar == "★")) {
                out += "&#\(scalar.value);"
                continue
            }
            if alwaysEscaped.contains(scalar) || (startOfLine && scalar.isASCII && scalar.properties.isPunctuationOrSymbolASCII)
                || (digitsAtStart && (scalar == "." || scalar == ")")) {
                out += "\\"
            }
            out.unicodeScalars.append(scalar)
            digitsAtStart = (startOfLine || digitsAtStart) && ("0"..."9").contains(scalar)
        }
        return out
    }

    /// Whether `line` ends with an unescaped backslash (a hard line break).
    static func endsWithHardBreak(_ line: String) -> Bool {
        line.utf8.reversed().prefix { $0 == UInt8(ascii: "\\") }.count % 2 == 1
    }

    /// Undoes backslash escapes of ASCII punctuation and numeric (and a few named) character references.
    static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") || text.contains("&") else { return String(text) }
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\\", let next = scalars.first, next.isASCII, next.properties.isPunctuationOrSymbolASCII {
                out.append(next)
                scalars = scalars.dropFirst()
            } else if scalar == "&", let end = scalars.prefix(12).firstIndex(of: ";"),
                      let decoded = reference(String(String.UnicodeScalarView(scalars[..<end]))) {
                out.append(decoded)
                scalars = scalars[(end + 1)...]
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func reference(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}

extension Unicode.Scalar.Properties {
    /// Whether an ASCII scalar is punctuation or a symbol (`!` to `/`, `:` to `@`, `[` to `` ` ``, `{` to `~`):
    /// the characters CommonMark lets a backslash escape.
    var isPunctuationOrSymbolASCII: Bool {
        let value = generalCategory
        return [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .otherPunctuation,
                .mathSymbol, .currencySymbol, .modifierSymbol, .initialPunctuation, .finalPunctuation].contains(value)
    }
}
