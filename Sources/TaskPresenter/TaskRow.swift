/// One line of the list as the view shows it: the number the user types, the text, the star.
public struct TaskRow: Sendable, Hashable {
    /// The number shown in front of the task, from 1.
    public var number: Int
    /// The task's text exactly as stored (the view escapes control characters).
    public var text: String
    /// Whether the row shows a star.
    public var isFavorite: Bool

    /// Creates a row.
    public init(number: Int, text: String, isFavorite: Bool) {
        self.number = number
        self.text = text
        self.isFavorite = isFavorite
    }
}
