import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

@Suite("Numbers refer to the list as last shown")
struct TaskPresenterNumberingTests {
    @Test("after a removal, numbers refer to the renumbered list")
    func numbersAfterRemoval() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C", "D"])
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(view.received == [.rows(rows("B", "C", "D")), .rows(rows("C", "D"))])
    }

    @Test("after a removal, the old last number is out of range")
    func oldLastNumber() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"])
        #expect(sut.handle(line: "rm 2") == .succeeded)
        #expect(sut.handle(line: "fav 3") == .failed)
        #expect(view.received == [.rows(rows("A", "C")), .message(.error("fav 3: there is no task 3 (the list has 2)"))])
    }

    @Test("without rendering, numbers still follow the presenter's own changes")
    func numbersWithoutRendering() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, _) = try makeSUT(database: database, tasks: ["A", "B", "C"], rendersAfterChanges: false)
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(sut.handle(line: "fav 1") == .succeeded)
        #expect(try storedRows(database) == rows("★ B", "C"))
    }

    @Test("a number still means the task shown with it after another process removed one above it")
    func staleNumberStillMeansShownTask() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "rm 1") == .succeeded) // A; B is now 1 in the store, C is 2
        #expect(first.handle(line: "rm 2") == .succeeded) // 2 was shown as B
        #expect(firstView.received == [.rows(rows("C"))])
    }

    @Test("a number still means the task shown with it after another process added tasks")
    func staleNumberAfterOthersAdd() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "add C") == .succeeded)
        #expect(first.handle(line: "fav 2") == .succeeded)
        #expect(firstView.received == [.rows(rows("A", "★ B", "C"))])
    }

    @Test("a number whose task another process removed is reported as gone, the list refreshed, nothing changed")
    func staleNumberGone() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "rm 2") == .succeeded) // B
        #expect(first.handle(line: "rm 2") == .failed) // shown as B: never C instead
        #expect(firstView.received == [
            .rows(rows("A", "C")),
            .message(.error("rm 2: the task shown as 2 is gone (changed by another process); the list was refreshed")),
        ])
        #expect(try storedRows(SQLiteStorage(path: path)) == rows("A", "C"))
    }

    @Test("after the refresh, numbers refer to the fresh list")
    func numbersAfterRefresh() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "rm 2") == .succeeded)
        #expect(first.handle(line: "rm 2") == .failed)
        firstView.reset()
        #expect(first.handle(line: "rm 2") == .succeeded) // now C
        #expect(firstView.received == [.rows(rows("A"))])
    }

    @Test("several gone tasks are named together, and the others are not changed")
    func severalGone() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C", "D"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "rm 2 4") == .succeeded)
        #expect(first.handle(line: "fav 1-4") == .failed)
        #expect(firstView.received == [
            .rows(rows("A", "C")),
            .message(.error(
                "fav 1-4: the tasks shown as 2 and 4 are gone (changed by another process); the list was refreshed")),
        ])
    }

    @Test("edit of a task another process removed is reported as gone")
    func editGone() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "clear") == .succeeded)
        #expect(first.handle(line: "edit 1 new") == .failed)
        #expect(firstView.received == [
            .rows([]),
            .message(.error("edit 1 new: the task shown as 1 is gone (changed by another process); the list was refreshed")),
        ])
    }

    @Test("edit of a task another process edited meanwhile is refused, saying what it reads now")
    func editOfAnEditedTask() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "edit 1 theirs") == .succeeded)
        #expect(first.handle(line: "edit 1 mine") == .failed)
        #expect(firstView.received == [
            .rows(rows("theirs", "B")),
            .message(.error("edit 1 mine: task 1 was edited by another process meanwhile (it now reads “theirs”); "
                            + "nothing was changed and the list was refreshed")),
        ])
        #expect(try storedRows(SQLiteStorage(path: path)) == rows("theirs", "B"))
        firstView.reset()
        #expect(first.handle(line: "edit 1 mine") == .succeeded) // now that it has been seen
        #expect(firstView.received == [.rows(rows("mine", "B"))])
    }

    @Test("done and mv act on the tasks shown, wherever another process moved them")
    func doneAndMoveFollowTheTasksShown() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B", "C"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "mv 3 1") == .succeeded) // C A B
        #expect(first.handle(line: "done 2") == .succeeded) // B, shown as 2
        #expect(firstView.received == [.rows(rows("C", "A", "✓ B"))])
        firstView.reset()
        #expect(first.handle(line: "mv 3 1") == .succeeded) // B, now shown as 3, to the top
        #expect(firstView.received == [.rows(rows("✓ B", "C", "A"))])
    }

    @Test("showList shows the changes another process made meanwhile")
    func showListRefreshes() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (first, firstView) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A", "B"])
        let (second, _) = try makeSUT(database: SQLiteStorage(path: path))
        #expect(second.handle(line: "fav 1") == .succeeded)
        #expect(first.handle(line: "add C") == .succeeded)
        first.showList()
        #expect(firstView.received == [.rows(rows("★ A", "B", "C")), .rows(rows("★ A", "B", "C"))])
    }
}
