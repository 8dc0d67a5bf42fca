import TaskTestSupport

/// A command as `tasks help` describes it, so that the tests of the man page and the completion
/// scripts cover every command, including those added later, without listing them.
struct HelpedCommand {
    /// Its spellings, the main one first (`list`, `ls`).
    var spellings: [String]
    /// The words after its name in the first line of `help NAME` (`N`, `TEXT` for `edit N TEXT`).
    var usage: [String]

    /// Whether the argument at `position` (1 for the first) is a task number: a usage word that is
    /// one capital letter (`N`, `M`), or the last one and repeated (`N…`).
    func takesTaskNumber(at position: Int) -> Bool {
        let word = position <= usage.count ? usage[position - 1] : (usage.last.flatMap { $0.hasSuffix("…") ? $0 : nil } ?? "")
        let letter = word.hasSuffix("…") ? word.dropLast() : word[...]
        return letter.count == 1 && letter.allSatisfy(\.isUppercase)
    }

    /// Every command `tasks help` lists, in its order.
    static func all(in folder: TemporaryFolder) async throws -> [HelpedCommand] {
        var commands: [HelpedCommand] = []
        for line in try await ProgramRun(["help"], in: folder).output.split(separator: "\n") {
            guard let gap = line.firstRange(of: "  ") else { continue } // the lines about numbers
            let spellings = line[..<gap.lowerBound].split(separator: ", ").map { String($0.prefix { $0 != " " }) }
            let detail = try await ProgramRun(["help", spellings[0]], in: folder).output
            let usage = detail.prefix { $0 != "\n" }.split(separator: " ").dropFirst().map(String.init)
            commands.append(HelpedCommand(spellings: spellings, usage: usage))
        }
        return commands
    }
}
