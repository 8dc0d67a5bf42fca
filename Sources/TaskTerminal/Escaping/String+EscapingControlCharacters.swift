extension String {
    /// This text with every character that could drive a terminal written out as a visible escape.
    ///
    /// C0 controls, DEL and C1 controls become `\0`, `\t`, `\n`, `\r`, `\e` or `\xHH` / `\u{HH}`;
    /// bidirectional controls and the Unicode line and paragraph separators become `\u{HHHH}`.
    /// Everything else, backslashes included, is kept as it is; with `keepingLineBreaks`, so is `\n`
    /// (for text of several lines, such as help).
    public func escapingControlCharacters(keepingLineBreaks: Bool = false) -> String {
        let mayNeedEscapes = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { Self.mayStartEscapedCharacter($0, keepingLineBreaks) }
        } ?? utf8.contains { Self.mayStartEscapedCharacter($0, keepingLineBreaks) }
        guard mayNeedEscapes else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if keepingLineBreaks && scalar == "\n" {
                escaped.unicodeScalars.append(scalar)
            } else if let replacement = Self.escape(for: scalar) {
                escaped += replacement
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether `byte` may begin the UTF-8 encoding of a character that needs escaping
    /// (a cheap, conservative test that lets ordinary text skip the slow path).
    private static func mayStartEscapedCharacter(_ byte: UInt8, _ keepingLineBreaks: Bool) -> Bool {
        (byte < 0x20 && !(keepingLineBreaks && byte == 0x0A)) || byte == 0x7F
            || byte == 0xC2 // U+0080…U+00BF: the C1 controls
            || byte == 0xD8 // U+0600…U+063F: the Arabic letter mark
            || byte == 0xE2 // U+2000…U+2FFF: bidirectional controls, line and paragraph separators
    }

    /// The visible replacement for `scalar`, or nil when it is shown as it is.
    private static func escape(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x00: return "\\0"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0x01...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        case 0x80...0x9F: return "\\u{" + hex(scalar.value, digits: 2) + "}"
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
            return "\\u{" + hex(scalar.value, digits: 4) + "}"
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }
}
