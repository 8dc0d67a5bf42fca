import Foundation
import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

@Suite("Each error's exact message")
struct TaskPresenterErrorTests {
    @Test("each failing line shows one error that starts with the line as typed, trimmed", arguments: [
        ("rm 9", "rm 9: there is no task 9 (the list has 5)"),
        ("  rm 9  ", "rm 9: there is no task 9 (the list has 5)"),
        ("rm 2 9 7", "rm 2 9 7: there is no task 9 (the list has 5)"),
        ("fav 4-9", "fav 4-9: there is no task 9 (the list has 5)"),
        ("fav 7-9", "fav 7-9: there is no task 7 (the list has 5)"),
        ("rm 1-\(Int.max)", "rm 1-\(Int.max): there is no task \(Int.max) (the list has 5)"),
        ("edit 6 x", "edit 6 x: there is no task 6 (the list has 5)"),
        ("fvo 2", "fvo 2: unknown command; did you mean `fav`?"),
        ("xyzzy", "xyzzy: unknown command; type `help` to see the commands"),
        ("add", "add: the task text is empty"),
        ("add   ", "add: the task text is empty"),
        ("edit 2", "edit 2: the new text is empty"),
        ("edit", "edit: no task number given"),
        ("rm", "rm: no task number given"),
        ("rm 0", "rm 0: `0` is not a task number (numbers start at 1)"),
        ("rm -1", "rm -1: `-1` is not a task number (numbers start at 1)"),
        ("rm 1.5", "rm 1.5: `1.5` is not a task number"),
        ("rm 0x1", "rm 0x1: `0x1` is not a task number"),
        ("fav １", "fav １: `１` is not a task number"),
        ("fav 3-1", "fav 3-1: the range `3-1` runs backwards (did you mean `1-3`?)"),
        ("edit 1-2 x", "edit 1-2 x: `edit` takes one task number, not the range `1-2`"),
        ("clear all", "clear all: `clear` removes all tasks and `clear done` the done ones; `all` is neither"),
        ("done", "done: no task number given"),
        ("done 9", "done 9: there is no task 9 (the list has 5)"),
        ("mv 1", "mv 1: no place given: mv N M moves task N to place M"),
        ("mv 1 9", "mv 1 9: there is no task 9 (the list has 5)"),
        ("mv 9 1", "mv 9 1: there is no task 9 (the list has 5)"),
        ("mv 1-2 3", "mv 1-2 3: `mv` takes one task number, not the range `1-2`"),
        ("mv 1 2 3", "mv 1 2 3: `mv` takes two numbers: mv N M moves task N to place M"),
        ("mv 1 x", "mv 1 x: `x` is not a task number"),
        ("find", "find: nothing to find: give some text, e.g. find milk"),
        ("ls 2", "ls 2: `ls` takes no arguments"),
        ("help xyzzy", "help xyzzy: unknown command `xyzzy`; type `help` to see the commands"),
        ("help fvo", "help fvo: unknown command `fvo`; did you mean `fav`?"),
        ("help rm fav", "help rm fav: `help` takes at most one command name"),
    ])
    func message(line: String, message: String) throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C", "D", "E"])
        #expect(sut.handle(line: line) == .failed)
        #expect(view.received == [.message(.error(message))])
    }

    @Test("a number in an empty list says the list is empty")
    func emptyList() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "rm 1") == .failed)
        #expect(view.received == [.message(.error("rm 1: there is no task 1 (the list is empty)"))])
    }

    @Test("a list of one says it has 1")
    func listOfOne() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: "fav 2") == .failed)
        #expect(view.received == [.message(.error("fav 2: there is no task 2 (the list has 1)"))])
    }

    @Test("a number of 10,000 digits is an error with the line and the number shortened")
    func hugeNumber() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        let digits = String(repeating: "1", count: 10_000)
        #expect(sut.handle(line: "rm \(digits)") == .failed)
        let shortLine = "rm " + String(repeating: "1", count: 56) + "…"
        let shortToken = String(repeating: "1", count: 29) + "…"
        #expect(view.received == [.message(.error("\(shortLine): `\(shortToken)` is too large for a task number"))])
    }

    @Test("a failing command changes nothing, even when some of its numbers are valid")
    func failingChangesNothing() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, _) = try makeSUT(database: database, tasks: ["A", "B", "C"])
        #expect(sut.handle(line: "rm 1 2 9") == .failed)
        #expect(sut.handle(line: "rm 1 x") == .failed)
        #expect(try storedRows(database) == rows("A", "B", "C"))
    }

    @Test("undo with nothing to undo is an error")
    func nothingToUndo() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "undo") == .failed)
        #expect(view.received == [.message(.error("undo: nothing to undo"))])
    }

    @Test("redo with nothing to redo is an error")
    func nothingToRedo() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: "redo") == .failed)
        #expect(view.received == [.message(.error("redo: nothing to redo"))])
    }

    @Test("a storage error shows the store's own message after the command, and changes nothing")
    func storageError() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (result, received) = try await onOwnThread { () -> (CommandResult, [ViewSpy.Received]) in
            let (sut, view) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A"])
            let other = try SQLiteStorage(path: path)
            var result: CommandResult?
            try other.write { store in
                try store.create(text: "held by another connection") // takes the write lock until this returns
                result = sut.handle(line: "add B")
            }
            return (try #require(result), view.received)
        }
        #expect(result == .failed)
        #expect(received == [
            .message(.error("add B: \(path) is busy: another process held it for over 5 s; nothing was changed")),
        ])
        #expect(try storedRows(SQLiteStorage(path: path)) == rows("A", "held by another connection"))
    }
}
