@testable import TaskCLI
import Testing

/// The everyday command lines are read without swift-argument-parser (`LaunchOptions`), for start-up
/// speed: each one it reads must mean exactly what the parser, the one definition of the flags,
/// makes of it, and what it cannot read is left to the parser.
@Suite struct LaunchOptionsTests {
    /// What the parser makes of `arguments`.
    private func parsed(_ arguments: [String]) throws -> LaunchOptions {
        try TasksCommand.parse(arguments).options
    }

    @Test(arguments: [
        [], ["list"], ["add", "Buy", "milk"], ["--", "add", "x"], ["--db", "/tmp/t.sqlite", "rm", "3"],
        ["--db=/tmp/t.sqlite", "ls"], ["--quiet", "done", "1-3"], ["--keep-going"],
        ["--no-color", "--quiet", "--keep-going", "find", "milk"],
        ["--user", "ann", "--db", "postgresql://ann@/team", "undo"], ["--user=ann", "list"],
    ])
    func everyLineTheFastPathReadsMeansWhatTheParserMakesOfIt(_ arguments: [String]) throws {
        let fast = try #require(LaunchOptions(commonArguments: arguments))
        #expect(fast == (try parsed(arguments)))
    }

    /// Every word after the command is its own, whatever it starts with; the parser would take such
    /// a word for a flag, so these lines must never be left to it.
    @Test(arguments: [
        (["add", "-5", "degrees"], ["add", "-5", "degrees"]), (["--", "add", "-5"], ["add", "-5"]),
        (["edit", "2", "--quiet"], ["edit", "2", "--quiet"]), (["add", "--", "x"], ["add", "--", "x"]),
        (["export", "--format", "json", "out.json"], ["export", "--format", "json", "out.json"]),
        (["--db", "x", "import", "--dry-run", "-"], ["import", "--dry-run", "-"]),
    ])
    func wordsAfterTheCommandStartingWithADashAreReadWithoutTheParser(_ arguments: [String], _ command: [String]) {
        #expect(LaunchOptions(commonArguments: arguments)?.command == command)
    }

    @Test(arguments: [
        ["--help"], ["--version"], ["-h"], ["--quiet", "--quiet"], ["--db"], ["--db", ""], ["--db", "-x"],
        ["--user", " ann"], ["--generate", "man"], ["--complete-task-numbers"], ["--colour"], ["-q", "list"],
    ])
    func whatTheFastPathCannotReadIsLeftToTheParser(_ arguments: [String]) {
        #expect(LaunchOptions(commonArguments: arguments) == nil)
    }

    @Test func aNameTakesAtMostSixtyFourCharactersNoControlCharactersAndNoSpaceAtEitherEnd() {
        #expect(LaunchOptions.isName(String(repeating: "a", count: 64)))
        #expect(!LaunchOptions.isName(String(repeating: "a", count: 65)))
        #expect(LaunchOptions.isName("Ann Lee"))
        #expect(!LaunchOptions.isName(""))
        #expect(!LaunchOptions.isName("ann "))
        #expect(!LaunchOptions.isName("a\u{7}nn"))
    }
}
