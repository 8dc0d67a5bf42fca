extension String {
    /// The string itself when it has at most `limit` characters, else its first `limit - 1` and `…`,
    /// so that a 10,000-digit number does not make a 10,000-character message.
    func abbreviated(to limit: Int) -> String {
        guard limit > 1, count > limit else { return self }
        return String(prefix(limit - 1)) + "…"
    }
}
