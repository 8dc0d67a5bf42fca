/// What became of one line handed to the presenter.
public enum CommandResult: Sendable, Hashable {
    /// The command ran (or the line was blank or a comment).
    case succeeded
    /// The command failed; an error message was shown.
    case failed
    /// The user asked to leave (`quit`, `exit`).
    case quit
}

/// What became of a script.
public struct ScriptResult: Sendable, Hashable {
    /// How many lines failed (each reported as `line N: …`).
    public var failedLines: Int
    /// Whether the script's changes were saved (false when an atomic script failed, or storage failed).
    public var committed: Bool

    /// Creates a script result.
    public init(failedLines: Int, committed: Bool) {
        self.failedLines = failedLines
        self.committed = committed
    }

    /// Whether the process should exit 0.
    public var succeeded: Bool { failedLines == 0 && committed }
}
