import Foundation
import TaskModel
import TaskSQLite
import TaskPresenter

/// One fuzzer input, read as lines of commands and run three ways on fresh in-memory stores:
/// typed one by one (checking the rows after every line), as a keep-going script, and as an
/// atomic script. Any broken invariant stops the process, which libFuzzer reports as a crash.
struct FuzzCase {
    /// The lines of the input, as the REPL and scripts would get them.
    let lines: [String]

    /// One moment for every run of every input (Wednesday 25 November 2026, noon in Berlin): the
    /// three ways must read `today` and `fri` alike, and a crash must replay the same on another day.
    private static let clock = Clock(now: { Date(timeIntervalSince1970: 1_795_604_400) },
                                     timeZone: { TimeZone(identifier: "Europe/Berlin") ?? .gmt })

    /// Splits `bytes` into lines at each line feed, decoding invalid UTF-8 as replacement characters.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs the input every way and checks that they agree.
    func run() {
        do {
            let typed = try runTyped()
            let keptGoing = try runScript(keepGoing: true)
            check(keptGoing.result == ScriptResult(failedLines: typed.failures, committed: true),
                  "keep-going script: \(keptGoing.result), typed: \(typed.failures) failures")
            check(same(keptGoing.tasks, typed.tasks), "keep-going script and typed lines end differently")
            let atomic = try runScript(keepGoing: false)
            check(atomic.result.committed == (typed.failures == 0), "atomic script: \(atomic.result)")
            check(same(atomic.tasks, typed.failures == 0 ? typed.tasks : []), "atomic script ends wrong")
        } catch {
            fatalError("in-memory store failed: \(error)")
        }
    }

    /// Hands each line to a presenter, as in the REPL, until `quit`: after each line the rows shown
    /// must be the store's, and a successful `undo` or `redo` must have changed them. Then checks
    /// that undoing everything and redoing it all goes back to the start and to the end.
    private func runTyped() throws -> (failures: Int, tasks: TaskList) {
        let database = try SQLiteStorage.inMemory()
        let view = CheckingView()
        let presenter = TaskPresenter(storage: database, clock: Self.clock)
        presenter.view = view
        var failures = 0
        var before: TaskList = []
        for line in lines {
            view.resetErrors()
            let result = presenter.handle(line: line)
            check(view.errorCount == (result == .failed ? 1 : 0), "\(result) with \(view.errorCount) errors")
            if result == .failed { failures += 1 }
            if result == .quit { break }
            _ = presenter.handle(line: "list") // the whole list, whatever `find` filtered
            let stored = try database.read { try $0.allTasks() }
            check(same(view.lastRows ?? [], stored), "rows shown are not the rows stored")
            if result == .succeeded, Self.isUndoOrRedo(line) {
                check(!same(before, stored), "a successful \(line) changed nothing")
            }
            before = stored
        }
        let tasks = try database.read { try $0.allTasks() }
        try checkUndoAndRedoEverything(presenter, database, end: tasks)
        return (failures, tasks)
    }

    /// Undoing until there is nothing to undo reaches the empty list (unless the history was cut),
    /// and redoing as many times brings back the list as it ended.
    private func checkUndoAndRedoEverything(_ presenter: TaskPresenter, _ database: SQLiteStorage,
                                            end: TaskList) throws {
        var undone = 0
        while presenter.handle(line: "undo") == .succeeded { undone += 1 }
        guard undone < SQLiteStorage.historyLimit else { return }
        let start = try database.read { try $0.allTasks() }
        check(start.isEmpty, "\(undone) undos leave \(start.count) tasks")
        for number in 0..<undone {
            check(presenter.handle(line: "redo") == .succeeded, "redo \(number + 1) of \(undone) failed")
        }
        check(same(try database.read { try $0.allTasks() }, end), "\(undone) undos and redos do not return to the end")
    }

    /// Whether the line is `undo` or `redo` (as the parser reads it: trimmed of ASCII whitespace).
    private static func isUndoOrRedo(_ line: String) -> Bool {
        let word = line.utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
        return word.count == 1 && (word[0].elementsEqual("undo".utf8) || word[0].elementsEqual("redo".utf8))
    }

    /// Runs the lines as one script on a fresh store.
    private func runScript(keepGoing: Bool) throws -> (result: ScriptResult, tasks: TaskList) {
        let database = try SQLiteStorage.inMemory()
        let view = CheckingView()
        let presenter = TaskPresenter(storage: database, clock: Self.clock)
        presenter.view = view
        let result = presenter.runScript(lines, keepGoing: keepGoing)
        check(view.errorCount == result.failedLines, "\(result) with \(view.errorCount) errors")
        return (result, try database.read { try $0.allTasks() })
    }

    /// Whether rows show exactly these tasks, numbered 1…n: same texts (byte for byte), stars and checks, in order,
    /// and the details of those with a due date, tags or recurrence: the tags as typed, a due date in
    /// words when there is one, an overdue mark only on one to do, the recurring mark.
    private func same(_ rows: [TaskRow], _ tasks: TaskList) -> Bool {
        rows.count == tasks.count && zip(rows.indices, zip(rows, tasks)).allSatisfy { offset, rowAndTask in
            let (row, task) = rowAndTask
            return row.number == offset + 1 && row.isFavorite == task.isFavorite && row.isDone == task.isDone && row.text.utf8.elementsEqual(task.text.utf8)
                && sameDetails(row.details, task)
        }
    }

    private func sameDetails(_ details: TaskRow.Details?, _ task: TaskItem) -> Bool {
        guard let details else { return task.due == nil && task.tags.isEmpty && task.recurrence == nil }
        let tags = task.tags.map { $0.hasPrefix("@") ? $0 : "+" + $0 }.joined(separator: " ")
        return details.tags == tags && (details.due != nil) == (task.due != nil)
            && (!details.isOverdue || (task.due != nil && !task.isDone)) && details.isRecurring == (task.recurrence != nil)
    }

    /// Whether two lists hold the same texts (byte for byte), stars, checks, due dates, tags and
    /// recurrences, in order.
    private func same(_ lhs: TaskList, _ rhs: TaskList) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { left, right in
            left.isFavorite == right.isFavorite && left.isDone == right.isDone
                && left.text.utf8.elementsEqual(right.text.utf8) && left.due == right.due
                && left.tags.map { Array($0.utf8) } == right.tags.map { Array($0.utf8) } && left.recurrence == right.recurrence
        }
    }

    /// Stops the process with `message` when `condition` is false.
    private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}
