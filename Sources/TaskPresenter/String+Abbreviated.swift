extension String {
    /// The string itself when it has at most `limit` characters, else its first `limit - 1` and `…`,
    /// so that a 10,000-digit number does not make a 10,000-character message.
    func abbreviated(to limit: Int) -> String {
        guard limit > 1, count > limit else { return self }
        return String(prefix(limit - 1)) + "…"
    }

    /// The string itself when it has at most `limit` characters, else its start and its end with
    /// `…` between: a name whose end tells it apart (`…-12345.ics`, `…/personal-tasks/`) keeps it.
    func abbreviatedInMiddle(to limit: Int) -> String {
        guard limit > 2, count > limit else { return self }
        let end = (limit - 1) / 2
        return String(prefix(limit - 1 - end)) + "…" + String(suffix(end))
    }
}
