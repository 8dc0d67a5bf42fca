/// Finds what must never reach a terminal in a program's output: bytes that are not UTF-8, and
/// control characters other than the line feed (C0, DEL, C1 in UTF-8 form).
enum RawControlBytes {
    /// Each problem found in `bytes`, described (`U+001B at byte 5`, `invalid UTF-8`); empty when none.
    static func found(in bytes: [UInt8]) -> [String] {
        guard let text = String(validating: bytes, as: UTF8.self) else { return ["invalid UTF-8"] }
        var problems: [String] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) {
                problems.append("U+\(String(value, radix: 16, uppercase: true)) at byte \(offset)")
            }
            offset += String(scalar).utf8.count
        }
        return problems
    }
}
