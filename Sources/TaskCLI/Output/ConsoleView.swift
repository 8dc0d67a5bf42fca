import TaskSystem
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
    /// Whether a list taller than the terminal is shown around the row the presenter focuses (at the
    /// prompt: the task a change touched, the last row as the prompt opens).
    private let showsWindows: Bool

    /// Creates the view and makes itself the presenter's view.
    ///
    /// - Parameters:
    ///   - colorAllowed: false with `--no-color` or a non-empty `NO_COLOR`; colours also need a terminal.
    ///   - emptyListText: what an empty list says (how to add a task in this mode).
    ///   - showsWindows: whether a list taller than the terminal is shown only around the row the
    ///     presenter focuses (at the prompt, where every change redraws the list).
    init(presenter: TaskPresenter, output: OutputStreams, colorAllowed: Bool, emptyListText: String,
         showsWindows: Bool = false) {
        self.presenter = presenter
        self.output = output
        self.showsWindows = showsWindows
        let outputPalette: Palette = colorAllowed && Posix.isTerminal(Posix.standardOutput) ? .ansi : .plain
        errorPalette = colorAllowed && Posix.isTerminal(Posix.standardError) ? .ansi : .plain
        formatter = ListFormatter(palette: outputPalette, emptyListText: emptyListText)
        presenter.view = self
    }

    /// Shows the numbered list, wrapped to the terminal's current width (if output is a terminal);
    /// at the prompt, a list taller than the terminal only around the row the presenter focuses.
    func display(rows: TaskRows) {
        formatter.columns = Posix.terminalColumns(Posix.standardOutput)
        let write: (UnsafeBufferPointer<UInt8>) -> Void = { self.output.write(bytes: $0, to: .output) }
        guard showsWindows, let focus = rows.focus, let largest = rows.largestNumber,
              let height = Posix.terminalRows(Posix.standardOutput),
              let window = ListWindow(count: rows.count, focus: focus, height: height,
                                      reservedLines: 2 + hintLines(rows.hiddenRowsText(count: rows.count, above: true))
                                          + hintLines(rows.hiddenRowsText(count: rows.count, above: false)),
                                      lines: { index in lineCount(of: rows, at: index, largestNumber: largest) }) else {
            return formatter.write(largestNumber: rows.largestNumber, emptyText: rows.emptyText,
                                   rows: { body in rows.forEachRow { body($0, $1, $2, $3, $4.map(RowDetails.init)) } },
                                   to: write)
        }
        if window.hiddenAbove > 0 { writeHint(rows.hiddenRowsText(count: window.hiddenAbove, above: true)) }
        formatter.write(largestNumber: rows.largestNumber, maxLinesPerRow: window.rowLineLimit,
                        rows: { body in
                            rows.forEachRow(in: window.shown) { body($0, $1, $2, $3, $4.map(RowDetails.init)) }
                        }, to: write)
        if window.hiddenBelow > 0 { writeHint(rows.hiddenRowsText(count: window.hiddenBelow, above: false)) }
    }

    /// The terminal lines the row at `index` of `rows` takes.
    private func lineCount(of rows: TaskRows, at index: Int, largestNumber: Int) -> Int {
        var lines = 1
        rows.forEachRow(in: index..<(index + 1)) { _, text, _, isDone, details in
            lines = formatter.lineCount(largestNumber: largestNumber, utf8Text: text, isDone: isDone,
                                        details: details.map(RowDetails.init))
        }
        return lines
    }

    /// The line that counts the rows a window hides, wrapped at spaces as messages are.
    private func writeHint(_ text: String) {
        for line in hintLineTexts(text) { output.write(formatter.palette.hint(line) + "\n", to: .output) }
    }

    private func hintLines(_ text: String) -> Int { hintLineTexts(text).count }

    private func hintLineTexts(_ text: String) -> [String] {
        let escaped = text.escapingControlCharacters()
        guard let columns = formatter.columns else { return [escaped] }
        return TextWrapping.lines(of: escaped, width: columns)
    }

    /// How wide help is when standard output is not a terminal: the classic terminal width.
    static let helpColumnsOffTerminal = 80

    /// Shows a message: info on standard output, errors in red on standard error. On a terminal
    /// it wraps at spaces, as help does; elsewhere it stays one line, for whoever reads it.
    func display(message: Message) {
        let text = message.text.escapingControlCharacters()
        switch message.kind {
        case .info:
            output.write(Self.wrapped(text, columns: Posix.terminalColumns(Posix.standardOutput)), to: .output)
        case .error:
            let text = Self.wrapped(text, columns: Posix.terminalColumns(Posix.standardError))
            output.write(errorPalette.error(String(text.dropLast())) + "\n", to: .error)
        }
    }

    /// Shows a message, and writes out what waits to be written: the command goes on.
    func displayNow(message: Message) {
        display(message: message)
        output.flush()
    }

    /// Shows help text, escaped except for its line breaks, its lines wrapped to the terminal's
    /// width or to 80 columns (continuations under the description column).
    func display(help: String) {
        let text = help.escapingControlCharacters(keepingLineBreaks: true)
        let columns = Posix.terminalColumns(Posix.standardOutput) ?? Self.helpColumnsOffTerminal
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { TextWrapping.linesKeepingColumn(of: String($0), width: columns) }
        output.write(lines.map { $0 + "\n" }.joined(), to: .output)
    }

    /// `text` as lines ending in a newline, broken at spaces to fit `columns` when given.
    private static func wrapped(_ text: String, columns: Int?) -> String {
        guard let columns else { return text + "\n" }
        return TextWrapping.lines(of: text, width: columns).map { $0 + "\n" }.joined()
    }
}

extension RowDetails {
    /// The details the presenter wrote for a row, for the formatter.
    init(_ details: TaskRow.Details) {
        self.init(tags: details.tags, due: details.due, isOverdue: details.isOverdue, isRecurring: details.isRecurring)
    }
}
