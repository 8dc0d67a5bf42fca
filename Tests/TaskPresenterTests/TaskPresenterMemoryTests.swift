import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

@Suite("The presenter and its view")
struct TaskPresenterMemoryTests {
    @Test("the presenter does not keep the view alive")
    func viewNotRetained() throws {
        let sut = TaskPresenter(storage: try SQLiteStorage.inMemory())
        weak var weakView: ViewSpy?
        do {
            let view = ViewSpy()
            sut.view = view
            weakView = view
            sut.showList()
            _ = sut.handle(line: "add A")
        }
        #expect(weakView == nil)
        #expect(sut.view == nil)
    }

    @Test("the presenter works without a view")
    func noView() throws {
        let database = try SQLiteStorage.inMemory()
        let sut = TaskPresenter(storage: database)
        sut.showList()
        #expect(sut.handle(line: "add A") == .succeeded)
        #expect(sut.handle(line: "rm 9") == .failed)
        #expect(sut.runScript(["add B", "help"], keepGoing: false).succeeded)
        #expect(try storedRows(database) == rows("A", "B"))
    }
}
