import TaskPresenter

/// A view that prints nothing and stops the process when the presenter hands it something malformed:
/// rows whose numbers are not distinct numbers from 1 (a search or view such as `today` shows
/// whole-list numbers, in its own order; `FuzzCase` checks the whole list's are 1…n), or an empty message.
final class CheckingView: TaskView {
    /// The last rows shown.
    private(set) var lastRows: [TaskRow]?
    /// How many error messages were shown.
    private(set) var errorCount = 0

    func display(rows: TaskRows) {
        var numbers = Set<Int>()
        for (offset, row) in rows.enumerated() where row.number < 1 || !numbers.insert(row.number).inserted {
            fatalError("row \(offset + 1) is numbered \(row.number)")
        }
        lastRows = Array(rows)
    }

    func display(message: Message) {
        if message.text.isEmpty { fatalError("an empty \(message.kind) message") }
        if message.kind == .error { errorCount += 1 }
    }

    func display(help: String) {
        if help.isEmpty { fatalError("empty help") }
    }

    /// Forgets the errors counted so far.
    func resetErrors() {
        errorCount = 0
    }
}
