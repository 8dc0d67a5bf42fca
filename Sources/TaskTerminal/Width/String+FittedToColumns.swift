import TaskWidth

extension String {
    /// This text made exactly `columns` terminal columns wide, measured as `DisplayWidth` measures:
    /// spaces added after it, or, when it is wider, cut after the last whole character that leaves
    /// room for `…` (a wide character is never cut in half; a space fills the column it would leave).
    /// The text should hold no control characters (escape them first).
    public func fitted(toColumns columns: Int) -> String {
        let cut = abbreviated(toColumns: columns)
        return cut + String(repeating: " ", count: Swift.max(columns - DisplayWidth.of(cut), 0))
    }
}
