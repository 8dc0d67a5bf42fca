import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

@Suite("Undo and redo of every command, one step per command")
struct TaskPresenterUndoTests {
    /// Runs `command`, then `undo`, then `redo` on a list of `tasks`; returns what the view received after the command.
    private func undoRedo(_ command: String, tasks: [String]) throws -> (undo: [ViewSpy.Received], redo: [ViewSpy.Received]) {
        let (sut, view) = try makeSUT(tasks: tasks)
        #expect(sut.handle(line: command) == .succeeded)
        view.reset()
        #expect(sut.handle(line: "undo") == .succeeded)
        let undo = view.received
        view.reset()
        #expect(sut.handle(line: "redo") == .succeeded)
        return (undo, view.received)
    }

    @Test("undo and redo of add")
    func add() throws {
        let (undo, redo) = try undoRedo("add Buy milk", tasks: ["A"])
        #expect(undo == [.rows(rows("A")), .message(.info("Undid: add “Buy milk”"))])
        #expect(redo == [.rows(rows("A", "Buy milk")), .message(.info("Redid: add “Buy milk”"))])
    }

    @Test("undo and redo of fav of one task")
    func favOne() throws {
        let (undo, redo) = try undoRedo("fav 2", tasks: ["A", "B"])
        #expect(undo == [.rows(rows("A", "B")), .message(.info("Undid: fav “B” (now not a favourite)"))])
        #expect(redo == [.rows(rows("A", "★ B")), .message(.info("Redid: fav “B” (now a favourite)"))])
    }

    @Test("undo and redo of fav of several tasks is one step")
    func favSeveral() throws {
        let (undo, redo) = try undoRedo("fav 1-3", tasks: ["A", "★ B", "C"])
        #expect(undo == [.rows(rows("A", "★ B", "C")), .message(.info("Undid: fav (3 tasks)"))])
        #expect(redo == [.rows(rows("★ A", "B", "★ C")), .message(.info("Redid: fav (3 tasks)"))])
    }

    @Test("undo and redo of rm of one task puts it back in its place")
    func rmOne() throws {
        let (undo, redo) = try undoRedo("rm 2", tasks: ["A", "B", "C"])
        #expect(undo == [.rows(rows("A", "B", "C")), .message(.info("Undid: rm “B”"))])
        #expect(redo == [.rows(rows("A", "C")), .message(.info("Redid: rm “B”"))])
    }

    @Test("undo and redo of rm of several tasks is one step")
    func rmSeveral() throws {
        let (undo, redo) = try undoRedo("rm 1 3", tasks: ["A", "B", "C"])
        #expect(undo == [.rows(rows("A", "B", "C")), .message(.info("Undid: rm (2 tasks)"))])
        #expect(redo == [.rows(rows("B")), .message(.info("Redid: rm (2 tasks)"))])
    }

    @Test("undo and redo of edit name the text as it reads afterwards")
    func edit() throws {
        let (undo, redo) = try undoRedo("edit 1 New", tasks: ["Old", "B"])
        #expect(undo == [.rows(rows("Old", "B")), .message(.info("Undid: edit “Old”"))])
        #expect(redo == [.rows(rows("New", "B")), .message(.info("Redid: edit “New”"))])
    }

    @Test("undo and redo of clear")
    func clear() throws {
        let (undo, redo) = try undoRedo("clear", tasks: ["A", "★ B", "C"])
        #expect(undo == [.rows(rows("A", "★ B", "C")), .message(.info("Undid: clear (3 tasks)"))])
        #expect(redo == [.rows([]), .message(.info("Redid: clear (3 tasks)"))])
    }

    @Test("undo goes back one command at a time")
    func undoSteps() throws {
        let (sut, view) = try makeSUT()
        for line in ["add A", "add B", "fav 1-2", "rm 1"] { #expect(sut.handle(line: line) == .succeeded) }
        view.reset()
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.received == [
            .rows(rows("★ A", "★ B")), .message(.info("Undid: rm “A”")),
            .rows(rows("A", "B")), .message(.info("Undid: fav (2 tasks)")),
            .rows(rows("A")), .message(.info("Undid: add “B”")),
        ])
    }

    @Test("numbers after undo refer to the list undo showed")
    func numbersAfterUndo() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"])
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(sut.handle(line: "undo") == .succeeded)
        view.reset()
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(view.received == [.rows(rows("B", "C"))])
    }

    @Test("a new change after undo leaves nothing to redo")
    func newChangeDropsRedo() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(sut.handle(line: "add B") == .succeeded)
        view.reset()
        #expect(sut.handle(line: "redo") == .failed)
        #expect(view.received == [.message(.error("redo: nothing to redo"))])
    }

    @Test("undo without rendering shows its message but no rows")
    func undoWithoutRendering() throws {
        let (sut, view) = try makeSUT(tasks: ["A"], rendersAfterChanges: false)
        #expect(sut.handle(line: "rm 1") == .succeeded)
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.received == [.message(.info("Undid: rm “A”"))])
    }

    @Test("undo reverts a change made by an earlier presenter on the same store")
    func undoAcrossSessions() throws {
        let database = try SQLiteStorage.inMemory()
        let (earlier, _) = try makeSUT(database: database, tasks: ["A"])
        #expect(earlier.handle(line: "edit 1 B") == .succeeded)
        let (sut, view) = try makeSUT(database: database)
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.received == [.rows(rows("A")), .message(.info("Undid: edit “A”"))])
    }

    @Test("undo and redo of a sync name it, one step for every task it added, changed or removed")
    func sync() throws {
        let database = try SQLiteStorage.inMemory()
        try seed(database, with: ["A", "B", "C"])
        let tasks = try database.allTasks()
        try database.write {
            try $0.importTasks([TaskImport(id: tasks[0].id, text: "A2", createdAt: tasks[0].createdAt),
                                TaskImport(id: nil, text: "D", createdAt: tasks[0].createdAt)],
                               removing: [tasks[1].id], from: .sync, at: tasks[0].createdAt)
        }
        let (sut, view) = try makeSUT(database: database)
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.received == [.rows(rows("A", "B", "C")), .message(.info("Undid: sync (3 tasks)"))])
        view.reset()
        #expect(sut.handle(line: "redo") == .succeeded)
        #expect(view.received == [.rows(rows("A2", "C", "D")), .message(.info("Redid: sync (3 tasks)"))])
    }
}
