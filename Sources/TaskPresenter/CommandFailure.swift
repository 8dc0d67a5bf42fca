import TaskSync

/// A failed line as the user sees it: `[line N: ]<input as typed, trimmed>: <reason>`.
struct CommandFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line number within a script, counting every line from 1; nil outside scripts.
    var lineNumber: Int?
    /// The input, trimmed (and shortened when very long).
    var input: String
    /// What went wrong.
    var reason: String

    /// Creates a failure for `line` as typed; the line is trimmed and long lines are shortened.
    init(line: Substring, reason: String, lineNumber: Int? = nil) {
        let bytes = line.utf8
        let (start, end) = CommandParser.trimmed(bytes)
        // A password typed in an address (`sync https://alice:secret@…`, refused) is not shown again.
        self.input = CalDAVSync.withoutPassword(CommandParser.string(bytes[start..<end])).abbreviated(to: 60)
        self.reason = reason
        self.lineNumber = lineNumber
    }

    /// The one-line message.
    var description: String {
        let prefix = lineNumber.map { "line \($0): " } ?? ""
        return "\(prefix)\(input): \(reason)"
    }
}
