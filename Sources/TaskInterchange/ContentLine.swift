/// One iCalendar content line, `NAME;PARAM=…:value`, and the folding of lines (RFC 5545 §3.1).
struct ContentLine {
    /// The whole unfolded line.
    var text: String
    /// The property name, upper case.
    var name: String
    /// The value after the first `:` outside quotes.
    var value: String
    /// The line it starts on.
    var number: Int

    init?(_ text: String, number: Int) {
        guard let colon = Self.colon(in: text) else { return nil }
        self.text = text
        self.name = Self.name(of: text)
        self.value = String(text[text.index(after: colon)...])
        self.number = number
        guard !name.isEmpty else { return nil }
    }

    /// The first `:` outside quotes, which ends the name and parameters.
    private static func colon(in text: String) -> String.Index? {
        var inQuotes = false
        for index in text.indices {
            let character = text[index]
            if character == "\"" { inQuotes.toggle() }
            if character == ":" && !inQuotes { return index }
        }
        return nil
    }

    /// A line's name and parameters (`SUMMARY;LANGUAGE=de`): all of it before the value.
    static func head(of line: String) -> Substring {
        line[..<(colon(in: line) ?? line.endIndex)]
    }

    /// The property name of a line: up to the first `;` or `:`, upper case.
    static func name(of line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }

    /// The logical lines of a file: CRLF or LF line ends, a line starting with a space or a tab
    /// continuing the one before; each with the number of the line it starts on.
    static func unfold(_ bytes: [UInt8]) throws(InterchangeError) -> [(text: String, number: Int)] {
        var lines: [(bytes: [UInt8], number: Int)] = []
        for line in ByteLines(bytes) {
            let slice = bytes[line.range]
            if let first = slice.first, first == 0x20 || first == 0x09, !lines.isEmpty {
                lines[lines.count - 1].bytes += slice.dropFirst()
            } else {
                lines.append((Array(slice), line.number))
            }
        }
        var result: [(text: String, number: Int)] = []
        result.reserveCapacity(lines.count)
        for line in lines {
            result.append((try String.decoding(line.bytes[...], line: line.number), line.number))
        }
        return result
    }

    /// Appends `line` folded: at most 75 octets a line (a continuation's leading space included),
    /// never inside a UTF-8 sequence, each line ended by CRLF.
    static func fold(_ line: String, into out: inout [UInt8]) {
        let bytes = Array(line.utf8)
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            out.append(contentsOf: bytes[start..<end])
            out.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = end
            limit = 74
        }
        out.append(contentsOf: bytes[start...])
        out.append(contentsOf: [0x0D, 0x0A])
    }
}
