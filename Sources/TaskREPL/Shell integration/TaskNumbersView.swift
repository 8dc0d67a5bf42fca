import TaskPresenter
import TaskTerminal

/// The view that answers a completion script (`tasks --complete-task-numbers`): each task's number
/// and text, a tab between, one task a line, control characters escaped so that a text is one line
/// that cannot drive the terminal. Messages are dropped: a completion prints candidates or nothing.
final class TaskNumbersView: TaskView {
    private let output: OutputStreams

    /// Creates the view and makes itself `presenter`'s view.
    init(presenter: TaskPresenter, output: OutputStreams) {
        self.output = output
        presenter.view = self
    }

    func display(rows: TaskRows) {
        rows.forEachRow { number, text, _, _ in
            output.write("\(number)\t" + String(decoding: text, as: UTF8.self).escapingControlCharacters() + "\n",
                         to: .output)
        }
    }

    func display(message: Message) {}

    func display(help: String) {}
}
