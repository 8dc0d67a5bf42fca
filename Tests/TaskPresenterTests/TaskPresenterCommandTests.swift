import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

@Suite("Each command's effect on the rows")
struct TaskPresenterCommandTests {
    @Test("showList hands the view the numbered rows with stars")
    func showList() throws {
        let (sut, view) = try makeSUT(tasks: ["Call mom", "★ Pay rent", "Water the plants"], shown: false)
        sut.showList()
        #expect(view.received == [.rows(rows("Call mom", "★ Pay rent", "Water the plants"))])
    }

    @Test("showList of an empty list hands the view no rows")
    func showEmptyList() throws {
        let (sut, view) = try makeSUT(shown: false)
        sut.showList()
        #expect(view.received == [.rows([])])
    }

    @Test("add appends a task and shows the list")
    func add() throws {
        let (sut, view) = try makeSUT(tasks: ["Call mom"])
        #expect(sut.handle(line: "add Buy milk") == .succeeded)
        #expect(view.received == [.rows(rows("Call mom", "Buy milk"))])
    }

    @Test("add keeps unusual text exactly, control characters included")
    func addUnusualText() throws {
        let (sut, view) = try makeSUT()
        let text = "買い物 🧑‍🧑‍🧒 \u{1B}[2J\u{7}"
        #expect(sut.handle(line: "add \(text)") == .succeeded)
        #expect(view.received == [.rows(rows(text))])
    }

    @Test("fav toggles the favourite flag of one task")
    func favOne() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"])
        #expect(sut.handle(line: "fav 2") == .succeeded)
        #expect(view.received == [.rows(rows("A", "★ B", "C"))])
    }

    @Test("fav on a favourite unmarks it")
    func favUnmarks() throws {
        let (sut, view) = try makeSUT(tasks: ["★ A", "B"])
        #expect(sut.handle(line: "fav 1") == .succeeded)
        #expect(view.received == [.rows(rows("A", "B"))])
    }

    @Test("fav takes numbers and ranges together")
    func favSeveral() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C", "D", "E"])
        #expect(sut.handle(line: "fav 1-2 4") == .succeeded)
        #expect(view.received == [.rows(rows("★ A", "★ B", "C", "★ D", "E"))])
    }

    @Test("fav with a number given twice toggles it once")
    func favDuplicate() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"])
        #expect(sut.handle(line: "fav 1-3 2 2") == .succeeded)
        #expect(view.received == [.rows(rows("★ A", "★ B", "★ C"))])
    }

    @Test("rm removes one task and renumbers the rest")
    func rmOne() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"])
        #expect(sut.handle(line: "rm 2") == .succeeded)
        #expect(view.received == [.rows(rows("A", "C"))])
    }

    @Test("rm removes several tasks, all numbered as the list stood before the command")
    func rmSeveral() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C", "D", "E", "F", "G"])
        #expect(sut.handle(line: "rm 2 5 7") == .succeeded)
        #expect(view.received == [.rows(rows("A", "C", "D", "F"))])
    }

    @Test("rm with overlapping numbers removes each task once")
    func rmOverlapping() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A", "B", "C", "D"])
        #expect(sut.handle(line: "rm 1-3 2 2") == .succeeded)
        #expect(view.received == [.rows(rows("D"))])
        #expect(try storedRows(database) == rows("D"))
    }

    @Test("edit replaces the text of a task, keeping its place and star")
    func edit() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "★ B", "C"])
        #expect(sut.handle(line: "edit 2 Bee  bop ") == .succeeded)
        #expect(view.received == [.rows(rows("A", "★ Bee  bop", "C"))])
    }

    @Test("edit with the same text succeeds and changes nothing")
    func editSameText() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: "edit 1 A") == .succeeded)
        #expect(view.received == [.rows(rows("A"))])
    }

    @Test("clear removes every task")
    func clear() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B"])
        #expect(sut.handle(line: "clear") == .succeeded)
        #expect(view.received == [.rows([])])
    }

    @Test("clear on an empty list succeeds")
    func clearEmpty() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "clear") == .succeeded)
        #expect(view.received == [.rows([])])
    }

    @Test("list and ls show the rows", arguments: ["list", "ls", "  ls "])
    func list(line: String) throws {
        let (sut, view) = try makeSUT(tasks: ["A", "★ B"])
        #expect(sut.handle(line: line) == .succeeded)
        #expect(view.received == [.rows(rows("A", "★ B"))])
    }

    @Test("list shows the rows even when changes are not rendered")
    func listWithoutRendering() throws {
        let (sut, view) = try makeSUT(tasks: ["A"], rendersAfterChanges: false)
        #expect(sut.handle(line: "ls") == .succeeded)
        #expect(view.received == [.rows(rows("A"))])
    }

    @Test("list shows tasks added by another connection since")
    func listShowsOthersChanges() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let (sut, view) = try makeSUT(database: SQLiteStorage(path: path), tasks: ["A"])
        try SQLiteStorage(path: path).create(text: "B")
        #expect(sut.handle(line: "list") == .succeeded)
        #expect(view.received == [.rows(rows("A", "B"))])
    }

    @Test("without rendering, a change shows nothing but is saved")
    func noRendering() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A", "B"], rendersAfterChanges: false)
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(sut.handle(line: "add C") == .succeeded)
        #expect(view.received == [])
        #expect(try storedRows(database) == rows("B", "C"))
    }

    @Test("without a prior showList, numbers resolve against the stored list (one-shot)")
    func oneShot() throws {
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, tasks: ["A", "B", "C"], shown: false, rendersAfterChanges: false)
        #expect(sut.handle(line: "rm 2") == .succeeded)
        #expect(view.received == [])
        #expect(try storedRows(database) == rows("A", "C"))
    }

    @Test("without a prior showList, a rendered change shows the stored list")
    func oneShotRendered() throws {
        let (sut, view) = try makeSUT(tasks: ["A"], shown: false)
        #expect(sut.handle(line: "add B") == .succeeded)
        #expect(view.received == [.rows(rows("A", "B"))])
    }

    @Test("blank lines and comments do nothing", arguments: ["", "   ", "# rm 1", "  #"])
    func ignoredLines(line: String) throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: line) == .succeeded)
        #expect(view.received == [])
    }

    @Test("quit and exit ask to leave and show nothing", arguments: ["quit", "exit", " exit "])
    func quit(line: String) throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: line) == .quit)
        #expect(view.received == [])
    }
}
