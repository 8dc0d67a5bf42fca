extension Array where Element: Hashable {
    /// The elements in order, each once: a command naming a task twice touches it once.
    package func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
