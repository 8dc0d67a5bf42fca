import TaskPresenter

/// A view that keeps the last rows and the messages the presenter handed it.
final class RowsSpy: TaskView {
    private(set) var lastRows: [TaskRow]?
    private(set) var messages: [Message] = []

    func display(rows: TaskRows) { lastRows = Array(rows) }
    func display(message: Message) { messages.append(message) }
    func display(help: String) {}

    /// Forgets what was received so far.
    func reset() {
        lastRows = nil
        messages = []
    }
}
