import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

/// One rule for what a change shows at the prompt: the rows say which one it touched, so that a
/// list taller than the window is shown around it, whatever the change; and the prompt opens on
/// the list's last rows.
@Suite("What a change shows on a long list")
struct TaskPresenterFocusTests {
    @Test("undo, redo, clear done and import say the first row they touched", arguments: [
        (["done 4"], "undo", 3), (["done 4", "undo"], "redo", 3), (["done 2", "done 4"], "clear done", 1),
        ([], "import more.txt", 5),
    ] as [([String], String, Int)])
    func changesWithoutNumbersSayTheFirstRowTheyTouched(before: [String], line: String, focus: Int) throws {
        let files = MemoryFiles()
        files.contents["more.txt"] = Array("F\n".utf8)
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C", "D", "E"], files: files)
        for earlier in before { #expect(sut.handle(line: earlier) == .succeeded) }
        #expect(sut.handle(line: line) == .succeeded)
        #expect(view.lastFocus == focus)
    }

    @Test("a change that touched no row says the last row")
    func untouchedListSaysTheLastRow() throws {
        let files = MemoryFiles()
        files.contents["more.txt"] = Array("F\n".utf8)
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"], files: files)
        #expect(sut.handle(line: "import --dry-run more.txt") == .succeeded)
        #expect(view.lastRows == rows("A", "B", "C"))
        #expect(view.lastFocus == 2)
    }

    @Test("a change made while another process changed the list says the row it named, found again")
    func changeAmongOthersSaysItsOwnRow() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (sut, view) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C", "D", "E"])
        let (other, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(other.handle(line: "rm 1") == .succeeded)
        #expect(sut.handle(line: "done 4") == .succeeded) // D, shown as 4, is row 3 now
        #expect(view.lastRows == rows("B", "C", "✓ D", "E"))
        #expect(view.lastFocus == 2)
        #expect(other.handle(line: "done 1") == .succeeded)
        #expect(sut.handle(line: "add F") == .succeeded)
        #expect(view.lastRows == rows("✓ B", "C", "✓ D", "E", "F"))
        #expect(view.lastFocus == 4)
    }

    @Test("an undo of another process's change, leaving the list as it was shown, says the last row")
    func undoOfAnothersChangeSaysTheLastRow() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (sut, view) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C"])
        let (other, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(other.handle(line: "done 2") == .succeeded)
        #expect(sut.handle(line: "undo") == .succeeded) // the other's done: one history for the file
        #expect(view.lastRows == rows("A", "B", "C"))
        #expect(view.lastFocus == 2)
    }

    @Test("a number whose task another process removed shows the list around the first row that differs")
    func staleNumberSaysTheFirstDifference() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (sut, view) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C", "D"])
        let (other, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(other.handle(line: "rm 3") == .succeeded)
        #expect(sut.handle(line: "rm 3") == .failed)
        #expect(view.lastRows == rows("A", "B", "D"))
        #expect(view.lastFocus == 2)
    }

    @Test("under a search, a change to a row it does not show says the next row it shows, or its last")
    func searchShowsTheNextMatchingRow() throws {
        let (sut, view) = try makeSUT(tasks: ["milk", "bread", "more milk", "eggs", "oat milk"])
        #expect(sut.handle(line: "find milk") == .succeeded)
        #expect(sut.handle(line: "rm 1") == .succeeded) // bread, not shown, is row 1 now
        #expect(view.lastRows == rows((2, "more milk"), (4, "oat milk")))
        #expect(view.lastFocus == 0)
        #expect(sut.handle(line: "add cheese") == .succeeded)
        #expect(view.lastRows == rows((2, "more milk"), (4, "oat milk")))
        #expect(view.lastFocus == 1)
    }

    @Test("the prompt opens on the list's last row; an empty list says none")
    func promptOpensOnTheLastRow() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"], shown: false)
        sut.showListAsThePromptOpens()
        #expect(view.received == [.rows(rows("A", "B", "C"))])
        #expect(view.lastFocus == 2)
        let (empty, emptyView) = try makeSUT(shown: false)
        empty.showListAsThePromptOpens()
        #expect(emptyView.received == [.rows([])])
        #expect(emptyView.lastFocus == nil)
    }

    @Test("a list shown for its own sake says no row: the prompt's `list`, a script's or one-shot's list")
    func listShownWholeSaysNoRow() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"], shown: false)
        sut.showList()
        #expect(view.lastFocus == nil)
        #expect(sut.handle(line: "done 2") == .succeeded)
        #expect(sut.handle(line: "list") == .succeeded)
        #expect(view.lastFocus == nil)
    }
}
