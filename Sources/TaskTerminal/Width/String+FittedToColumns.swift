extension String {
    /// This text made exactly `columns` terminal columns wide, measured as `DisplayWidth` measures:
    /// spaces added after it, or, when it is wider, cut after the last whole character that leaves
    /// room for `…` (a wide character is never cut in half; a space fills the column it would leave).
    /// The text should hold no control characters (escape them first).
    public func fitted(toColumns columns: Int) -> String {
        guard columns > 0 else { return "" }
        let width = DisplayWidth.of(self)
        if width <= columns { return self + String(repeating: " ", count: columns - width) }
        var result = ""
        var used = 0
        for character in self {
            let next = DisplayWidth.of(character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…" + String(repeating: " ", count: columns - 1 - used)
    }
}
