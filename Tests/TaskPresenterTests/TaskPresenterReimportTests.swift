import Foundation
import Testing
import TaskModel
import TaskSQLite
import TaskPresenter

/// Files that other programs wrote carry no identities: importing one again finds its tasks in the
/// list by what the file says of them, and adds nothing.
@Suite("importing a file without identities again")
struct TaskPresenterReimportTests {
    static let todoTxt = """
        (A) 2026-11-20 Call mom +family due:2026-12-01
        (B) Pay rent rec:+1m due:2026-12-01
        x 2026-11-22 2026-11-20 Water plants @home
        Buy milk due:2026-12-01 due-time:17:00+01:00

        """
    static let markdown = """
        # Shopping
        - [ ] ★ Call mom +family (due 2026-12-01)
        - [x] Pay rent (every month)
        - [ ] Buy milk (due 2026-12-01 16:00 UTC)

        """

    @Test("a file imported twice adds its tasks once, and the second import says nothing was added", arguments: [
        ("todo.txt", Self.todoTxt, "todo.txt", 4), ("list.md", Self.markdown, "Markdown", 3),
    ])
    func importedTwice(file: String, contents: String, format: String, count: Int) throws {
        let files = MemoryFiles()
        files.contents[file] = Array(contents.utf8)
        let database = try SQLiteStorage.inMemory()
        let (sut, view) = try makeSUT(database: database, files: files)
        #expect(sut.handle(line: "import \(file)") == .succeeded)
        let first = try database.allTasks()
        #expect(sut.handle(line: "import \(file)") == .succeeded)
        #expect(view.messages == [
            "Imported \(file) (\(format)): \(count) added, 0 updated, 0 unchanged",
            "Imported \(file) (\(format)): nothing added or updated, its \(count) tasks are already in the list",
        ])
        #expect(try database.allTasks() == first)
        #expect(try database.allTasks().map(\.modifiedAt) == first.map(\.modifiedAt))
    }

    @Test("a task typed in the list is found by a line that reads the same")
    func typedTaskFound() throws {
        let files = MemoryFiles()
        files.contents["todo.txt"] = Array("Buy milk\n".utf8)
        let (sut, view) = try makeSUT(tasks: ["Buy milk"], files: files)
        #expect(sut.handle(line: "import todo.txt") == .succeeded)
        #expect(view.messages == ["Imported todo.txt (todo.txt): nothing added or updated, its 1 task is already in the list"])
        #expect(view.lastRows == rows("Buy milk"))
    }

    @Test("a line given twice is added once more when the list holds it once")
    func duplicateLines() throws {
        let files = MemoryFiles()
        files.contents["todo.txt"] = Array("Buy milk\nBuy milk\nPay rent\n".utf8)
        let (sut, view) = try makeSUT(tasks: ["Buy milk"], files: files)
        #expect(sut.handle(line: "import todo.txt") == .succeeded)
        #expect(view.lastRows == rows("Buy milk", "Buy milk", "Pay rent"))
        #expect(sut.handle(line: "import todo.txt") == .succeeded)
        #expect(view.lastRows == rows("Buy milk", "Buy milk", "Pay rent"))
        #expect(view.messages == [
            "Imported todo.txt (todo.txt): 2 added, 0 updated, 1 unchanged",
            "Imported todo.txt (todo.txt): nothing added or updated, its 3 tasks are already in the list",
        ])
    }

    @Test("of a file whose line changed other than in its text between imports, that task is updated", arguments: [
        "(B) Pay rent rec:+1m due:2026-12-02", // due
        "(C) Pay rent rec:+1m due:2026-12-01", // priority
        "(B) Pay rent rec:+2m due:2026-12-01", // recurrence
        "(B) Pay rent +flat rec:+1m due:2026-12-01", // tags
        "x 2026-11-23 2026-11-20 Pay rent rec:+1m due:2026-12-01 pri:B", // done
    ])
    func oneLineChanged(changed: String) throws {
        let files = MemoryFiles()
        files.contents["todo.txt"] = Array(Self.todoTxt.utf8)
        let (sut, view) = try makeSUT(files: files)
        #expect(sut.handle(line: "import todo.txt") == .succeeded)
        files.contents["todo.txt"] = Array(Self.todoTxt.replacingOccurrences(of: "(B) Pay rent rec:+1m due:2026-12-01",
                                                                              with: changed).utf8)
        #expect(sut.handle(line: "import todo.txt") == .succeeded)
        #expect(view.messages.last == "Imported todo.txt (todo.txt): 0 added, 1 updated, 3 unchanged")
        #expect(view.lastRows?.count == 4)
    }

    @Test("of a file whose line's text changed between imports, that line is added")
    func oneTextChanged() throws {
        let files = MemoryFiles()
        files.contents["todo.txt"] = Array(Self.todoTxt.utf8)
        let (sut, view) = try makeSUT(files: files)
        #expect(sut.handle(line: "import todo.txt") == .succeeded)
        files.contents["todo.txt"] = Array(Self.todoTxt.replacingOccurrences(of: "(B) Pay rent", with: "(B) Pay the rent").utf8)
        #expect(sut.handle(line: "import todo.txt") == .succeeded)
        #expect(view.messages.last == "Imported todo.txt (todo.txt): 1 added, 0 updated, 3 unchanged")
        #expect(view.lastRows?.count == 5)
    }

    /// Found by the independent tester: `done 1`, then the same file again, added Call mom twice.
    @Test("a task checked off here since is found by its line again, which the import then updates, adding nothing")
    func taskCheckedOffSince() throws {
        let files = MemoryFiles()
        files.contents["t.txt"] = Array("(A) Call mom +family @phone\nBuy milk\n".utf8)
        let (sut, view) = try makeSUT(files: files)
        #expect(sut.handle(line: "import t.txt") == .succeeded)
        #expect(sut.handle(line: "done 1") == .succeeded)
        #expect(sut.handle(line: "import t.txt") == .succeeded)
        #expect(view.messages.last == "Imported t.txt (todo.txt): 0 added, 1 updated, 1 unchanged")
        #expect(view.lastRows?.map(\.text) == ["Call mom", "Buy milk"])
    }

    @Test("a dry run of a file imported already says nothing would be added")
    func dryRunAgain() throws {
        let files = MemoryFiles()
        files.contents["list.md"] = Array(Self.markdown.utf8)
        let (sut, view) = try makeSUT(files: files)
        #expect(sut.handle(line: "import list.md") == .succeeded)
        view.reset()
        #expect(sut.handle(line: "import --dry-run list.md") == .succeeded)
        #expect(view.messages == [
            "Dry run of list.md (Markdown): nothing to add or update, its 3 tasks are already in the list; nothing was changed",
        ])
    }
}
