import Foundation
import TaskTestSupport
import Testing

/// File names in scripts and at the prompt read as a shell user expects: `~` is the home folder,
/// quotes are not part of the name (`export ~/todo.md`, the man page's own example, used to fail).
@Suite struct FileNameTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func aTildeIsTheHomeFolderAndQuotesAreNotPartOfTheName() async throws {
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let script = "add Buy milk\nexport ~/todo.md\nexport \"\(folder.path)/my list.md\"\n"
        #expect(try await ProgramRun(["--quiet"], input: script, in: folder) == ProgramRun(output: """
            Exported 1 task to ~/todo.md (Markdown)
            Exported 1 task to \(folder.path)/my list.md (Markdown)

            """))
        #expect(folder.contents(of: "home/todo.md")?.hasPrefix("- [ ] Buy milk") == true)
        #expect(folder.contents(of: "my list.md")?.hasPrefix("- [ ] Buy milk") == true)
        #expect(try await ProgramRun(["--quiet", "import", "--dry-run", home + "/todo.md"], in: folder).status == 0)
    }

    @Test func onTheCommandLineAQuoteIsPartOfTheName() async throws {
        let file = folder.file("it's.md")
        #expect(try await ProgramRun(["--quiet", "export", file], in: folder)
                == ProgramRun(output: "Exported 0 tasks to \(file) (Markdown)\n"))
        #expect(FileManager.default.fileExists(atPath: file))
    }
}
