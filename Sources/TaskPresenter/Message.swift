/// A one-line message for the user, ready to print.
public struct Message: Sendable, Hashable {
    /// Whether a message reports a failure.
    public enum Kind: Sendable, Hashable {
        /// Something the user may like to know; printed to standard output.
        case info
        /// A command failed; printed to standard error.
        case error
    }

    /// Info or error.
    public var kind: Kind
    /// The text, without a trailing newline (the view escapes control characters).
    public var text: String

    /// Creates a message.
    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// An info message.
    public static func info(_ text: String) -> Message { Message(kind: .info, text: text) }
    /// An error message.
    public static func error(_ text: String) -> Message { Message(kind: .error, text: text) }
}
