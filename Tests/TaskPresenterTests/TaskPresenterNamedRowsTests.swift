import TaskModel
import TaskPresenter
import TaskSQLite
import TaskTestSupport
import Testing

/// A one-shot command that shows nothing (`--quiet`) reads only the rows its numbers name, and a
/// script the rows up to the highest number its lines name: never the whole list, and the numbers
/// still name the same tasks as the list shown would.
@Suite struct TaskPresenterNamedRowsTests {
    private func makeQuietSUT(_ tasks: [String]) throws -> (TaskPresenter, ViewSpy, ReadCountingStore) {
        let store = ReadCountingStore(base: try SQLiteStorage.inMemory())
        let (sut, view) = try makeSUT(database: store, tasks: tasks, shown: false, rendersAfterChanges: false)
        return (sut, view, store)
    }

    @Test(arguments: ["rm 2", "done 2", "fav 2", "mv 3 1", "edit 2 B", "done 1-2"])
    func aQuietOneShotNumberedCommandReadsOnlyTheRowsItNames(_ line: String) throws {
        let (sut, view, store) = try makeQuietSUT(["a", "b", "c", "d"])
        #expect(sut.handle(line: line) == .succeeded)
        #expect(view.received == [])
        #expect(store.wholeListReads == 0)
    }

    @Test func aQuietOneShotCommandChangesTheTaskItsNumberNames() throws {
        let (sut, _, store) = try makeQuietSUT(["a", "b", "c", "d"])
        #expect(sut.handle(line: "mv 4 2") == .succeeded)
        #expect(sut.handle(line: "rm 3") == .succeeded)
        #expect(try store.texts() == ["a", "d", "c"])
    }

    @Test func aNumberBeyondTheListSaysHowLongTheListIs() throws {
        let (sut, view, _) = try makeQuietSUT(["a", "b"])
        #expect(sut.handle(line: "rm 1-5") == .failed)
        #expect(view.received == [.message(.error("rm 1-5: there is no task 5 (the list has 2)"))])
    }

    @Test func aScriptOfAddsReadsNoList() throws {
        let (sut, _, store) = try makeQuietSUT(["a"])
        #expect(sut.runScript(["add b", "add c"], keepGoing: false) == ScriptResult(failedLines: 0, committed: true))
        #expect(store.wholeListReads == 0)
        #expect(try store.texts() == ["a", "b", "c"])
    }

    @Test func aScriptsNumbersNameTheTasksAsItsLinesSoFarLeftThem() throws {
        let (sut, _, store) = try makeQuietSUT(["a", "b", "c", "d", "e"])
        let script = ["done 2", "add f", "rm 6", "rm 1", "rm 1", "fav 2", "mv 3 1"]
        #expect(sut.runScript(script, keepGoing: false) == ScriptResult(failedLines: 0, committed: true))
        #expect(store.wholeListReads == 0)
        #expect(try store.snapshot() == ["e", "c", "★d"])
    }

    @Test func aSearchInAScriptShowsTheWholeListAsTheLinesLeftIt() throws {
        let (sut, view, _) = try makeQuietSUT(["milk", "bread"])
        #expect(sut.runScript(["rm 1", "add more milk", "find milk"], keepGoing: false)
                == ScriptResult(failedLines: 0, committed: true))
        #expect(view.received == [
            .rows(rows((2, "more milk"))),
            .message(.info("1 of 2 tasks matches “milk”; `list` shows all")),
        ])
    }
}
