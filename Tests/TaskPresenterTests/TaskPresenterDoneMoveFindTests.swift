import Foundation
import TaskModel
import TaskPresenter
import TaskTestSupport
import Testing

@Suite("done, mv, find and clear done")
struct TaskPresenterDoneMoveFindTests {
    @Test("done checks tasks off in place and unchecks them")
    func done() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"])
        #expect(sut.handle(line: "done 1 3") == .succeeded)
        #expect(view.lastRows == rows("✓ A", "B", "✓ C"))
        #expect(sut.handle(line: "done 1-2") == .succeeded)
        #expect(view.lastRows == rows("A", "✓ B", "✓ C"))
    }

    @Test("clear done removes only the done tasks, and undo brings them back in place")
    func clearDone() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "★ B", "C"])
        _ = sut.handle(line: "done 2")
        view.reset()
        #expect(sut.handle(line: "clear done") == .succeeded)
        #expect(view.received == [.rows(rows("A", "C"))])
        view.reset()
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.received == [.rows(rows("A", "★ ✓ B", "C")), .message(.info("Undid: clear done “B”"))])
    }

    @Test("mv moves a task to a place and the others keep their order", arguments: [
        ("mv 4 1", ["D", "A", "B", "C"]), ("mv 1 4", ["B", "C", "D", "A"]), ("mv 2 3", ["A", "C", "B", "D"]),
        ("mv 3 2", ["A", "C", "B", "D"]), ("mv 2 2", ["A", "B", "C", "D"]),
    ])
    func move(line: String, order: [String]) throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C", "D"])
        #expect(sut.handle(line: line) == .succeeded)
        #expect(view.lastRows?.map(\.text) == order)
    }

    @Test("mv to its own place records no change")
    func moveInPlace() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: "mv 1 1") == .succeeded)
        #expect(sut.handle(line: "undo") == .succeeded) // undoes the add, not a move
        #expect(view.lastRows == [])
    }

    @Test("undo of mv names the task and puts it back")
    func undoMove() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"])
        _ = sut.handle(line: "mv 3 1")
        view.reset()
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.received == [.rows(rows("A", "B", "C")), .message(.info("Undid: mv “C”"))])
    }

    @Test("find shows only the matching tasks with their numbers in the whole list, and says how many")
    func find() throws {
        let (sut, view) = try makeSUT(tasks: ["Buy milk", "Pay rent", "MILK the cow", "café"])
        #expect(sut.handle(line: "find milk") == .succeeded)
        #expect(view.received == [
            .rows(rows((1, "Buy milk"), (3, "MILK the cow"))),
            .message(.info("2 of 4 tasks match “milk”; `list` shows all")),
        ])
        #expect(sut.prompt == "tasks (find milk)> ")
    }

    @Test("find ignores case for all of Unicode", arguments: [
        ("find CAFÉ", "café"), ("find café", "CAFÉ"), ("find strasse", "Straße"), ("find ÉCOLE", "e\u{301}cole"),
        ("find FIX", "the ﬁx"), ("find kelvin", "\u{212A}elvin"), ("find ß", "STRASSE"), ("find Ünï", "ünïcode"),
        ("find milk", "Crème milk"),
    ])
    func findUnicode(line: String, text: String) throws {
        let (sut, view) = try makeSUT(tasks: ["other", text])
        #expect(sut.handle(line: line) == .succeeded)
        #expect(view.lastRows == rows((2, text)))
    }

    @Test("numbers after find are the whole list's: rm 3 removes the task shown as 3")
    func numbersAfterFind() throws {
        let (sut, view) = try makeSUT(tasks: ["milk", "bread", "more milk", "eggs"])
        _ = sut.handle(line: "find milk")
        view.reset()
        #expect(sut.handle(line: "rm 3") == .succeeded)
        #expect(view.received == [
            .rows(rows((1, "milk"))),
            .message(.info("1 of 3 tasks matches “milk”; `list` shows all")),
        ])
        _ = sut.handle(line: "list")
        #expect(view.lastRows == rows("milk", "bread", "eggs"))
        #expect(sut.prompt == "tasks> ")
    }

    @Test("a search that matches nothing says so instead of showing rows")
    func findNothing() throws {
        let (sut, view) = try makeSUT(tasks: ["milk"])
        #expect(sut.handle(line: "find tea") == .succeeded)
        #expect(view.received == [.rows([])])
        #expect(view.lastEmptyText == "No task matches “tea”; `list` shows all 1")
    }

    @Test("in a script, find prints the matching rows when its line is reached and filters nothing after")
    func findInAScript() throws {
        let (sut, view) = try makeSUT(tasks: ["milk", "bread"])
        let result = sut.runScript(["find MILK", "add more milk", "find milk"], keepGoing: false)
        #expect(result == ScriptResult(failedLines: 0, committed: true))
        #expect(view.received == [
            .rows(rows((1, "milk"))), .message(.info("1 of 2 tasks matches “MILK”; `list` shows all")),
            .rows(rows((1, "milk"), (3, "more milk"))), .message(.info("2 of 3 tasks match “milk”; `list` shows all")),
        ])
        view.reset()
        sut.showList()
        #expect(view.received == [.rows(rows("milk", "bread", "more milk"))])
    }

    @Test("a store error reads as a sentence naming the path")
    func storeErrorMessages() throws {
        #expect(TaskPresenter.message(forOpening: StoreError.foreignDatabase(path: "/x/y.sqlite"))
                == "/x/y.sqlite is an SQLite database of another program; it was left untouched")
        #expect(TaskPresenter.message(forOpening: StoreError.newerStore(path: "/x/y.sqlite", version: 3))
                == "/x/y.sqlite was made by a newer tasks (store version 3); it was left untouched")
        #expect(TaskPresenter.message(forOpening: StoreError.notAFile(path: "/dev/null", kind: .characterDevice))
                == "cannot open /dev/null: it is a device, not a file")
        #expect(TaskPresenter.message(forOpening: StoreError.notAFile(path: "/tmp/p", kind: .fifo))
                == "cannot open /tmp/p: it is a named pipe (FIFO), not a file")
    }

    @Test("an upgrade that dropped the undo history is reported once; one that kept it is not")
    func upgradeNotice() {
        #expect(TaskPresenter.notice(forUpgrade: StoreUpgrade(fromVersion: 1, keptHistory: true)) == nil)
        #expect(TaskPresenter.notice(forUpgrade: nil) == nil)
        #expect(TaskPresenter.notice(forUpgrade: StoreUpgrade(fromVersion: 1, keptHistory: false))
                == "the store was upgraded from version 1; every task was kept, but its undo history could not be and was cleared")
    }

    @Test("after a change the rows say which one it touched; listing says none", arguments: [
        ("add E", 4), ("fav 2", 1), ("done 3 1", 2), ("edit 4 x", 3), ("mv 1 3", 2), ("rm 4", 2), ("rm 2-3", 1),
    ])
    func focus(line: String, focus: Int) throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C", "D"])
        #expect(sut.handle(line: line) == .succeeded)
        #expect(view.lastFocus == focus)
        _ = sut.handle(line: "list")
        #expect(view.lastFocus == nil)
    }

    @Test("a change's row is counted among the matches of a search in effect")
    func focusInASearch() throws {
        let (sut, view) = try makeSUT(tasks: ["milk", "bread", "more milk"])
        _ = sut.handle(line: "find milk")
        #expect(sut.handle(line: "done 3") == .succeeded)
        #expect(view.lastFocus == 1) // the second row shown
    }

    @Test("under find, a range acts only on the tasks shown, and a number not shown is refused")
    func numbersUnderASearchNameOnlyTasksShown() throws {
        let (sut, view) = try makeSUT(tasks: ["milk one", "bread", "eggs", "milk two"])
        _ = sut.handle(line: "find milk")
        view.reset()
        #expect(sut.handle(line: "rm 2") == .failed)
        #expect(view.messages == ["rm 2: task 2 is not among the tasks `find` shows; `list` shows them all"])
        #expect(sut.handle(line: "done 2-3") == .failed)
        #expect(view.messages.last == "done 2-3: none of these tasks is among the tasks `find` shows; `list` shows them all")
        #expect(sut.handle(line: "edit 3 x") == .failed)
        view.reset()
        #expect(sut.handle(line: "rm 1-4") == .succeeded)
        _ = sut.handle(line: "list")
        #expect(view.lastRows == rows("bread", "eggs"))
    }

    @Test("under find, mv may put a task shown anywhere in the whole list")
    func moveUnderASearch() throws {
        let (sut, view) = try makeSUT(tasks: ["bread", "eggs", "milk"])
        _ = sut.handle(line: "find milk")
        #expect(sut.handle(line: "mv 3 1") == .succeeded)
        _ = sut.handle(line: "list")
        #expect(view.lastRows == rows("milk", "bread", "eggs"))
    }

    @Test("an ASCII search does not match a letter that carries an accent written apart", arguments: [
        "cafe\u{301}", "Cafe\u{301} au lait",
    ])
    func accentsWrittenApartAreNotMatchedByTheBareLetter(text: String) throws {
        let (sut, view) = try makeSUT(tasks: [text])
        #expect(sut.handle(line: "find cafe") == .succeeded)
        #expect(view.lastRows == []) // as with é written as one character

    }
}
