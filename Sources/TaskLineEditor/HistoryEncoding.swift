/// The text format of the history file, libedit's own (its `H_SAVE`/`H_LOAD`), so that files
/// written by earlier versions of `tasks` load and files written now load in them: a first line
/// `_HiStOrY_V2_`, then one entry per line, oldest first, with spaces, tabs, line breaks,
/// backslashes and control characters written in octal as libedit's `strvis(3)` does
/// (`add\040milk`).
enum HistoryEncoding {
    /// The first line of the file.
    static let header = "_HiStOrY_V2_"

    /// The file's bytes for `entries`.
    static func encode(_ entries: [String]) -> [UInt8] {
        var bytes = Array((header + "\n").utf8)
        for entry in entries {
            for scalar in entry.unicodeScalars {
                let value = scalar.value
                if value <= 0x20 || value == 0x5C || (0x7F...0x9F).contains(value) {
                    for byte in String(scalar).utf8 { bytes += octal(byte) }
                } else {
                    bytes += String(scalar).utf8
                }
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The entries in a file's bytes, oldest first. A file without the header line (written by
    /// something else) is read as one plain entry per line.
    static func decode(_ bytes: [UInt8]) -> [String] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first, first.elementsEqual(header.utf8) else {
            return lines.map { String(decoding: $0, as: UTF8.self) }
        }
        lines.removeFirst()
        return lines.map { String(decoding: unescaped($0), as: UTF8.self) }
    }

    /// `\ooo`: three octal digits.
    private static func octal(_ byte: UInt8) -> [UInt8] {
        [0x5C, 0x30 + (byte >> 6), 0x30 + ((byte >> 3) & 7), 0x30 + (byte & 7)]
    }

    /// The bytes `line` stands for, its `strvis(3)` escapes undone: `\\`, `\ooo`, `\^X`, `\M-x`,
    /// `\M^X` and the C-style ones (`\n`, `\t`, `\s`, `\E`, …). An unknown escape stands for itself.
    private static func unescaped(_ line: ArraySlice<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = line.startIndex
        func next() -> UInt8? {
            guard index < line.endIndex else { return nil }
            defer { index += 1 }
            return line[index]
        }
        func control(_ byte: UInt8) -> UInt8 { byte == UInt8(ascii: "?") ? 0x7F : byte & 0x1F }
        while let byte = next() {
            guard byte == 0x5C, let escape = next() else {
                bytes.append(byte)
                continue
            }
            switch escape {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escape - 0x30)
                for _ in 0..<2 {
                    guard index < line.endIndex, (0x30...0x37).contains(line[index]) else { break }
                    value = value * 8 + UInt32(line[index] - 0x30)
                    index += 1
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "^"):
                if let controlled = next() { bytes.append(control(controlled)) }
            case UInt8(ascii: "M"):
                switch next() {
                case UInt8(ascii: "-"): if let meta = next() { bytes.append(meta | 0x80) }
                case UInt8(ascii: "^"): if let meta = next() { bytes.append(control(meta) | 0x80) }
                default: break
                }
            default:
                bytes.append(cStyle[escape] ?? escape)
            }
        }
        return bytes
    }

    /// The C-style escapes `strvis(3)` may write, by the letter after the backslash.
    private static let cStyle: [UInt8: UInt8] = [
        UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "a"): 0x07, UInt8(ascii: "v"): 0x0B, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "s"): 0x20,
        UInt8(ascii: "E"): 0x1B, UInt8(ascii: "e"): 0x1B,
    ]
}
