/// The file name after `export` or `import`, read as a user of a shell expects.
///
/// Typed at the prompt or in a script (`typed`), quotes and backslashes are read as a shell reads
/// them (`"my list.md"`, `my\ list.md`, `'my list.md'`), and a `~` at the start, unquoted, stays for the
/// file port to expand to a home folder (`~/todo.md`, `~ann/todo.md`). A name with spaces and
/// neither quotes nor backslashes is taken whole, as it always was. On the command line
/// (`commandLine`), the shell that ran tasks has read them already: the words are the name as
/// they are, and a `~` at its start is a folder of that name (`./~`).
enum FileNameWord {
    /// Where the line came from.
    enum Reading {
        case typed
        case commandLine
    }

    /// The file name `text` (the rest of the line, trimmed) stands for.
    static func read(_ text: String, as reading: Reading) throws(ParseError) -> String {
        let bytes = Array(text.utf8)
        let quoting: Set<UInt8> = [UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\")]
        guard reading == .typed, bytes.contains(where: quoting.contains) else {
            return reading == .commandLine && text.hasPrefix("~") ? "./" + text : text
        }
        var word: [UInt8] = []
        var index = 0
        var literalTilde = false
        func append(_ byte: UInt8, quoted: Bool) {
            if word.isEmpty, byte == UInt8(ascii: "~"), quoted { literalTilde = true }
            word.append(byte)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"):
                guard let close = bytes[(index + 1)...].firstIndex(of: byte) else { throw .unclosedQuote }
                for quoted in bytes[(index + 1)..<close] { append(quoted, quoted: true) }
                index = close + 1
            case UInt8(ascii: "\""):
                index += 1
                while true {
                    guard index < bytes.count else { throw .unclosedQuote }
                    if bytes[index] == UInt8(ascii: "\"") { break }
                    // Inside double quotes a backslash keeps only these.
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                       [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "$"), UInt8(ascii: "`")].contains(bytes[index + 1]) {
                        index += 1
                    }
                    append(bytes[index], quoted: true)
                    index += 1
                }
                index += 1
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { throw .unclosedQuote }
                append(bytes[index + 1], quoted: true)
                index += 2
            case _ where CommandParser.isWhitespace(byte):
                throw .severalFileNames
            default:
                append(byte, quoted: false)
                index += 1
            }
        }
        guard !word.isEmpty else { throw .emptyFileName }
        return (literalTilde ? "./" : "") + String(decoding: word, as: UTF8.self)
    }
}
