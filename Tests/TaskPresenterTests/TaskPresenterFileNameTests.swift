import Testing
import TaskPresenter

/// The file name after `export` and `import`, read as a shell user expects at the prompt and in
/// scripts, and as the shell gave it on the command line.
@Suite("file names")
struct TaskPresenterFileNameTests {
    @Test("quotes and backslashes at the prompt are read as a shell reads them", arguments: [
        ("export \"my list.md\"", "my list.md"),
        ("export 'my list.md'", "my list.md"),
        ("export my\\ list.md", "my list.md"),
        ("export \"it's.md\"", "it's.md"),
        ("export 'say \"hi\".md'", "say \"hi\".md"),
        ("export \"a \\\"b\\\" \\\\c.md\"", "a \"b\" \\c.md"),
        ("export --format md \"my list\"", "my list"),
        ("export my list.md", "my list.md"), // spaces and no quotes: the rest of the line, as always
    ])
    func quotedNames(line: String, file: String) throws {
        let files = MemoryFiles()
        let (sut, _) = try makeSUT(tasks: ["a"], files: files)
        #expect(sut.handle(line: line) == .succeeded)
        #expect(Array(files.contents.keys) == [file])
    }

    @Test("a ~ at the start goes to the file port as typed, for it to expand; a quoted one is a folder named ~")
    func homeFolder() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["a"], files: files)
        #expect(sut.handle(line: "export ~/todo.md") == .succeeded)
        #expect(sut.handle(line: "export \"~/x.md\"") == .succeeded)
        #expect(sut.handle(line: "export \\~/y.md") == .succeeded)
        #expect(Set(files.contents.keys) == ["~/todo.md", "./~/x.md", "./~/y.md"])
        #expect(view.messages == ["Exported 1 task to ~/todo.md (Markdown)", "Exported 1 task to ./~/x.md (Markdown)",
                                  "Exported 1 task to ./~/y.md (Markdown)"])
    }

    @Test("a quote left open or several quoted names are refused in one line", arguments: [
        ("export \"my list.md", "export \"my list.md: the file name's quote is not closed"),
        ("import 'a.md", "import 'a.md: the file name's quote is not closed"),
        ("export a.md\\", "export a.md\\: the file name's quote is not closed"),
        ("export \"a.md\" b.md", "export \"a.md\" b.md: give one file name; quote a name with spaces (\"my list.md\")"),
        ("import \"\"", "import \"\": the file name is empty"),
        ("export ''", "export '': the file name is empty"),
    ])
    func badNames(line: String, error: String) throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["a"], files: files)
        #expect(sut.handle(line: line) == .failed)
        #expect(view.messages == [error])
        #expect(files.contents.isEmpty)
    }

    @Test("on the command line the shell has read the name already: quotes in it and a ~ are the name's own")
    func commandLineNames() throws {
        let files = MemoryFiles()
        let (sut, _) = try makeSUT(tasks: ["a"], files: files)
        #expect(sut.handle(line: "export it's \"a\".md", commandLine: true) == .succeeded)
        #expect(sut.handle(line: "export ~x.md", commandLine: true) == .succeeded)
        #expect(Set(files.contents.keys) == ["it's \"a\".md", "./~x.md"])
    }
}
