import Foundation
import Testing
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

@Suite("export and import")
struct TaskPresenterInterchangeTests {
    static let json = """
        [
        {"uuid":"019a0000-0000-7000-8000-000000000001","description":"Buy milk","entry":"20261120T090000Z","status":"pending","priority":"H","tags":["shop"]},
        {"uuid":"019a0000-0000-7000-8000-000000000002","description":"Pay rent","entry":"20261120T090000Z","status":"completed","end":"20261121T090000Z"},
        {"uuid":"019a0000-0000-7000-8000-000000000003","description":"Old","entry":"20261120T090000Z","status":"deleted"}
        ]
        """

    @Test("export without a file writes the format's bytes to standard output and says nothing")
    func exportToStandardOutput() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["★ a"], files: files)
        #expect(sut.handle(line: "export --format markdown") == .succeeded)
        #expect(view.messages == [])
        #expect(files.lastExport?.hasPrefix("- [ ] ★ a <!-- uuid:") == true)
    }

    /// `-` is standard output, as it is standard input to `import`: it wrote a file named `-`
    /// (found by an independent tester).
    @Test("export to - writes to standard output")
    func exportToADash() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["★ a"], files: files)
        #expect(sut.handle(line: "export --format markdown -") == .succeeded)
        #expect(view.messages == [])
        #expect(files.lastExport?.hasPrefix("- [ ] ★ a <!-- uuid:") == true)
        #expect(files.contents["-"] == nil)
    }

    @Test("a format may be named by its files' extension too", arguments: [
        ("md", "markdown"), ("txt", "todotxt"), ("ical", "ics"),
    ])
    func formatNamedByItsExtension(name: String, canonical: String) throws {
        let files = MemoryFiles()
        let (sut, _) = try makeSUT(tasks: ["a"], files: files)
        #expect(sut.handle(line: "export --format \(canonical)") == .succeeded)
        let expected = files.lastExport
        #expect(sut.handle(line: "export --format \(name)") == .succeeded)
        #expect(files.lastExport == expected)
    }

    @Test("an unknown format name is refused, naming the formats")
    func unknownFormatName() throws {
        let (sut, view) = try makeSUT(tasks: ["a"])
        #expect(sut.handle(line: "export --format doc") == .failed)
        #expect(view.messages == ["export --format doc: unknown format `doc`: give todotxt, json, markdown or ics"])
    }

    @Test("export FILE takes the format from the extension and says what it wrote")
    func exportToAFile() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["a", "b"], files: files)
        #expect(sut.handle(line: "export my list.ics") == .succeeded)
        #expect(files.contents["my list.ics"].map { String(decoding: $0, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR\r\n") } == true)
        #expect(view.messages == ["Exported 2 tasks to my list.ics (iCalendar)"])
    }

    @Test("export to a name with no known extension asks for a format")
    func exportUnknownExtension() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "export notes.doc") == .failed)
        #expect(view.messages == ["export notes.doc: cannot tell a format from the name notes.doc: give --format todotxt, json, markdown or ics"])
    }

    @Test("import adds the file's tasks, skips deleted ones, and says so")
    func importAddsTasks() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["first"], files: files)
        files.contents["tw.json"] = Array(Self.json.utf8)
        #expect(sut.handle(line: "import tw.json") == .succeeded)
        var expected = rows("first", "★ Buy milk", "✓ Pay rent")
        expected[1].details = TaskRow.Details(tags: "+shop")
        #expect(view.lastRows == expected)
        #expect(view.messages == ["Imported tw.json (Taskwarrior JSON): 2 added, 0 updated, 0 unchanged, 1 skipped (1 deleted in Taskwarrior)"])
    }

    @Test("an import is one step of the undo history")
    func importUndoesAtOnce() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["first"], files: files)
        files.contents["tw.json"] = Array(Self.json.utf8)
        _ = sut.handle(line: "import tw.json")
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.lastRows == rows("first"))
        #expect(view.messages.last == "Undid: import (2 tasks)")
    }

    @Test("import --dry-run says what it would do and changes nothing")
    func dryRun() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["first"], files: files)
        files.contents["tw.json"] = Array(Self.json.utf8)
        #expect(sut.handle(line: "import --dry-run tw.json") == .succeeded)
        #expect(view.messages == ["would add: Buy milk", "would add: Pay rent", "would skip: Old (deleted in Taskwarrior)",
                                  "Dry run of tw.json (Taskwarrior JSON): 2 to add, 0 to update, 0 unchanged, 1 skipped (1 deleted in Taskwarrior); nothing was changed"])
        #expect(view.lastRows == rows("first"))
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.lastRows == [])
    }

    @Test("importing the same file again updates nothing")
    func importTwice() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(files: files)
        files.contents["tw.json"] = Array(Self.json.utf8)
        _ = sut.handle(line: "import tw.json")
        #expect(sut.handle(line: "import tw.json") == .succeeded)
        #expect(view.messages.last == "Imported tw.json (Taskwarrior JSON): nothing added or updated, its 2 tasks are already in the list, 1 skipped (1 deleted in Taskwarrior)")
    }

    @Test("a malformed file is refused naming its line and JSON path, and nothing changes")
    func malformedFile() throws {
        let database = try SQLiteStorage.inMemory()
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(database: database, tasks: ["first"], files: files)
        files.contents["bad.json"] = Array("[\n{\"uuid\":\"019a0000-0000-7000-8000-000000000001\",\"description\":\"x\",\"status\":\"frozen\"}\n]".utf8)
        #expect(sut.handle(line: "import bad.json") == .failed)
        #expect(view.messages == ["import bad.json: bad.json is not valid Taskwarrior JSON: line 2, at [0].status: `status` cannot be “frozen”; nothing was imported"])
        #expect(try storedRows(database) == rows("first"))
    }

    @Test("a file that cannot be read is named with the system's reason")
    func unreadableFile() throws {
        let (sut, view) = try makeSUT(files: MemoryFiles())
        #expect(sut.handle(line: "import nowhere.txt") == .failed)
        #expect(view.messages == ["import nowhere.txt: cannot read nowhere.txt: no such file or directory"])
    }

    @Test("a script that imports and then fails changes nothing")
    func scriptIsAtomic() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(tasks: ["first"], rendersAfterChanges: false, files: files)
        files.contents["todo.txt"] = Array("(A) 2026-11-20 from todo.txt\n".utf8)
        let result = sut.runScript(["import todo.txt", "rm 9"], keepGoing: false)
        #expect(result.committed == false)
        sut.showList()
        #expect(view.lastRows == rows("first"))
    }

    @Test("in a script, import - is refused: standard input is the script")
    func scriptCannotImportStandardInput() throws {
        let (sut, view) = try makeSUT(rendersAfterChanges: false)
        _ = sut.runScript(["import -"], keepGoing: false)
        #expect(view.messages == ["line 1: import -: standard input holds the script: give the file's name"])
    }

    @Test("import takes the format from the file's extension before its content")
    func importFormatFromTheExtension() throws {
        let database = try SQLiteStorage.inMemory()
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(database: database, files: files)
        files.contents["notes.md"] = Array("# Notes\n\nCall the bank\nBuy milk\n".utf8)
        #expect(sut.handle(line: "import notes.md") == .failed)
        #expect(view.messages == ["import notes.md: notes.md has no Markdown task list item (`- [ ] text`); "
                                  + "nothing was imported"])
        #expect(try storedRows(database) == [])
    }

    @Test("an iCalendar file in lower case is iCalendar, by its name or by its content")
    func importLowerCaseICalendar() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(files: files)
        let file = Array("begin:vcalendar\r\nbegin:vtodo\r\nsummary:Pay rent\r\nend:vtodo\r\nend:vcalendar\r\n".utf8)
        files.contents["cal.ics"] = file
        files.contents["cal"] = file
        #expect(sut.handle(line: "import --dry-run cal.ics") == .succeeded)
        #expect(sut.handle(line: "import cal") == .succeeded)
        #expect(view.messages == ["would add: Pay rent",
                                  "Dry run of cal.ics (iCalendar): 1 to add, 0 to update, 0 unchanged; nothing was changed",
                                  "Imported cal (iCalendar): 1 added, 0 updated, 0 unchanged"])
        #expect(view.lastRows == rows("Pay rent"))
    }

    /// A series tasks cannot follow arrived as a task that does not repeat, and nothing said so
    /// (found by an independent tester): the import says how many.
    @Test("an import says how many tasks repeat in a way tasks cannot follow")
    func importSaysSeriesItCannotFollow() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(files: files)
        files.contents["cal.ics"] = Array(("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:Meet\r\nRRULE:FREQ=MONTHLY;BYDAY=2TU\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nSUMMARY:Walk\r\nRRULE:FREQ=DAILY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8)
        #expect(sut.handle(line: "import --dry-run cal.ics") == .succeeded)
        #expect(sut.handle(line: "import cal.ics") == .succeeded)
        #expect(view.messages == ["would add: Meet", "would add: Walk",
                                  "Dry run of cal.ics (iCalendar): 2 to add, 0 to update, 0 unchanged; nothing was changed",
                                  "1 task repeats as tasks cannot follow: to import as a one-off, its rule kept",
                                  "Imported cal.ics (iCalendar): 2 added, 0 updated, 0 unchanged",
                                  "1 task repeats as tasks cannot follow: imported as a one-off, its rule kept"])
    }

    @Test("a byte-order mark is no part of the first task")
    func importSkipsAByteOrderMark() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(files: files)
        files.contents["todo"] = [0xEF, 0xBB, 0xBF] + Array("(A) 2026-11-20 Call mom\n".utf8)
        #expect(sut.handle(line: "import todo") == .succeeded)
        #expect(view.lastRows == rows("★ Call mom"))
    }

    @Test("a binary file is refused, naming the line of its NUL byte")
    func importRefusesANulByte() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(files: files)
        files.contents["data"] = Array("a\nb\u{0}c\n".utf8)
        #expect(sut.handle(line: "import data") == .failed)
        #expect(view.messages == ["import data: data is not valid todo.txt: line 2: a NUL byte, which no text file holds; nothing was imported"])
    }

    @Test("tasks with no text are skipped, and the report names their lines, in a dry run too")
    func importSkipsTasksWithoutText() throws {
        let files = MemoryFiles()
        let (sut, view) = try makeSUT(files: files)
        files.contents["list.md"] = Array("- [ ]\n- [ ] kept\n- [x] \n".utf8)
        files.contents["todo.txt"] = Array("x \n1\n2024-01-01\n2\n(B) \n(C) \n3\nx 2024-01-01\n(D) \n".utf8)
        #expect(sut.handle(line: "import --dry-run list.md") == .succeeded)
        #expect(sut.handle(line: "import todo.txt") == .succeeded)
        #expect(view.messages == ["would add: kept", "would skip: line 1 (with no text)", "would skip: line 3 (with no text)",
                                  "Dry run of list.md (Markdown): 1 to add, 0 to update, 0 unchanged, "
                                  + "2 skipped (2 with no text on lines 1 and 3); nothing was changed",
                                  "Imported todo.txt (todo.txt): 3 added, 0 updated, 0 unchanged, "
                                  + "6 skipped (6 with no text on lines 1, 3, 5, 6, 8 and 1 more)"])
        #expect(view.lastRows == rows("1", "2", "3"))
    }

}
