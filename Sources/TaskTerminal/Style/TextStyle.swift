/// The escape sequences written before and after a piece of text to colour it, or none.
public struct TextStyle: Sendable, Hashable {
    /// Written before the text.
    public let start: String
    /// Written after the text.
    public let end: String

    /// No style: the text as it is.
    public static let none = TextStyle(start: "", end: "")

    /// An ANSI SGR style (`"2"` dim, `"31"` red, …) reset after the text.
    public init(sgr code: String) {
        self.init(start: "\u{1B}[" + code + "m", end: "\u{1B}[0m")
    }

    private init(start: String, end: String) {
        self.start = start
        self.end = end
    }

    /// `text` in this style.
    public func callAsFunction(_ text: String) -> String {
        start + text + end
    }
}
