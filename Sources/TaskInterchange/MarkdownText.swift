/// A task's text in a Markdown item is Markdown source, written as it is: `**Bold** and `code``
/// stays so, and renders as the user wrote it. Only what would end or change the item is escaped,
/// as a numeric character reference (`&#35;`), each exactly where it is needed:
///
/// - a control character (not a line break; a tab only at the start of a line), which a file
///   cannot hold raw (a CR would end the line);
/// - at the start of the text, a space (the item would eat it) and `★` (it would read as a favourite);
/// - at the start of a line after a line break, a space, a character that would begin another
///   block (`#`, `>`, `-`, `+`, `*`, `=`, `_`, `` ` ``, `~`, `<`, `|`) and the first digit of an ordered
///   list's number (`1.`, `2)`);
/// - a backslash before a line break (it would pair with the `\` of the hard line break);
/// - an `&` that starts what would read as one of these references (`&#38;#35;` for the text `&#35;`).
///
/// `decode` turns back exactly these references, in exactly these places, and leaves any other
/// Markdown alone, so that `encode(decode(s)) == s` for what a person writes and
/// `decode(encode(text)) == text` for every text. A line break stays a line break here: the item
/// writes it as a hard line break (`MarkdownChecklist`).
enum MarkdownText {
    private enum Place {
        case textStart, lineStart, inside
    }

    /// Characters that begin a block at the start of a line (headings, quotes, lists, rules,
    /// setext underlines, fences, HTML, tables).
    private static let blockStarters: Set<Unicode.Scalar> = ["#", ">", "-", "+", "*", "=", "_", "`", "~", "<", "|"]

    static func encode(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for index in scalars.indices {
            let scalar = scalars[index]
            if mustEscape(scalar, at: place(of: index, in: scalars), before: scalars[(index + 1)...]) {
                out.append(contentsOf: "&#\(scalar.value);".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func decode(_ source: Substring) -> String {
        guard source.contains("&") else { return String(source) }
        let scalars = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&",
               let (scalar, length) = reference(scalars[(index + 1)...], at: place(of: index, in: scalars)) {
                out.append(scalar)
                index += length + 1
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    private static func place(of index: Int, in scalars: [Unicode.Scalar]) -> Place {
        index == 0 ? .textStart : scalars[index - 1] == "\n" ? .lineStart : .inside
    }

    /// Whether `scalar`, at `place` and followed by `rest`, is written as a reference.
    private static func mustEscape(_ scalar: Unicode.Scalar, at place: Place, before rest: ArraySlice<Unicode.Scalar>) -> Bool {
        switch scalar {
        case "\n": return false
        case "\t": return place != .inside
        case "\\": return rest.first == "\n"
        case "&": return reference(rest, at: place) != nil
        default: break
        }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        switch place {
        case .textStart: return scalar == " " || scalar == "★"
        case .lineStart:
            return scalar == " " || blockStarters.contains(scalar) || (("0"..."9").contains(scalar) && startsOrderedMarker(rest))
        case .inside: return false
        }
    }

    /// The character of the reference `#N;` at the start of `rest` (after an `&`) and its length,
    /// when `encode` would have written it there; nil for any other text.
    private static func reference(_ rest: ArraySlice<Unicode.Scalar>, at place: Place) -> (Unicode.Scalar, Int)? {
        guard rest.first == "#" else { return nil }
        let digits = rest.dropFirst().prefix { ("0"..."9").contains($0) }
        guard (1...7).contains(digits.count), digits.first != "0" || digits.count == 1,
              rest.dropFirst(digits.count + 1).first == ";",
              let value = UInt32(String(String.UnicodeScalarView(digits))), let scalar = Unicode.Scalar(value) else {
            return nil
        }
        let length = digits.count + 2
        return mustEscape(scalar, at: place, before: rest.dropFirst(length)) ? (scalar, length) : nil
    }

    /// Whether `rest` goes on as an ordered list's number does after its first digit: up to eight
    /// more digits, then `.` or `)`.
    private static func startsOrderedMarker(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        let digits = rest.prefix { ("0"..."9").contains($0) }.count
        return digits <= 8 && [".", ")"].contains(rest.dropFirst(digits).first)
    }
}
