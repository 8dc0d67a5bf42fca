extension String {
    /// This text when it takes at most `columns` terminal columns, measured as `DisplayWidth`
    /// measures, else as many of its first characters as leave a column for `…`, and `…` (a wide
    /// character is never cut in half: the line is a column shorter then). The text should hold no
    /// control characters (escape them first).
    public func abbreviated(toColumns columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard DisplayWidth.of(self) > columns else { return self }
        var result = ""
        var used = 0
        for character in self {
            let next = DisplayWidth.of(character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }
}
