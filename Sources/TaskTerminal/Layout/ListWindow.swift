/// Which rows of a list taller than the terminal the prompt shows after a change (or as it opens):
/// as many as fit, around the row the change touched, so that its effect is on screen with the
/// message after it. Rows are counted in the terminal lines they take: a long text wraps.
public struct ListWindow: Sendable, Hashable {
    /// The rows shown, as positions among all the rows.
    public var shown: Range<Int>
    /// How many rows are left out above and below.
    public var hiddenAbove: Int { shown.lowerBound }
    public let hiddenBelow: Int
    /// The most lines a row may take in the window: a row whose text would take more is cut to
    /// this many (`ListFormatter.write(maxLinesPerRow:)`), so that its first line stays on screen.
    public let rowLineLimit: Int

    /// The lines a window leaves for the prompt, a message and the two lines that count what is
    /// hidden, when each takes one line.
    public static let reservedLines = 4

    /// The window on `count` rows around `focus` for a terminal of `height` lines, leaving
    /// `reservedLines` for the prompt, a message and the counts of what is hidden; `lines` says how
    /// many lines a row takes (one unless it wraps). Nil when every row fits beside the prompt and
    /// a message. However short the terminal, a window shows at least the focused row: a long list
    /// poured whole into a few lines would be worse.
    public init?(count: Int, focus: Int, height: Int, reservedLines: Int = Self.reservedLines,
                 lines: (Int) -> Int = { _ in 1 }) {
        let room = max(height - reservedLines, 1)
        guard count > 0, !Self.fits(count: count, in: max(height - 2, 0), lines: lines) else { return nil }
        let focus = min(max(focus, 0), count - 1)
        rowLineLimit = room
        func linesOf(_ row: Int) -> Int { min(lines(row), room) }
        var start = focus
        var end = focus + 1
        var used = linesOf(focus)
        // One row above, then one below, while they fit: centred on the focus, and filling the room
        // from the other side once one end of the list is reached.
        var grew = true
        while grew {
            grew = false
            if start > 0, used + linesOf(start - 1) <= room {
                start -= 1
                used += linesOf(start)
                grew = true
            }
            if end < count, used + linesOf(end) <= room {
                used += linesOf(end)
                end += 1
                grew = true
            }
        }
        shown = start..<end
        hiddenBelow = count - end
    }

    /// Whether `count` rows take at most `height` lines (looking at no more rows than that).
    private static func fits(count: Int, in height: Int, lines: (Int) -> Int) -> Bool {
        guard count <= height else { return false }
        var used = 0
        for row in 0..<count {
            used += lines(row)
            if used > height { return false }
        }
        return true
    }
}
