import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

@Suite("Scripts run as one unit")
struct TaskPresenterScriptTests {
    @Test("a script applies every line in one go and shows nothing per line")
    func appliesAll() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A"], shown: false)
        let result = sut.runScript(["add B", "", "# a comment", "ls", "fav 1 2", "add C", "rm 3", "edit 1 A2"], keepGoing: false)
        #expect(result == ScriptResult(failedLines: 0, committed: true))
        #expect(result.succeeded)
        #expect(view.received == [])
        #expect(try storedRows(database) == rows("★ A2", "★ B"))
    }

    @Test("showList after a script shows the list as the script left it")
    func showListAfterScript() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        _ = sut.runScript(["add B", "rm 1"], keepGoing: false)
        sut.showList()
        #expect(view.received == [.rows(rows("B"))])
    }

    @Test("numbers in a line refer to the list after the lines before it")
    func numbersFollowEarlierLines() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, _) = try makeSUT(database: database, tasks: ["A", "B", "C"])
        let result = sut.runScript(["rm 1", "rm 1", "add D", "fav 2"], keepGoing: false)
        #expect(result.succeeded)
        #expect(try storedRows(database) == rows("C", "★ D"))
    }

    @Test("an atomic script stops at the first failing line, names it, and changes nothing")
    func atomicRollback() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A", "B"])
        let result = sut.runScript(["add C", "", "# two lines above", "rm 1", "rm 9", "add D"], keepGoing: false)
        #expect(result == ScriptResult(failedLines: 1, committed: false))
        #expect(!result.succeeded)
        #expect(view.received == [.message(.error("line 5: rm 9: there is no task 9 (the list has 2)"))])
        #expect(try storedRows(database) == rows("A", "B"))
    }

    @Test("after a rolled-back script, showList shows the list as before it")
    func showListAfterRollback() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        _ = sut.runScript(["add B", "rm 7"], keepGoing: false)
        view.reset()
        sut.showList()
        #expect(view.received == [.rows(rows("A"))])
    }

    @Test("an atomic script reports a parse error with its line number")
    func atomicParseError() throws {
        let (sut, view) = try makeSUT()
        let result = sut.runScript(["add A", "  fvo 1  "], keepGoing: false)
        #expect(result == ScriptResult(failedLines: 1, committed: false))
        #expect(view.received == [.message(.error("line 2: fvo 1: unknown command; did you mean `fav`?"))])
    }

    @Test("keep-going reports each failing line, skips it and applies the rest")
    func keepGoing() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database)
        let result = sut.runScript(["add A", "rm 5", "fav 1", "add", "undo", "undo", "undo", "redo"], keepGoing: true)
        #expect(result == ScriptResult(failedLines: 3, committed: true))
        #expect(!result.succeeded)
        #expect(view.received == [
            .message(.error("line 2: rm 5: there is no task 5 (the list has 1)")),
            .message(.error("line 4: add: the task text is empty")),
            .message(.error("line 7: undo: nothing to undo")),
            .message(.info("Undid: fav “A” (now not a favourite)")),
            .message(.info("Undid: add “A”")),
            .message(.info("Redid: add “A”")),
        ])
        #expect(try storedRows(database) == rows("A"))
    }

    @Test("undo in a script reverts the line before it, and numbers follow")
    func undoInScript() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A", "B"])
        let result = sut.runScript(["rm 1", "undo", "rm 2"], keepGoing: false)
        #expect(result.succeeded)
        #expect(view.received == [.message(.info("Undid: rm “A”"))])
        #expect(try storedRows(database) == rows("A"))
    }

    @Test("the messages of undo in a rolled-back script are not shown")
    func undoMessagesRolledBack() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        _ = sut.runScript(["rm 1", "undo", "rm 5"], keepGoing: false)
        #expect(view.received == [.message(.error("line 3: rm 5: there is no task 5 (the list has 1)"))])
    }

    @Test("quit ends a script; the lines before it are kept", arguments: ["quit", "exit"])
    func quitEndsScript(line: String) throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, _) = try makeSUT(database: database)
        let result = sut.runScript(["add A", line, "add B", "rm 9"], keepGoing: false)
        #expect(result == ScriptResult(failedLines: 0, committed: true))
        #expect(try storedRows(database) == rows("A"))
    }

    @Test("help in a script shows the help")
    func helpInScript() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.runScript(["help rm"], keepGoing: false).succeeded)
        #expect(view.received == [.help(TaskPresenter.helpText(for: "rm") ?? "")])
    }

    @Test("an empty script succeeds and changes nothing")
    func emptyScript() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A"])
        #expect(sut.runScript([String](), keepGoing: false) == ScriptResult(failedLines: 0, committed: true))
        #expect(view.received == [])
        #expect(try storedRows(database) == rows("A"))
    }

    @Test("a script's lines are read one at a time, not collected first")
    func linesAreLazy() throws {
        let (sut, _) = try makeSUT()
        var produced = 0
        let lines = AnyIterator<Substring> {
            produced += 1
            return produced <= 3 ? "add task" : (produced == 4 ? "rm 99" : "add never read")
        }
        _ = sut.runScript(AnySequence { lines }, keepGoing: false)
        #expect(produced == 4)
    }

    @Test("a script of Substrings works like one of Strings")
    func substringLines() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, _) = try makeSUT(database: database)
        let text = "add A\nadd B\nfav 2"
        #expect(sut.runScript(text.split(separator: "\n", omittingEmptySubsequences: false), keepGoing: false).succeeded)
        #expect(try storedRows(database) == rows("A", "★ B"))
    }

    @Test("a script of many adds keeps every task in order")
    func manyAdds() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database)
        let count = 10_000
        #expect(sut.runScript((1...count).lazy.map { "add task \($0)" }, keepGoing: false).succeeded)
        sut.showList()
        #expect(view.lastRows?.count == count)
        #expect(view.lastRows?.last == TaskRow(number: count, text: "task \(count)", isFavorite: false))
        #expect(try database.allTasks().count == count)
    }

    @Test("a store that cannot be written fails the script before its first line, changing nothing")
    func storageErrorStops() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (result, received) = try await onOwnThread { () -> (ScriptResult, [ViewSpy.Received]) in
            let (sut, view) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A"])
            let other = try SQLiteStorage(path: path)
            var result: ScriptResult?
            try other.write { store in
                try store.create(text: "held by another connection") // takes the write lock until this returns
                result = sut.runScript(["add B", "add C"], keepGoing: true)
            }
            return (try #require(result), view.received)
        }
        #expect(result == ScriptResult(failedLines: 0, committed: false))
        #expect(received == [
            .message(.error("\(path) is busy: another process held it for over 5 s; nothing was changed")),
        ])
        #expect(try storedRows(SQLiteStorage(path: path)) == rows("A", "held by another connection"))
    }
}
