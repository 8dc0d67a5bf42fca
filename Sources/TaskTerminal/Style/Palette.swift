/// The colours the view uses, or none: ANSI SGR sequences wrapped around parts of the output.
public struct Palette: Sendable, Hashable {
    /// Whether colours are written at all.
    public let isEnabled: Bool

    /// No colour: text is written as it is.
    public static let plain = Palette(isEnabled: false)
    /// Modest ANSI colours: dim numbers, a yellow star, red errors.
    public static let ansi = Palette(isEnabled: true)

    /// The row number, dimmed.
    public func number(_ text: String) -> String { paint(text, "2") }
    /// The favourite star, in yellow.
    public func star(_ text: String) -> String { paint(text, "33") }
    /// An error message, in red.
    public func error(_ text: String) -> String { paint(text, "31") }
    /// A hint such as the empty-list text, dimmed.
    public func hint(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
    }
}
