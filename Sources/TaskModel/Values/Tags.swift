/// A task's tags: words without spaces, each once, in the order given. A tag typed `+home` is
/// `home`; a context typed `@phone` (todo.txt's) is `@phone`, so that both kinds survive a round trip.
public enum Tags {
    /// Whether `tag` can be a tag: not empty, without spaces or control characters.
    public static func isValid(_ tag: String) -> Bool {
        !tag.isEmpty && !tag.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A tag another program wrote, made one: each run of spaces or control characters in it
    /// becomes `_` (`bad tag` → `bad_tag`, as Taskwarrior and todo.txt need anyway); nil when nothing
    /// else is left.
    public static func fromElsewhere(_ raw: String) -> String? {
        var tag = ""
        var pendingSeparator = false
        for scalar in raw.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                || (0x80..<0xA0).contains(scalar.value) {
                pendingSeparator = !tag.isEmpty
                continue
            }
            if pendingSeparator { tag.append("_") }
            pendingSeparator = false
            tag.unicodeScalars.append(scalar)
        }
        return tag.isEmpty ? nil : tag
    }

    /// `tags` with `added` appended (those not there yet) and `removed` taken out.
    public static func changing(_ tags: [String], adding added: [String], removing removed: [String]) -> [String] {
        let removed = Set(removed)
        return (tags + added).uniqued().filter { !removed.contains($0) }
    }

    /// How a backend keeps tags in one text column: separated by spaces; nil when there are none.
    public static func storedForm(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : tags.joined(separator: " ")
    }

    /// The tags `storedForm` wrote.
    public static func read(storedForm: String?) -> [String] {
        guard let storedForm else { return [] }
        // One tag, the usual case, without splitting (a list reads thousands).
        guard storedForm.utf8.contains(UInt8(ascii: " ")) else { return [storedForm] }
        return storedForm.split(separator: " ").map(String.init)
    }
}
