@testable import TaskPresenter

/// What the parser's suites share: a line parsed as the prompt parses it, or its error's message.
protocol ParsingLines {}

extension ParsingLines {
    func parse(_ line: String) throws(ParseError) -> Command? {
        try CommandParser.parse(line[...])
    }

    /// The message of the error `line` is refused with; nil when it parses.
    func error(_ line: String) -> String? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error.description
        }
    }
}
