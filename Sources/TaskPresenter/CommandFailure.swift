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
    /// A `sync` line whose failure would not fit 80 columns is named `sync` alone: its address
    /// (a Nextcloud one is 70 columns) was just typed, and the reason names the host where it is
    /// the server that failed.
    init(line: Substring, reason: String, lineNumber: Int? = nil) {
        let bytes = line.utf8
        let (start, end) = CommandParser.trimmed(bytes)
        // A password typed in an address (`sync https://alice:secret@…`, refused) is not shown again.
        var input = CalDAVSync.withoutPassword(CommandParser.string(bytes[start..<end])).abbreviated(to: 60)
        let prefix = lineNumber.map { "line \($0): " } ?? ""
        if let word = input.split(separator: " ", maxSplits: 1).first, word != input[...],
           CommandName(spelling: word.utf8) == .sync, prefix.count + input.count + 2 + reason.count > 80 {
            input = String(word)
        }
        self.input = input
        self.reason = reason
        self.lineNumber = lineNumber
    }

    /// The one-line message.
    var description: String {
        let prefix = lineNumber.map { "line \($0): " } ?? ""
        return "\(prefix)\(input): \(reason)"
    }
}
