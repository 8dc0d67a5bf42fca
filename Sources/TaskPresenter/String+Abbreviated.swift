import TaskWidth

extension String {
    /// The string itself when it takes at most `limit` terminal columns, else its first characters
    /// and `…` in `limit` columns (a column less where a wide character would be cut), so that a
    /// 10,000-digit number does not make a 10,000-character message, nor Japanese text a line
    /// twice as wide as it counts.
    func abbreviated(to limit: Int) -> String {
        guard limit > 1 else { return self }
        return abbreviated(toColumns: limit)
    }

    /// The string itself when it takes at most `limit` columns, else its start and its end with `…`
    /// between: a name whose end tells it apart (`…-12345.ics`, `…/personal-tasks/`) keeps it.
    func abbreviatedInMiddle(to limit: Int) -> String {
        guard limit > 2, DisplayWidth.of(self) > limit else { return self }
        let endColumns = (limit - 1) / 2
        var end = ""
        var used = 0
        for character in reversed() {
            let next = DisplayWidth.of(character)
            if used + next > endColumns { break }
            end.insert(character, at: end.startIndex)
            used += next
        }
        let start = String(dropLast(end.count)).abbreviated(toColumns: limit - used)
        return start.hasSuffix("…") ? start + end : start + "…" + end
    }

    /// A path in at most `limit` columns: its folders shortened (`/tmp/ta…/tasks.sqlite`), its file
    /// name kept whole while that leaves room for two columns of them; else shortened in the middle.
    func abbreviatedPath(to limit: Int) -> String {
        guard DisplayWidth.of(self) > limit, let slash = lastIndex(of: "/") else { return abbreviatedInMiddle(to: limit) }
        let name = self[slash...]
        let room = limit - DisplayWidth.of(String(name))
        guard room >= 2 else { return abbreviatedInMiddle(to: limit) }
        return self[..<slash].description.abbreviated(toColumns: room) + name
    }
}
