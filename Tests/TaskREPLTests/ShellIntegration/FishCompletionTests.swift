import Foundation
import TaskTestSupport
import Testing

/// The fish completion script (`tasks --generate fish`) in a real fish: `fish -n` finds nothing
/// wrong, and `complete -C` lists what Tab would offer, each candidate with its description.
@Suite struct FishCompletionTests {
    let folder: TemporaryFolder
    let store: String

    init() async throws {
        folder = try TemporaryFolder()
        store = try await GeneratedFiles.fixtureStore(in: folder)
    }

    /// What fish offers for `line` (the cursor at its end), as `complete -C` prints it.
    func candidates(_ line: String) async throws -> String {
        let script = try await GeneratedFiles.save("fish", as: "tasks.fish", in: folder)
        let run = try await ProgramRun(program: "/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]",
                                                                   script, line],
                                       in: folder, environment: GeneratedFiles.shellEnvironment(in: folder))
        #expect(run.status == 0 && run.error.isEmpty, "\(run)")
        return run.output
    }

    @Test func theScriptIsValidFish() async throws {
        let script = try await GeneratedFiles.save("fish", as: "tasks.fish", in: folder)
        #expect(try await ProgramRun(program: "/usr/bin/fish", ["--no-config", "-n", script], in: folder,
                                     environment: GeneratedFiles.shellEnvironment(in: folder)) == ProgramRun())
    }

    @Test func taskNumbersAreOfferedWithTheirTexts() async throws {
        #expect(try await candidates("tasks --db \(store) rm ") == "1\tBuy milk\n2\tCall mom\n3\tPay rent\n4\tIt's\\there $(date) `x` \\ \\e[31m\n")
        #expect(try await candidates("tasks --db=\(store) edit 2") == "2\tCall mom\n")
        #expect(try await candidates("tasks --db '\(store)' edit 2 ") == "")
    }

    @Test func commandNamesAreOfferedWithWhatTheyDo() async throws {
        #expect(try await candidates("tasks --quiet fa") == "fav\tmark or unmark tasks as favourites (★)\n")
        #expect(try await candidates("tasks help re") == "redo\tre-apply the latest undone change\n")
    }

    @Test func flagsAreOfferedWithTheirHelp() async throws {
        #expect(try await candidates("tasks --no") == "--no-color\tNever use colour (NO_COLOR does the same).\n")
    }

    @Test func theDbOptionTakesAFile() async throws {
        #expect(try await candidates("tasks --db \(folder.file("fix"))") == store + "\n")
    }
}
