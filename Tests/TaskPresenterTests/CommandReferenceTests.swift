import Testing
import TaskPresenter

/// The commands as the man page and the completion scripts see them: taken from the help text.
@Suite("Command reference")
struct CommandReferenceTests {
    @Test("every command has its usage, its line of help and its explanation")
    func everyCommandIsDescribed() {
        for command in CommandReference.all {
            #expect(command.usage.hasPrefix(command.spellings[0]), "\(command.spellings)")
            #expect(!command.summary.isEmpty, "\(command.spellings)")
            #expect(!command.explanation.isEmpty, "\(command.spellings)")
        }
    }

    @Test("a command's description is its help")
    func rmIsDescribedByItsHelp() throws {
        let rm = try #require(CommandReference.all.first { $0.spellings == ["rm"] })
        #expect(rm.usage == "rm N…")
        #expect(rm.summary == "remove tasks")
        #expect(rm.explanation == [
            "Removes each task N; `undo` brings them back.",
            "N… is one or more numbers as shown in the list, or ranges. Examples: rm 2, rm 2 5 7, rm 4-6",
        ])
        #expect(rm.arguments == .taskNumbers)
    }

    @Test("the commands come in the order of help, every spelling once")
    func theOrderIsHelps() {
        let spellings = CommandReference.all.flatMap(\.spellings)
        #expect(spellings.first == "add")
        #expect(Set(spellings).count == spellings.count)
        #expect(CommandReference.all.first { $0.spellings.contains("ls") }?.spellings == ["list", "ls"])
    }

    @Test("the lines of help about numbers are notes")
    func notes() {
        #expect(CommandReference.notes == [
            "N is a number as shown; N… takes numbers and ranges: rm 2 5 7, done 1-3",
        ])
    }

    @Test("edit takes one task number, then text; help takes a command name")
    func arguments() {
        #expect(CommandReference.all.first { $0.spellings == ["edit"] }?.arguments == .leadingTaskNumbers(count: 1))
        #expect(CommandReference.all.first { $0.spellings == ["help"] }?.arguments == .commandName)
        #expect(CommandReference.all.first { $0.spellings == ["add"] }?.arguments == CommandArguments.none)
    }
}
