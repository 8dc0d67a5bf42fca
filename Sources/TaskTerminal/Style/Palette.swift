/// The styles the view uses for each kind of text: modest ANSI colours, or none.
public struct Palette: Sendable, Hashable {
    /// Row numbers.
    public let number: TextStyle
    /// The favourite star.
    public let star: TextStyle
    /// Error messages.
    public let error: TextStyle
    /// Hints such as the empty-list text.
    public let hint: TextStyle
    /// The mark and text of a done task.
    public let done: TextStyle

    /// No colour: text is written as it is.
    public static let plain = Palette(number: .none, star: .none, error: .none, hint: .none, done: .none)
    /// Dim numbers and hints, a yellow star, red errors, done tasks dim and struck through.
    public static let ansi = Palette(number: TextStyle(sgr: "2"), star: TextStyle(sgr: "33"),
                                     error: TextStyle(sgr: "31"), hint: TextStyle(sgr: "2"), done: TextStyle(sgr: "2;9"))
}
