/// The backslash escapes of todo.txt texts: `\n`, `\r`, `\t`, `\xHH` for other control characters
/// (C0, DEL, C1); `\+` and `\@` for a word of the text that would read as a tag or a context;
/// `\:` for the colon of a word that would read as one of the keys tasks reads (`due:`, `rec:`,
/// … `TodoTxtAttributes.keys`) or, as the last word, as a `pri:` key. A backslash is doubled only
/// where it would otherwise start one of these, so that ordinary texts (`C:\Users`) are written
/// as they are.
enum TodoTxtEscaping {
    private static let escapable: Set<Character> = ["\\", "n", "r", "t", "x", ":", "+", "@"]

    static func escape(_ text: String, guardingPriorityKey: Bool) -> String {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\\") && $0 != 0xC2 }
        if plain && !(guardingPriorityKey && text.utf8.contains(UInt8(ascii: ":"))) && !hasAttributeWord(text) {
            return text
        }
        var pieces: [String] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: pieces.append("\\n")
            case 0x0D: pieces.append("\\r")
            case 0x09: pieces.append("\\t")
            case 0x00...0x1F, 0x7F...0x9F: pieces.append("\\x" + String(format: "%02X", scalar.value))
            default: pieces.append(String(scalar))
            }
        }
        guardAttributeWords(&pieces)
        if guardingPriorityKey, let colon = priorityKeyColon(pieces) { pieces[colon] = "\\:" }
        var out = ""
        for index in pieces.indices {
            if pieces[index] == "\\", let next = pieces[(index + 1)...].first?.first, escapable.contains(next) {
                out += "\\\\"
            } else {
                out += pieces[index]
            }
        }
        return out
    }

    /// Whether a word of `text` starts like a tag, a context or a key that tasks reads.
    private static func hasAttributeWord(_ text: String) -> Bool {
        text.split(separator: " ").contains { word in
            (word.count > 1 && (word.hasPrefix("+") || word.hasPrefix("@")))
                || TodoTxtAttributes.keys.contains { word.hasPrefix($0 + ":") }
        }
    }

    /// Escapes the `+` or `@` that starts a word (followed by more than a space), and the colon of
    /// a word that starts with a key tasks reads: so the word stays text when read back.
    private static func guardAttributeWords(_ pieces: inout [String]) {
        for start in pieces.indices where start == 0 || pieces[start - 1] == " " {
            if pieces[start] == "+" || pieces[start] == "@", start + 1 < pieces.count, pieces[start + 1] != " " {
                pieces[start] = "\\" + pieces[start]
                continue
            }
            for key in TodoTxtAttributes.keys {
                let end = start + key.count
                guard end < pieces.count, pieces[end] == ":", pieces[start..<end].joined() == key else { continue }
                pieces[end] = "\\:"
                break
            }
        }
    }

    /// Where the colon is when the pieces end in a word `pri:X` (X a capital letter).
    private static func priorityKeyColon(_ pieces: [String]) -> Int? {
        let count = pieces.count
        guard count >= 5, pieces[(count - 5)..<(count - 1)].joined() == "pri:",
              count == 5 || pieces[count - 6] == " ",
              let last = pieces[count - 1].unicodeScalars.first, pieces[count - 1].unicodeScalars.count == 1,
              ("A"..."Z").contains(last) else { return nil }
        return count - 2
    }

    static func unescape(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.first else {
                out.append(scalar)
                continue
            }
            switch next {
            case "\\": out.append("\\")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case ":", "+", "@": out.append(next)
            case "x":
                let hex = String(String.UnicodeScalarView(scalars.dropFirst().prefix(2)))
                guard hex.count == 2, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                    out.append(scalar)
                    continue
                }
                out.append(decoded)
                scalars = scalars.dropFirst(2)
            default:
                out.append(scalar)
                continue
            }
            scalars = scalars.dropFirst()
        }
        return String(out)
    }
}
