/// The line being edited and the terminal it is drawn on, as the keys and the reader of the
/// keyboard work on them: `LineEditor`'s primitives over libedit, the only code that calls it.
protocol EditedLine: AnyObject {
    /// The entries Up, Down and the history search go through, oldest first.
    var historyEntries: [String] { get }
    /// The whole-line candidates completing the text before the cursor.
    var completions: (String) -> [String] { get }
    /// The prompt shown now.
    var currentPrompt: String { get }
    /// Whether the terminal understands escape sequences (`TERM` is not `dumb`).
    var usesEscapeSequences: Bool { get }
    /// The descriptor of the terminal the line is drawn on.
    var terminalDescriptor: Int32 { get }
    /// The line being edited.
    func lineScalars() -> [Unicode.Scalar]
    /// Where the cursor is in `lineScalars()`.
    func cursorIndex() -> Int
    /// Moves the cursor by `offset` characters (scalars).
    func moveCursor(by offset: Int)
    /// Replaces the `count` characters before the cursor with `text`, the cursor after it.
    func replaceBeforeCursor(_ count: Int, with text: String)
    /// Has `text` read as if typed, before anything else.
    func push(_ text: String)
    /// Shows `text` as the prompt from the next redraw on (nil: the normal prompt).
    func setPrompt(_ text: String?)
    /// Puts the terminal in the editor's raw mode, or back in the mode commands run in.
    func setRawMode(_ raw: Bool)
    /// Writes `text` to the terminal.
    func write(_ text: String)
    /// Draws the prompt and the line again from where the cursor is.
    func redraw()
    /// Takes the terminal's new size, then draws the prompt and the line again.
    func resizeAndRedraw()
}

extension EditedLine {
    /// Asks the terminal to mark pastes (bracketed paste), or to stop.
    func setBracketedPaste(on: Bool) {
        guard usesEscapeSequences else { return }
        write(on ? "\u{1B}[?2004h" : "\u{1B}[?2004l")
    }
}
