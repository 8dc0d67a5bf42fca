import CEditLine
import Glibc
import TaskTerminal

/// A line editor on the terminal: libedit's wide-character API with a prompt, emacs keys,
/// a persistent history without consecutive duplicates, Tab completion and Ctrl-C that
/// discards the line being typed, Ctrl-Z that suspends. Every libedit call of the program is in this file.
///
/// The terminal is put back as it was after each line is read; `close()` (or deinit) ends
/// libedit and restores it for good. While a line is edited, libedit also restores the terminal
/// before a terminating signal takes effect (`EL_SIGNAL`).
final class LineEditor {
    /// What one call to `readLine()` produced.
    enum Input: Equatable {
        /// A line the user entered (without its newline).
        case line(String)
        /// The user pressed Ctrl-C: the line was discarded.
        case interrupted
        /// The user pressed Ctrl-D on an empty line, or the input ended (the cursor is on a new line).
        case end
    }

    /// The whole-line candidates completing the text before the cursor (none: Tab beeps).
    var completions: (String) -> [String] = { _ in [] }

    private var editLine: OpaquePointer?
    /// Where libedit writes the prompt and the line (a C `FILE`).
    private let terminal: UnsafeMutablePointer<FILE>
    private var history: OpaquePointer?
    private let historyPath: String?
    private var prompt: UnsafeMutablePointer<wchar_t>
    /// The prompt shown before the line being typed.
    var promptText: String {
        didSet {
            guard promptText != oldValue else { return }
            prompt.deallocate()
            prompt = Self.allocateWideString(promptText)
        }
    }
    private var isInterrupted = false
    private var madeHistoryFolder = false

    /// How many lines the history keeps.
    static let historySize: Int32 = 1000

    /// Starts libedit on standard input, loading the history from `historyPath` (if any).
    /// The prompt and the line being edited are written to standard output, or to standard error
    /// when only that one is a terminal (`tasks | less`). Returns nil when libedit cannot start.
    init?(programName: String, prompt promptText: String, historyPath: String?) {
        let editsOnStandardError = !Posix.isTerminal(Posix.standardOutput) && Posix.isTerminal(Posix.standardError)
        let terminal = editsOnStandardError ? tasks_stderr() : tasks_stdout()
        guard let terminal, let editLine = el_init(programName, tasks_stdin(), terminal, tasks_stderr()) else {
            return nil
        }
        self.editLine = editLine
        self.terminal = terminal
        self.historyPath = historyPath
        self.promptText = promptText
        prompt = Self.allocateWideString(promptText)

        history = history_winit()
        if let history {
            tasks_history_set_size(history, Self.historySize)
            tasks_history_set_unique(history, 1)
            if let historyPath { tasks_history_load(history, historyPath) }
            tasks_el_set_history(editLine, history)
        }

        tasks_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        tasks_el_set_editor(editLine, Self.wide("emacs"))
        tasks_el_set_signal_handling(editLine, 1)
        tasks_el_disable_tty_signals(editLine)
        tasks_el_set_prompt(editLine) { editLine in
            LineEditor.editor(of: editLine)?.prompt ?? LineEditor.emptyPrompt
        }
        addFunction(named: "tasks-complete", help: "Complete the command or the task's text", key: "^I") { editLine, _ in
            LineEditor.editor(of: editLine)?.complete() ?? UInt8(CC_ERROR)
        }
        addFunction(named: "tasks-interrupt", help: "Discard the line being typed", key: "^C") { editLine, _ in
            LineEditor.editor(of: editLine)?.interrupt() ?? UInt8(CC_ERROR)
        }
        addFunction(named: "tasks-suspend", help: "Suspend (the shell's fg resumes)", key: "^Z") { editLine, _ in
            LineEditor.editor(of: editLine)?.suspend() ?? UInt8(CC_ERROR)
        }
    }

    deinit {
        close()
        prompt.deallocate()
    }

    /// Ends libedit (restoring the terminal) and the history. Safe to call more than once.
    func close() {
        if let editLine { el_end(editLine) }
        if let history { history_wend(history) }
        editLine = nil
        history = nil
    }

    /// Shows the prompt and reads one line.
    func readLine() -> Input {
        guard let editLine else { return .end }
        isInterrupted = false
        while true {
            var count: Int32 = 0
            guard let wide = el_wgets(editLine, &count) else {
                if count < 0 && errno == EINTR { continue } // a signal libedit did not handle itself
                fputs("\n", terminal) // after the ^D libedit shows
                fflush(terminal)
                return .end
            }
            if isInterrupted { return .interrupted }
            var line = Self.string(from: wide, count: Int(count))
            if line.hasSuffix("\n") { line.removeLast() }
            return .line(line)
        }
    }

    /// Adds `line` to the history (unless it repeats the latest entry) and saves the history file.
    /// Returns false when the file could not be written.
    @discardableResult
    func addToHistory(_ line: String) -> Bool {
        guard let history else { return true }
        tasks_history_enter(history, Self.wide(line))
        guard let historyPath else { return true }
        if !madeHistoryFolder, let slash = historyPath.lastIndex(of: "/"), slash != historyPath.startIndex {
            madeHistoryFolder = Posix.makeFolders(String(historyPath[..<slash]))
        }
        return tasks_history_save(history, historyPath) >= 0
    }

    // MARK: Key functions

    /// Ctrl-C: shows `^C` after the line, ends it, and marks it to be discarded.
    private func interrupt() -> UInt8 {
        guard let editLine, let info = el_wline(editLine) else { return UInt8(CC_ERROR) }
        isInterrupted = true
        el_cursor(editLine, Int32(info.pointee.lastchar - info.pointee.cursor))
        el_winsertstr(editLine, Self.wide("^C"))
        el_wpush(editLine, Self.wide("\n"))
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-Z (a key while editing, since ISIG is off): stops the process as the terminal would.
    /// libedit's handler (`EL_SIGNAL`) gives the terminal back before the stop and takes it again on
    /// `fg`; raw mode is re-established here too, for when the stop was refused (an orphaned process
    /// group) and no SIGCONT came.
    private func suspend() -> UInt8 {
        guard let editLine else { return UInt8(CC_ERROR) }
        raise(SIGTSTP)
        tasks_el_prepare_terminal(editLine)
        return UInt8(CC_REDISPLAY)
    }

    /// Tab: replaces the text before the cursor with the candidates' common start, or lists the
    /// candidates when that adds nothing.
    private func complete() -> UInt8 {
        guard let editLine, let info = el_wline(editLine) else { return UInt8(CC_ERROR) }
        let typedCount = info.pointee.cursor - info.pointee.buffer
        let typed = Self.string(from: info.pointee.buffer, count: typedCount)
        let candidates = completions(typed)
        guard let first = candidates.first else { return UInt8(CC_REFRESH_BEEP) }
        let common = candidates.dropFirst().reduce(Array(first.unicodeScalars)) { common, candidate in
            Array(zip(common, candidate.unicodeScalars).prefix { $0 == $1 }.map(\.0))
        }
        let typedScalars = Array(typed.unicodeScalars)
        let extendsTyped = common.count > typedScalars.count && common.starts(with: typedScalars)
        if extendsTyped || (candidates.count == 1 && common != typedScalars) {
            el_deletestr(editLine, Int32(typedCount))
            var replacement = ""
            replacement.unicodeScalars.append(contentsOf: common)
            el_winsertstr(editLine, Self.wide(replacement))
            return UInt8(CC_REFRESH)
        }
        guard candidates.count > 1 else { return UInt8(CC_NORM) }
        let listing = candidates.map { candidate in
            var shown = candidate
            while shown.last == " " { shown.removeLast() }
            return shown.escapingControlCharacters()
        }
        fputs("\n" + listing.joined(separator: "  ") + "\n", terminal)
        fflush(terminal)
        return UInt8(CC_REDISPLAY)
    }

    // MARK: C glue

    nonisolated(unsafe) private static let emptyPrompt = allocateWideString("")

    private func addFunction(named name: String, help: String, key: String,
                             _ function: @escaping tasks_editor_function) {
        guard let editLine else { return }
        tasks_el_add_function(editLine, Self.wide(name), Self.wide(help), function)
        tasks_el_bind(editLine, Self.wide(key), Self.wide(name))
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

    private static func string(from characters: UnsafePointer<wchar_t>, count: Int) -> String {
        var text = ""
        for index in 0..<max(count, 0) {
            text.unicodeScalars.append(Unicode.Scalar(UInt32(bitPattern: characters[index])) ?? "\u{FFFD}")
        }
        return text
    }
}
