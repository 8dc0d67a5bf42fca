/// A section of the manual page, in a form that says what each piece of text is and leaves the
/// layout to the view. In every text, a span between backticks is literal: something typed
/// as it is shown (a command, a flag, a path, a variable).
public struct ManualSection: Sendable, Hashable {
    /// One piece of a section.
    public enum Block: Sendable, Hashable {
        /// A paragraph.
        case paragraph(String)
        /// A term (a command, a variable, a file) and what it means, one paragraph a line.
        case item(term: String, text: [String])
        /// Lines shown exactly as they are, as on a terminal.
        case example([String])
    }

    /// The section's title (`COMMANDS`).
    public var title: String
    /// What it says, in order.
    public var blocks: [Block]

    /// Creates a section.
    public init(_ title: String, _ blocks: [Block]) {
        self.title = title
        self.blocks = blocks
    }
}
