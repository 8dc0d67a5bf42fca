/// iCalendar TEXT values (RFC 5545 §3.3.11): what `SUMMARY` and `CATEGORIES` hold, escaped.
enum ICalendarText {
    /// The text as a `SUMMARY` value: `\`, `;`, `,` and line breaks escaped, other control
    /// characters (which TEXT cannot hold) replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\t": out += "\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Whether `text` holds control characters that a TEXT value cannot (`X-TASKS-TEXT` then holds it).
    static func needsExactText(_ text: String) -> Bool {
        text.utf8.contains { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F }
    }

    /// A TEXT value read: `\n`, `\\`, `\;` and `\,` unescaped, any other backslash kept.
    static func unescape(_ value: Substring) -> String {
        guard value.contains("\\") else { return String(value) }
        var out = ""
        var characters = value[...]
        while let character = characters.popFirst() {
            guard character == "\\", let next = characters.first else {
                out.append(character)
                continue
            }
            switch next {
            case "n", "N": out.append("\n")
            case "\\", ";", ",": out.append(next)
            default:
                out.append(character)
                continue
            }
            characters = characters.dropFirst()
        }
        return out
    }
}
