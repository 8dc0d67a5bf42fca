/// One command of the `tasks` language as the man page and the shell completion scripts describe it,
/// taken from the help text so that they say what `help` says.
public struct CommandReference: Sendable, Hashable {
    /// The spellings the command answers to, the main one first (`list`, `ls`).
    public var spellings: [String]
    /// How it is typed: the first line of `help COMMAND` (`rm N…`).
    public var usage: String
    /// What it does in a few words: its line in `help` without the usage (`remove tasks`).
    public var summary: String
    /// The rest of `help COMMAND`, one paragraph a line: what it does, and examples.
    public var explanation: [String]
    /// What the words after it stand for.
    public var arguments: CommandArguments

    /// Every command, in the order of `help`.
    public static let all: [CommandReference] = CommandName.allCases.map(CommandReference.init)

    /// The lines of `help` that describe no single command (what N stands for).
    public static let notes: [String] = HelpText.overview.split(separator: "\n")
        .filter { overviewCommand(of: $0) == nil }.map(String.init)

    private init(_ name: CommandName) {
        let detail = HelpText.detail(for: name).split(separator: "\n").map(String.init)
        spellings = name.spellings
        usage = detail.first ?? name.spellings[0]
        explanation = Array(detail.dropFirst())
        summary = HelpText.overview.split(separator: "\n")
            .first { Self.overviewCommand(of: $0) == name }
            .map(Self.summary(in:)) ?? ""
        arguments = name.arguments
    }

    /// The command a line of `help` describes (`list, ls        show the list`): its first word's.
    private static func overviewCommand(of line: Substring) -> CommandName? {
        let word = line.prefix { $0 != " " && $0 != "," }
        return word.isEmpty ? nil : CommandName(spelling: word.utf8)
    }

    /// The summary in a line of `help`: what follows its first run of two or more spaces.
    private static func summary(in line: Substring) -> String {
        guard let gap = line.firstRange(of: "  ") else { return "" }
        return String(line[gap.upperBound...].drop { $0 == " " })
    }
}
