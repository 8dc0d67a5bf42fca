/// Which rows of a list taller than the terminal the prompt shows after a change (or as it opens):
/// as many as fit, around the row the change touched, so that its effect is on screen with the
/// message after it.
public struct ListWindow: Sendable, Hashable {
    /// The rows shown, as positions among all the rows.
    public var shown: Range<Int>
    /// How many rows are left out above and below.
    public var hiddenAbove: Int { shown.lowerBound }
    public let hiddenBelow: Int

    /// The lines a window leaves for the prompt, a message and the two lines that count what is hidden.
    public static let reservedLines = 4

    /// The window on `count` rows around `focus` for a terminal of `height` lines; nil when every row
    /// fits (or the terminal is too short to show a window worth having).
    public init?(count: Int, focus: Int, height: Int) {
        let room = height - Self.reservedLines
        guard count > height - 2, room >= 3 else { return nil }
        let focus = min(max(focus, 0), count - 1)
        let start = min(max(focus - room / 2, 0), count - room)
        shown = start..<(start + room)
        hiddenBelow = count - shown.upperBound
    }
}
