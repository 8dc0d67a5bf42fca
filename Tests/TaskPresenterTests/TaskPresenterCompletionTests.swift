import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

@Suite("What completes an input")
struct TaskPresenterCompletionTests {
    @Test("nothing typed: every command, with a space after those that take arguments")
    func allCommands() throws {
        let (sut, _) = try makeSUT()
        #expect(sut.completions(for: "") == [
            "add ", "done ", "fav ", "edit ", "mv ", "rm ", "due ", "tag ", "every ", "clear", "find ", "today", "upcoming",
            "list", "ls", "undo", "redo", "export ", "import ", "sync ", "share ", "unshare ", "help ", "quit", "exit",
        ])
    }

    @Test("a partial command word: the commands that start with it", arguments: [
        ("f", ["fav ", "find "]), ("fa", ["fav "]), ("d", ["done ", "due "]), ("m", ["mv "]), ("e", ["edit ", "every ", "export ", "exit"]), ("l", ["list", "ls"]), ("cl", ["clear"]),
        ("undo", ["undo"]), ("rm", ["rm "]), ("x", []), ("F", []),
    ])
    func partialCommand(input: String, candidates: [String]) throws {
        let (sut, _) = try makeSUT()
        #expect(sut.completions(for: input) == candidates)
    }

    @Test("leading spaces are kept in the candidate")
    func leadingSpaces() throws {
        let (sut, _) = try makeSUT()
        #expect(sut.completions(for: "  re") == ["  redo"])
    }

    @Test("edit N and a space: the line with the current text of task N")
    func editText() throws {
        let (sut, _) = try makeSUT(tasks: ["Call mom", "Pay rent"])
        #expect(sut.completions(for: "edit 2 ") == ["edit 2 Pay rent"])
    }

    @Test("edit N uses the numbering of the list as shown")
    func editUsesShownNumbering() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (sut, _) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B"])
        let (other, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(other.handle(line: "rm 1") == .succeeded)
        #expect(sut.completions(for: "edit 2 ") == ["edit 2 B"])
    }

    @Test("edit N without a prior showList uses the stored list")
    func editWithoutShownList() throws {
        let (sut, _) = try makeSUT(tasks: ["A", "B"], shown: false)
        #expect(sut.completions(for: "edit 1 ") == ["edit 1 A"])
    }

    @Test("edit completions that do not apply are empty", arguments: [
        "edit 3 ", "edit 0 ", "edit x ", "edit 1-2 ", "edit 2", "edit 2 already typed", "edit ", "rm 2 ",
    ])
    func editNone(input: String) throws {
        let (sut, _) = try makeSUT(tasks: ["A", "B"])
        #expect(sut.completions(for: input) == [])
    }

    @Test("help and a partial word: the commands that start with it")
    func helpTopic() throws {
        let (sut, _) = try makeSUT()
        #expect(sut.completions(for: "help r") == ["help rm", "help redo"])
        #expect(sut.completions(for: "help ").count == 25)
    }

    @Test("asking for completions changes nothing and shows nothing")
    func completionIsQuiet() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A"])
        _ = sut.completions(for: "edit 1 ")
        _ = sut.completions(for: "")
        #expect(view.received == [])
        #expect(try storedRows(database) == rows("A"))
    }
}
