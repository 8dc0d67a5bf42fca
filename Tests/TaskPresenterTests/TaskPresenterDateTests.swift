import Foundation
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport
import Testing

/// Due dates, tags and recurrence at the prompt, on Wednesday 25 November 2026 in Berlin.
@Suite("Due dates, tags, recurrence and the views that use them")
struct TaskPresenterDateTests {
    private func row(_ number: Int, _ text: String, tags: String = "", due: String? = nil, overdue: Bool = false,
                     recurring: Bool = false, done: Bool = false) -> TaskRow {
        TaskRow(number: number, text: text, isFavorite: false, isDone: done,
                details: TaskRow.Details(tags: tags, due: due, isOverdue: overdue, isRecurring: recurring))
    }

    @Test("attribute words in add are not text; the row shows them in words")
    func addWithAttributes() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "add Pay rent due:fri +home") == .succeeded)
        #expect(sut.handle(line: "add Call @phone Anna due:tomorrow 17:00") == .succeeded)
        #expect(sut.handle(line: "add Water the plants due:sat every:week +home") == .succeeded)
        #expect(sut.handle(line: "add File taxes due:2027-01-31") == .succeeded)
        #expect(view.lastRows == [
            row(1, "Pay rent", tags: "+home", due: "fri"), row(2, "Call Anna", tags: "@phone", due: "tomorrow 17:00"),
            row(3, "Water the plants", tags: "+home", due: "sat", recurring: true), row(4, "File taxes", due: "31 jan 2027"),
        ])
    }

    @Test("a word that only looks like an attribute stays text, and a backslash keeps one as text")
    func literalWords() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "add Call +1 555 0100 @ 5 due: now") == .succeeded)
        #expect(sut.handle(line: #"add Read \+home and \due:fri and \\+x"#) == .succeeded)
        #expect(view.lastRows?.map(\.text) == ["Call +1 555 0100 @ 5 due: now", #"Read +home and due:fri and \+x"#])
        #expect(view.lastRows?.map(\.details) == [nil, nil])
    }

    @Test("a space before a combining mark still ends an attribute word: the mark starts a word of the text")
    func combiningMarkAfterAttribute() throws {
        let (sut, view) = try makeSUT()
        #expect(sut.handle(line: "add Pay +home \u{301}x due:fri \u{301}y") == .succeeded)
        #expect(view.lastRows == [row(1, "Pay \u{301}x \u{301}y", tags: "+home", due: "fri")])
    }

    @Test("an unknown or impossible date is an error naming it, and nothing changes", arguments: [
        ("add Pay due:someday-ish", "add Pay due:someday-ish: `someday-ish` is not a date (try today, fri, dec 1, 12-01, 2026-12-01, 3d, eow)"),
        ("due 1 feb 30", "due 1 feb 30: there is no date `feb 30`"),
        ("due 1 fri 25:00", "due 1 fri 25:00: `25:00` is not a time of day (try 17:00 or 5pm)"),
        ("every 1 fortnight", "every 1 fortnight: `fortnight` is not a period (try day, weekday, week, 2w, month, year, mon,thu, 3d-after)"),
        ("tag 1 home", "tag 1 home: `home` is not a tag change: +name adds a tag, -name removes it (a name starts with a letter)"),
        ("add due:fri +home", "add due:fri +home: the task text is empty (only due:, every: and tags were given)"),
        ("due 1", "due 1: no date given: due N DATE (e.g. due 3 fri, due 3 2026-12-01 17:00, due 3 none)"),
    ])
    func badWords(line: String, error: String) throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: line) == .failed)
        #expect(view.received == [.message(.error(error))])
    }

    @Test("due, tag and every change each task named, as one step each")
    func fieldCommands() throws {
        let (sut, view) = try makeSUT(tasks: ["A", "B", "C"])
        #expect(sut.handle(line: "due 1 3 12-15") == .succeeded)
        #expect(sut.handle(line: "tag 1-2 +home +@phone") == .succeeded)
        #expect(sut.handle(line: "tag 2 -@phone") == .succeeded)
        #expect(sut.handle(line: "every 3 month") == .succeeded)
        #expect(view.lastRows == [
            row(1, "A", tags: "+home @phone", due: "15 dec"), row(2, "B", tags: "+home"),
            row(3, "C", due: "15 dec", recurring: true),
        ])
        view.reset()
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.messages == ["Undid: every “C”"])
        #expect(sut.handle(line: "due 1 3 none") == .succeeded)
        #expect(view.lastRows?.map(\.details?.due) == [nil, nil, nil])
    }

    @Test("edit changes what its text names and keeps the rest")
    func editKeepsTheRest() throws {
        let (sut, view) = try makeSUT()
        _ = sut.handle(line: "add Pay rent due:fri +home every:month")
        #expect(sut.handle(line: "edit 1 Pay the rent") == .succeeded)
        #expect(view.lastRows == [row(1, "Pay the rent", tags: "+home", due: "fri", recurring: true)])
        #expect(sut.handle(line: "edit 1 due:tomorrow") == .succeeded)
        #expect(view.lastRows == [row(1, "Pay the rent", tags: "+home", due: "tomorrow", recurring: true)])
        #expect(sut.handle(line: "edit 1 Pay +flat every:none") == .succeeded)
        #expect(view.lastRows == [row(1, "Pay", tags: "+flat", due: "tomorrow")])
    }

    @Test("Tab after edit N fills in the text with its attribute words, which read back the same")
    func tabFillsInTheAttributes() throws {
        let (sut, _) = try makeSUT()
        _ = sut.handle(line: #"add Read \+home due:2026-12-01 17:00 +home @desk every:2w"#)
        #expect(sut.completions(for: "edit 1 ") == [#"edit 1 Read \+home +home @desk due:2026-12-01 17:00 every:2w"#])
    }

    @Test("Tab after due: offers date words; after + the tags in use")
    func tabOffersDatesAndTags() throws {
        let (sut, _) = try makeSUT()
        _ = sut.handle(line: "add A +home +health @phone")
        #expect(sut.completions(for: "add B due:t") == ["add B due:today", "add B due:tomorrow", "add B due:tue", "add B due:thu"])
        #expect(sut.completions(for: "add B +h") == ["add B +health", "add B +home"])
        #expect(sut.completions(for: "find @") == ["find @phone"])
        #expect(sut.completions(for: "add B every:w") == ["add B every:weekday", "add B every:week"])
    }

    @Test("a recurring task checked off stays done and the next one comes right after it; undo takes both back")
    func doneOfARecurringTask() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        _ = sut.handle(line: "add Pay rent due:2026-10-31 every:month")
        _ = sut.handle(line: "add C")
        #expect(sut.handle(line: "done 2") == .succeeded)
        #expect(view.lastRows == [
            row(1, "A").withoutDetails, row(2, "Pay rent", due: "31 oct", done: true),
            row(3, "Pay rent", due: "mon", recurring: true), row(4, "C").withoutDetails,
        ])
        view.reset()
        #expect(sut.handle(line: "undo") == .succeeded)
        #expect(view.lastRows?.map(\.text) == ["A", "Pay rent", "C"])
        #expect(view.lastRows?[1].details == TaskRow.Details(due: "31 oct", isOverdue: true, isRecurring: true))
    }

    @Test("today shows what is due today or overdue, overdue first, with whole-list numbers, until list")
    func today() throws {
        let (sut, view) = try makeSUT()
        for line in ["add A due:tomorrow", "add B due:today", "add C due:2026-11-20", "add D", "add E due:today 9:00",
                     "add F due:yesterday", "done 6"] {
            _ = sut.handle(line: line)
        }
        view.reset()
        #expect(sut.handle(line: "today") == .succeeded)
        #expect(view.received == [
            .rows([row(3, "C", due: "20 nov", overdue: true), row(5, "E", due: "today 09:00", overdue: true),
                   row(2, "B", due: "today")]),
            .message(.info("3 of 6 tasks due today or overdue; `list` shows all")),
        ])
        #expect(sut.prompt == "tasks (today)> ")
        #expect(sut.handle(line: "fav 2") == .succeeded)
        #expect(view.lastFocus == 2) // the row of task 2, last in the view by date
        #expect(sut.handle(line: "done 2") == .succeeded)
        #expect(view.lastRows?.map(\.number) == [3, 5])
        view.reset()
        #expect(sut.handle(line: "done 1") == .failed)
        #expect(view.messages == ["done 1: task 1 is not among the tasks `today` shows; `list` shows them all"])
        #expect(sut.handle(line: "list") == .succeeded)
        #expect(sut.prompt == "tasks> ")
    }

    @Test("upcoming shows every dated task to do, by date, and says when there is none")
    func upcoming() throws {
        let (sut, view) = try makeSUT(tasks: ["A"])
        #expect(sut.handle(line: "upcoming") == .succeeded)
        #expect(view.lastEmptyText == "No task to do has a due date; `due N DATE` gives one")
        _ = sut.handle(line: "add B due:2027-01-02")
        _ = sut.handle(line: "add C due:fri 8am")
        _ = sut.handle(line: "add D due:fri")
        view.reset()
        _ = sut.handle(line: "upcoming")
        #expect(view.lastRows?.map(\.number) == [4, 3, 2])
        #expect(sut.prompt == "tasks (upcoming)> ")
    }

    @Test("a one-shot today or upcoming reads only the dated tasks, numbered as in the whole list", arguments: [
        ("today", [3, 5, 8]), ("upcoming", [3, 5, 8, 9, 6]),
    ])
    func oneShotViews(line: String, numbers: [Int]) throws {
        let store = ReadCountingStore(base: try SQLiteStorage.inMemory())
        let (setup, _) = try makeSUT(database: store)
        for line in ["add A", "add Gone due:today", "add B", "add C due:yesterday", "add D", "add E due:today",
                     "add F due:fri", "add G due:today", "done 8", "add H due:today 23:59", "add I due:tomorrow 0:00",
                     "rm 2"] {
            #expect(setup.handle(line: line) == .succeeded)
        }
        let (sut, view) = try makeSUT(database: store, shown: false)
        let reads = store.wholeListReads
        #expect(sut.handle(line: line) == .succeeded)
        #expect(store.wholeListReads == reads)
        #expect(view.lastRows?.map(\.number) == numbers)
        #expect(view.messages.last?.hasPrefix("\(numbers.count) of 9 tasks") == true)
    }

    @Test("a view shown before any list was loaded stays in effect for the next command")
    func aViewFirstStaysInEffect() throws {
        let (sut, view) = try makeSUT(tasks: ["A"], shown: false)
        #expect(sut.handle(line: "today") == .succeeded)
        #expect(sut.handle(line: "done 1") == .failed)
        #expect(view.messages.last == "done 1: task 1 is not among the tasks `today` shows; `list` shows them all")
    }

    @Test("find takes tags with text")
    func findWithTags() throws {
        let (sut, view) = try makeSUT()
        for line in ["add Buy milk +home", "add Buy milk +work", "add Buy bread +home"] { _ = sut.handle(line: line) }
        #expect(sut.handle(line: "find +home milk") == .succeeded)
        #expect(view.lastRows?.map(\.number) == [1])
        #expect(sut.handle(line: "find +HOME") == .succeeded)
        #expect(view.lastRows?.map(\.number) == [1, 3])
        _ = sut.handle(line: "list")
        _ = sut.handle(line: "tag 2 +@phone")
        #expect(sut.handle(line: "find +@phone") == .succeeded)
        #expect(view.lastRows?.map(\.number) == [2])
    }

    @Test("find with only tags shows every task that has them, whatever characters its text has")
    func findOnlyTags() throws {
        let (sut, view) = try makeSUT()
        for line in ["add Café +home", "add Milk +home", "add Tee"] { _ = sut.handle(line: line) }
        #expect(sut.handle(line: "find +home") == .succeeded)
        #expect(view.lastRows?.map(\.number) == [1, 2])
    }

    @Test("when the day changes under an idle prompt, the list is shown again with words that are true")
    func newDay() throws {
        let clock = TestClock("2026-11-25 23:59")
        let (sut, view) = try makeSUT(clock: clock)
        _ = sut.handle(line: "add A due:tomorrow")
        view.reset()
        #expect(!sut.hasStoreNews())
        clock.set("2026-11-26 00:00")
        #expect(sut.hasStoreNews())
        sut.showStoreNews()
        #expect(view.received == [.rows([row(1, "A", due: "today")])])
        #expect(!sut.hasStoreNews())
    }
}

private extension TaskRow {
    /// The row with no details, as a task without due date, tags or recurrence shows.
    var withoutDetails: TaskRow {
        var row = self
        row.details = nil
        return row
    }
}
