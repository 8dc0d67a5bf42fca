import TaskPresenter
import TaskTerminal

/// The view that answers a completion script (`tasks --complete-task-numbers`): each task's number
/// and text, a tab between, one task a line, control characters escaped so that a text is one line
/// that cannot drive the terminal. Messages are dropped: a completion prints candidates or nothing.
/// With an entry width, the text is replaced by `N  TEXT` made exactly that many columns wide: bash
/// lists entries one a line that way, and it cannot measure the width of wide characters itself.
final class TaskNumbersView: TaskView {
    private let output: OutputStreams
    private let entryWidth: Int?

    /// Creates the view and makes itself `presenter`'s view.
    init(presenter: TaskPresenter, output: OutputStreams, entryWidth: Int? = nil) {
        self.output = output
        self.entryWidth = entryWidth
        presenter.view = self
    }

    func display(rows: TaskRows) {
        rows.forEachRow { number, text, _, _, _ in
            let text = String(decoding: text, as: UTF8.self).escapingControlCharacters()
            let shown = entryWidth.map { "\(number)  \(text)".fitted(toColumns: $0) } ?? text
            output.write("\(number)\t" + shown + "\n", to: .output)
        }
    }

    func display(message: Message) {}

    func display(help: String) {}
}
