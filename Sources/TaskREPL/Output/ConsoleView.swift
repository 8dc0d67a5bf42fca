import TaskPresenter
import TaskTerminal

/// The passive view: prints what the presenter hands it, with control characters escaped,
/// rows laid out for the terminal and colours where they are wanted. It owns the presenter.
final class ConsoleView: TaskView {
    /// The presenter this view forwards input to; it holds the view weakly.
    let presenter: TaskPresenter
    /// Where the view's text goes.
    let output: OutputStreams

    private var formatter: ListFormatter
    private let errorPalette: Palette

    /// Creates the view and makes itself the presenter's view.
    ///
    /// - Parameters:
    ///   - colorAllowed: false with `--no-color` or a non-empty `NO_COLOR`; colours also need a terminal.
    ///   - emptyListText: what an empty list says (how to add a task in this mode).
    init(presenter: TaskPresenter, output: OutputStreams, colorAllowed: Bool, emptyListText: String) {
        self.presenter = presenter
        self.output = output
        let outputPalette: Palette = colorAllowed && Posix.isTerminal(Posix.standardOutput) ? .ansi : .plain
        errorPalette = colorAllowed && Posix.isTerminal(Posix.standardError) ? .ansi : .plain
        formatter = ListFormatter(palette: outputPalette, emptyListText: emptyListText)
        presenter.view = self
    }

    /// Shows the numbered list, wrapped to the terminal's current width (if output is a terminal).
    func display(rows: TaskRows) {
        formatter.columns = Posix.terminalColumns(Posix.standardOutput)
        formatter.write(largestNumber: rows.largestNumber, emptyText: rows.emptyText, rows: rows.forEachRow) {
            output.write(bytes: $0, to: .output)
        }
    }

    /// Shows a message: info on standard output, errors in red on standard error.
    func display(message: Message) {
        let text = message.text.escapingControlCharacters()
        switch message.kind {
        case .info: output.write(text + "\n", to: .output)
        case .error: output.write(errorPalette.error(text) + "\n", to: .error)
        }
    }

    /// Shows help text, escaped except for its line breaks, its lines wrapped to fit a terminal
    /// (continuations under the description column).
    func display(help: String) {
        let text = help.escapingControlCharacters(keepingLineBreaks: true)
        guard let columns = Posix.terminalColumns(Posix.standardOutput) else {
            output.write(text + "\n", to: .output)
            return
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { TextWrapping.linesKeepingColumn(of: String($0), width: columns) }
        output.write(lines.map { $0 + "\n" }.joined(), to: .output)
    }

    /// Writes an export: to a file or a pipe byte for byte; on a terminal escaped, lines kept.
    func write(exported bytes: [UInt8], to path: String?) -> FileFailure? {
        if let path { return Posix.writeFile(path, bytes).map { FileFailure(reason: $0) } }
        if Posix.isTerminal(Posix.standardOutput) {
            output.write(String(decoding: bytes, as: UTF8.self).escapingControlCharacters(keepingLineBreaks: true),
                         to: .output)
        } else {
            bytes.withUnsafeBufferPointer { output.write(bytes: $0, to: .output) }
        }
        return nil
    }

    /// Reads a file to import, or standard input to its end.
    func read(fileAt path: String?) -> Result<[UInt8], FileFailure> {
        Posix.readAll(path: path).mapError { FileFailure(reason: $0.reason) }
    }
}
