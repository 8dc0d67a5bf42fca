/// A task's tags: words without spaces, each once, in the order given. A tag typed `+home` is
/// `home`; a context typed `@phone` (todo.txt's) is `@phone`, so that both kinds survive a round trip.
public enum Tags {
    /// Whether `tag` can be a tag: not empty, without spaces or control characters.
    public static func isValid(_ tag: String) -> Bool {
        !tag.isEmpty && !tag.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
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
