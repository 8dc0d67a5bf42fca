import TaskSystem
import CEditLine
import Glibc
import TaskTerminal

/// A line editor on the terminal: libedit's wide-character API with a prompt, the user's
/// `~/.editrc` (or `$EDITRC`: emacs keys unless it says `bind -v`) and a history.
///
/// Every libedit call of the program is in this file: starting and ending libedit, reading a
/// line, and the few primitives the rest is built on (`EditedLine`). How characters reach libedit
/// is `KeyboardReader`'s job, what the keys do `KeyCommands`'.
///
/// The terminal is put back as it was after each line is read; `close()` (or deinit) ends
/// libedit and restores it for good.
public final class LineEditor: EditedLine {
    /// What one call to `readLine()` produced.
    public enum Input: Equatable {
        /// A line the user entered (without its newline), in Normalization Form C.
        case line(String)
        /// The user pressed Ctrl-C: the line was discarded.
        case interrupted
        /// The user pressed Ctrl-D on an empty line, the input ended, or a terminating signal
        /// came (the cursor is on a new line).
        case end
    }

    /// The whole-line candidates completing the text before the cursor (none: Tab beeps).
    public var completions: (String) -> [String] = { _ in [] }
    /// The entries Up, Down and the history search go through, oldest first.
    private(set) var historyEntries: [String]
    /// What is shown above the prompt, without a key, while the line is empty (nil: nothing).
    public var idleUpdate: IdleUpdate? {
        get { reader.idleUpdate }
        set { reader.idleUpdate = newValue }
    }

    /// What the keys do, and the state they keep between keys.
    private lazy var keys = KeyCommands(editing: self)
    /// Where libedit's characters come from.
    private lazy var reader = KeyboardReader(for: self, keys: keys)
    /// Whether the terminal understands escape sequences (`TERM` is not `dumb`).
    let usesEscapeSequences = Posix.environment("TERM") != "dumb"
    /// The descriptor of the terminal the editor draws on.
    let terminalDescriptor: Int32
    /// The prompt shown now.
    private(set) var currentPrompt: String

    private var editLine: OpaquePointer?
    /// Where libedit writes the prompt and the line (a C `FILE`).
    private let terminal: UnsafeMutablePointer<FILE>
    private var history: OpaquePointer?
    /// The prompt between searches: the presenter's, which names a `find` in effect.
    private var normalPrompt: String
    private var prompt: UnsafeMutablePointer<wchar_t>
    /// The names and help texts of the key functions: libedit keeps pointers to them.
    private var functionNames: [UnsafeMutablePointer<wchar_t>] = []

    /// How many entries the history keeps for Up, Down and Ctrl-R.
    static let historySize = 1000

    /// Starts libedit on standard input with `history` (oldest first). The prompt and the line
    /// being edited are written to standard output, or to standard error when only that one is
    /// a terminal (`tasks | less`). Returns nil when libedit cannot start.
    public init?(programName: String, prompt promptText: String, history entries: [String]) {
        let editsOnStandardError = !Posix.isTerminal(Posix.standardOutput) && Posix.isTerminal(Posix.standardError)
        let terminal = editsOnStandardError ? tasks_stderr() : tasks_stdout()
        guard let terminal, let editLine = el_init(programName, tasks_stdin(), terminal, tasks_stderr()) else {
            return nil
        }
        self.editLine = editLine
        self.terminal = terminal
        terminalDescriptor = editsOnStandardError ? Posix.standardError : Posix.standardOutput
        normalPrompt = promptText
        currentPrompt = promptText
        prompt = Self.allocateWideString(promptText)
        historyEntries = entries

        history = history_winit()
        if let history {
            tasks_history_set_size(history, Int32(Self.historySize))
            tasks_history_set_unique(history, 1)
            for entry in entries { tasks_history_enter(history, Self.wide(entry)) }
            tasks_el_set_history(editLine, history)
        }
        tasks_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        tasks_el_set_editor(editLine, Self.wide("emacs"))
        tasks_el_disable_tty_signals(editLine)
        tasks_el_set_prompt(editLine) { editLine in
            LineEditor.editor(of: editLine)?.prompt ?? LineEditor.emptyPrompt
        }
        tasks_el_set_read_function(editLine) { editLine, character in
            guard let editor = LineEditor.editor(of: editLine), let character else { return -1 }
            guard let scalar = editor.reader.nextCharacter() else { return editor.reader.inputEnded ? 0 : -1 }
            character.pointee = wchar_t(bitPattern: scalar.value)
            return 1
        }
        for function in KeyFunction.allCases { add(function) }
        // The user's editrc first (it may switch to vi, which resets every key), then the keys
        // this program needs on top, as other libedit programs do.
        el_source(editLine, nil)
        bindKeys(vi: tasks_el_is_vi(editLine) != 0)
    }

    deinit {
        close()
        prompt.deallocate()
        for name in functionNames { name.deallocate() }
    }

    /// Ends libedit (restoring the terminal) and the history. Safe to call more than once.
    public func close() {
        if let editLine { el_end(editLine) }
        if let history { history_wend(history) }
        editLine = nil
        history = nil
    }

    /// Shows the prompt and reads one line.
    public func readLine() -> Input {
        guard let editLine else { return .end }
        reader.prepareForLine()
        defer { reader.finishLine() }
        var count: Int32 = 0
        guard let wide = el_wgets(editLine, &count), Signals.terminationSignal == nil else {
            write("\n") // after the ^D libedit shows, or the line a signal cut short
            return .end
        }
        if keys.isInterrupted { return .interrupted }
        var line = Self.text(Self.scalars(wide, count: Int(count)))
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(LineEditing.composed(line))
    }

    /// Adds `line` to the history of Up, Down and Ctrl-R (unless it repeats the latest entry).
    public func addToHistory(_ line: String) {
        guard historyEntries.last != line else { return }
        historyEntries.append(line)
        if historyEntries.count > Self.historySize { historyEntries.removeFirst() }
        if let history { tasks_history_enter(history, Self.wide(line)) }
    }

    /// Writes `text` to the terminal the editor draws on.
    public func write(_ text: String) {
        fputs(text, terminal)
        fflush(terminal)
    }

    // MARK: Primitives

    /// Makes `text` the prompt shown before lines from now on.
    public func setNormalPrompt(_ text: String) {
        normalPrompt = text
        setPrompt(nil)
    }

    /// Shows `text` as the prompt from the next redraw on (nil: the normal prompt).
    func setPrompt(_ text: String?) {
        let text = text ?? normalPrompt
        guard text != currentPrompt else { return }
        currentPrompt = text
        prompt.deallocate()
        prompt = Self.allocateWideString(text)
    }

    /// The line being edited.
    func lineScalars() -> [Unicode.Scalar] {
        guard let editLine, let info = el_wline(editLine) else { return [] }
        return Self.scalars(info.pointee.buffer, count: info.pointee.lastchar - info.pointee.buffer)
    }

    /// Where the cursor is in `lineScalars()`.
    func cursorIndex() -> Int {
        guard let editLine, let info = el_wline(editLine) else { return 0 }
        return info.pointee.cursor - info.pointee.buffer
    }

    /// Moves the cursor by `offset` characters (scalars).
    func moveCursor(by offset: Int) {
        guard let editLine, offset != 0 else { return }
        el_cursor(editLine, Int32(offset))
    }

    /// Replaces the `count` characters before the cursor with `text`, the cursor after it.
    func replaceBeforeCursor(_ count: Int, with text: String) {
        guard let editLine else { return }
        if count > 0 { el_deletestr(editLine, Int32(count)) }
        if !text.isEmpty { el_winsertstr(editLine, Self.wide(text)) }
    }

    /// Has `text` read as if typed, before anything else.
    func push(_ text: String) {
        guard let editLine else { return }
        el_wpush(editLine, Self.wide(text))
    }

    /// Puts the terminal in the editor's raw mode, or back in the mode commands run in.
    func setRawMode(_ raw: Bool) {
        guard let editLine else { return }
        tasks_el_prepare_terminal(editLine, raw ? 1 : 0)
    }

    /// Draws the prompt and the line again from where the cursor is, libedit's idea of the screen
    /// reset (after text was written where they were).
    func redraw() {
        guard let editLine else { return }
        tasks_el_redraw(editLine)
    }

    /// Takes the terminal's new size into libedit, then draws the prompt and the line again from
    /// where the cursor is, libedit's idea of the screen reset.
    ///
    /// The two steps must stay together. `el_resize` reallocates libedit's screen buffers for the
    /// new width but keeps the cursor column it had, and its next quick redraw (a character typed
    /// at the end of the line) writes at that column into the smaller buffer: heap corruption,
    /// then an abort in `free`, once a terminal narrowed below the prompt is widened again
    /// (Debian's libedit 3.1-20221030). The full redraw (`EL_REFRESH`) starts from column 0.
    func resizeAndRedraw() {
        guard let editLine else { return }
        el_resize(editLine)
        tasks_el_redraw(editLine)
    }

    // MARK: C glue

    nonisolated(unsafe) private static let emptyPrompt = allocateWideString("")

    /// Adds `function` to libedit's key functions, under its name.
    private func add(_ function: KeyFunction) {
        guard let editLine else { return }
        let name = Self.allocateWideString(function.rawValue)
        let help = Self.allocateWideString(function.help)
        functionNames += [name, help]
        tasks_el_add_function(editLine, name, help, Self.entryPoint(of: function))
    }

    /// The C function libedit calls for `function` (one per function: a C function captures nothing).
    private static func entryPoint(of function: KeyFunction) -> tasks_editor_function {
        switch function {
        case .complete: { LineEditor.run(.complete, $0, $1) }
        case .interrupt: { LineEditor.run(.interrupt, $0, $1) }
        case .suspend: { LineEditor.run(.suspend, $0, $1) }
        case .searchHistory: { LineEditor.run(.searchHistory, $0, $1) }
        case .pending: { LineEditor.run(.pending, $0, $1) }
        case .backwardCharacter: { LineEditor.run(.backwardCharacter, $0, $1) }
        case .forwardCharacter: { LineEditor.run(.forwardCharacter, $0, $1) }
        case .deleteCharacter: { LineEditor.run(.deleteCharacter, $0, $1) }
        }
    }

    private static func run(_ function: KeyFunction, _ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
        guard let editor = editor(of: editLine) else { return UInt8(CC_ERROR) }
        let code = switch editor.keys.run(function, key: Unicode.Scalar(UInt32(bitPattern: key)) ?? "\0") {
        case .nothing: CC_NORM
        case .cursorMoved: CC_CURSOR
        case .lineChanged: CC_REFRESH
        case .redrawn: CC_REDISPLAY
        case .refused: CC_REFRESH_BEEP
        case .endOfInput: CC_EOF
        }
        return UInt8(code)
    }

    /// Binds the keys of `KeyFunction.bindings(vi:)`.
    private func bindKeys(vi: Bool) {
        guard let editLine else { return }
        for binding in KeyFunction.bindings(vi: vi) {
            if binding.inCommandMode {
                tasks_el_bind_in_command_mode(editLine, Self.wide(binding.key), Self.wide(binding.function))
            } else {
                tasks_el_bind(editLine, Self.wide(binding.key), Self.wide(binding.function))
            }
        }
    }

    private static func editor(of editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = tasks_el_client_data(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    /// `text` as a NUL-terminated wide string, passed to C as a pointer for the length of a call.
    private static func wide(_ text: String) -> [wchar_t] {
        text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
    }

    private static func allocateWideString(_ text: String) -> UnsafeMutablePointer<wchar_t> {
        let characters = wide(text)
        let pointer = UnsafeMutablePointer<wchar_t>.allocate(capacity: characters.count)
        pointer.initialize(from: characters, count: characters.count)
        return pointer
    }

    static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    private static func scalars(_ characters: UnsafePointer<wchar_t>, count: Int) -> [Unicode.Scalar] {
        (0..<max(count, 0)).map { Unicode.Scalar(UInt32(bitPattern: characters[$0])) ?? "\u{FFFD}" }
    }
}
