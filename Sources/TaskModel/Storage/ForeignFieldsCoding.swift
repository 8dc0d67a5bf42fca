/// How `TaskItem.foreign` is kept in the `foreignFields` column: NULL when empty, else each format's
/// entry, sorted by format, as `<bytes>:<format><bytes>:<fields>` (byte counts in decimal), so any
/// text, NUL included, is kept exactly and reading it back needs no JSON parser. The shared list
/// (TaskPostgres) keeps the same text, as bytes, and merges an import's fields the same way: both
/// backends code it here.
package enum ForeignFieldsCoding {
    /// The column's value for `foreign`: nil (NULL) when there is nothing.
    package static func encode(_ foreign: [String: String]) -> String? {
        guard !foreign.isEmpty else { return nil }
        var text = ""
        for key in foreign.keys.sorted() {
            let value = foreign[key] ?? ""
            text += "\(key.utf8.count):\(key)\(value.utf8.count):\(value)"
        }
        return text
    }

    /// The fields `encode` wrote as `text`; nil when it is not such a text.
    package static func decode(_ text: String) -> [String: String]? {
        let bytes = Array(text.utf8)
        var fields: [String: String] = [:]
        var index = 0
        func next() -> String? {
            var count = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 10 {
                count = count * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":"),
                  count <= bytes.count - index - 1 else { return nil }
            let value = String(decoding: bytes[(index + 1)..<(index + 1 + count)], as: UTF8.self)
            index += 1 + count
            return value
        }
        while index < bytes.count {
            guard let key = next(), let value = next() else { return nil }
            fields[key] = value
        }
        return fields
    }

    /// `existing` with each format of `incoming` put in its place (an empty value removes it).
    package static func merge(_ existing: [String: String], _ incoming: [String: String]) -> [String: String] {
        var merged = existing
        for (key, value) in incoming {
            merged[key] = value.isEmpty ? nil : value
        }
        return merged
    }
}
