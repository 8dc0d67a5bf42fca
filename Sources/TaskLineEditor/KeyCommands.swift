import TaskSystem
import TaskTerminal

/// What the keys of `KeyFunction` do, built on the edited line's primitives, and the state they
/// keep between keys: the history search, the action the reader asked for, a Ctrl-C.
final class KeyCommands {
    /// What libedit does after a key function.
    enum KeyOutcome {
        /// Nothing more.
        case nothing
        /// Moves the cursor on the screen.
        case cursorMoved
        /// Redraws the line.
        case lineChanged
        /// Redraws the prompt and the line from their start.
        case redrawn
        /// Redraws the line and beeps: the key could do nothing here.
        case refused
        /// Ends the input, as Ctrl-D on an empty line.
        case endOfInput
    }

    /// What the reader asked `tasks-pending` to do.
    enum PendingAction {
        /// Inserts this text at the cursor (a paste).
        case insert(String)
        /// Puts this combining mark on the character before the cursor, composed.
        case compose(Unicode.Scalar)
        /// Shows the history search's prompt and match.
        case showSearch
        /// Ends the history search, keeping its match or giving the line back as it was.
        case endSearch(restoring: Bool)
    }

    /// Ctrl-C, the key of `tasks-interrupt`.
    static let interruptKey: Unicode.Scalar = "\u{03}"

    /// The line the keys edit.
    private unowned let edited: any EditedLine
    /// What the reader asked `tasks-pending` to do next.
    private var pendingAction: PendingAction?
    /// The history search, while Ctrl-R is in effect.
    private var search: HistorySearch?
    /// Whether the line was ended by Ctrl-C, to be discarded.
    private(set) var isInterrupted = false

    init(editing edited: any EditedLine) {
        self.edited = edited
    }

    /// Whether the history is being searched.
    var isSearching: Bool { search != nil }

    /// Before a line is read: nothing interrupted yet.
    func beginLine() {
        isInterrupted = false
    }

    /// After a line is read, whatever its end: a search still going on is ended.
    func endLine() {
        if search != nil {
            search = nil
            edited.setPrompt(nil)
        }
    }

    /// Has `text` inserted as a paste by the next `tasks-pending` key; returns that key.
    func paste(_ text: String) -> Unicode.Scalar {
        pendingAction = .insert(text)
        return KeyFunction.pendingActionKey
    }

    /// What libedit gets for `scalar` typed: itself, or the key that runs `tasks-pending` (after
    /// which a key that ends the history search still does what it does).
    func interpret(typed scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if var search {
            switch scalar {
            case "\u{12}": // Ctrl-R
                search.findOlder()
            case "\u{7F}", "\u{08}": // Backspace
                search.deleteBackward()
            case "\u{07}": // Ctrl-G
                pendingAction = .endSearch(restoring: true)
                return [KeyFunction.pendingActionKey]
            case _ where scalar.value >= 0x20:
                search.type(scalar)
            default: // any other key takes the match and then does what it does
                pendingAction = .endSearch(restoring: false)
                return [KeyFunction.pendingActionKey, scalar]
            }
            self.search = search
            pendingAction = .showSearch
            return [KeyFunction.pendingActionKey]
        }
        if LineEditing.isCombining(scalar) && edited.cursorIndex() > 0 {
            pendingAction = .compose(scalar)
            return [KeyFunction.pendingActionKey]
        }
        return [scalar]
    }

    /// Runs `function`, bound to `key`.
    func run(_ function: KeyFunction, key: Unicode.Scalar) -> KeyOutcome {
        switch function {
        case .complete: return complete()
        case .interrupt: return interrupt()
        case .suspend: return suspend()
        case .searchHistory: return startSearch()
        case .pending: return runPendingAction(key: key)
        case .backwardCharacter: return moveToCharacter(forward: false)
        case .forwardCharacter: return moveToCharacter(forward: true)
        case .deleteCharacter: return deleteCharacter(endsEmptyLine: key == "\u{04}")
        }
    }

    // MARK: The functions

    /// Ctrl-C: shows `^C` after the line, ends it, and marks it to be discarded.
    private func interrupt() -> KeyOutcome {
        if search != nil { _ = endSearch(restoring: false) }
        isInterrupted = true
        edited.moveCursor(by: edited.lineScalars().count - edited.cursorIndex())
        edited.replaceBeforeCursor(0, with: "^C")
        edited.push("\n")
        return .lineChanged
    }

    /// Ctrl-Z (a key while editing, since the terminal's signal keys are off): stops the process
    /// as the terminal would, the terminal given back meanwhile. When the stop is refused (an
    /// orphaned process group: no shell to resume it), editing simply goes on.
    private func suspend() -> KeyOutcome {
        edited.setBracketedPaste(on: false)
        edited.setRawMode(false)
        Signals.stopAsTheTerminalWould()
        edited.setRawMode(true)
        edited.setBracketedPaste(on: true)
        return .redrawn
    }

    /// Left (Ctrl-B) and Right (Ctrl-F): to the previous or next character boundary.
    private func moveToCharacter(forward: Bool) -> KeyOutcome {
        let line = edited.lineScalars()
        let cursor = edited.cursorIndex()
        let target = forward ? LineEditing.characterEnd(after: cursor, in: line)
                             : LineEditing.characterStart(before: cursor, in: line)
        guard target != cursor else { return .refused }
        edited.moveCursor(by: target - cursor)
        return .cursorMoved
    }

    /// Delete (Ctrl-D): deletes the character under the cursor, accents and all; Ctrl-D on an
    /// empty line ends the input.
    private func deleteCharacter(endsEmptyLine: Bool) -> KeyOutcome {
        let line = edited.lineScalars()
        if line.isEmpty && endsEmptyLine { return .endOfInput }
        let cursor = edited.cursorIndex()
        let end = LineEditing.characterEnd(after: cursor, in: line)
        guard end > cursor else { return .refused }
        edited.moveCursor(by: end - cursor)
        edited.replaceBeforeCursor(end - cursor, with: "")
        return .lineChanged
    }

    /// Tab: replaces the text before the cursor with the candidates' common start, or lists the
    /// candidates when that adds nothing.
    private func complete() -> KeyOutcome {
        let cursor = edited.cursorIndex()
        let typedScalars = Array(edited.lineScalars()[..<cursor])
        let candidates = edited.completions(LineEditor.text(typedScalars))
        guard let first = candidates.first else { return .refused }
        let common = candidates.dropFirst().reduce(Array(first.unicodeScalars)) { common, candidate in
            Array(zip(common, candidate.unicodeScalars).prefix { $0 == $1 }.map(\.0))
        }
        let extendsTyped = common.count > typedScalars.count && common.starts(with: typedScalars)
        if extendsTyped || (candidates.count == 1 && common != typedScalars) {
            edited.replaceBeforeCursor(cursor, with: LineEditor.text(common))
            return .lineChanged
        }
        guard candidates.count > 1 else { return .nothing }
        let listing = candidates.map { candidate in
            var shown = candidate
            while shown.last == " " { shown.removeLast() }
            return shown.escapingControlCharacters()
        }
        edited.write("\n" + listing.joined(separator: "  ") + "\n")
        return .redrawn
    }

    // MARK: History search and the pending action

    /// Ctrl-R: the search begins, with what it is shown in the prompt.
    private func startSearch() -> KeyOutcome {
        let found = HistorySearch(entries: edited.historyEntries, original: (LineEditor.text(edited.lineScalars()), edited.cursorIndex()))
        search = found
        edited.setPrompt(found.prompt)
        return .redrawn
    }

    /// Does what the reader asked for; inserts the key itself when it asked nothing (the key was
    /// typed: a C1 control no keyboard sends).
    private func runPendingAction(key: Unicode.Scalar) -> KeyOutcome {
        guard let action = pendingAction else {
            edited.replaceBeforeCursor(0, with: String(key))
            return .lineChanged
        }
        pendingAction = nil
        switch action {
        case .insert(let text):
            edited.replaceBeforeCursor(0, with: text)
            return .lineChanged
        case .compose(let mark):
            let line = edited.lineScalars()
            let cursor = edited.cursorIndex()
            let start = LineEditing.characterStart(before: cursor, in: line)
            edited.replaceBeforeCursor(cursor - start, with: LineEditing.composed(LineEditor.text(line[start..<cursor] + [mark])))
            return .lineChanged
        case .showSearch:
            guard let search else { return .nothing }
            replaceLine(with: search.line, cursor: search.cursor)
            edited.setPrompt(search.prompt)
            return .redrawn
        case .endSearch(let restoring):
            return endSearch(restoring: restoring)
        }
    }

    private func endSearch(restoring: Bool) -> KeyOutcome {
        if restoring, let original = search?.original { replaceLine(with: original.line, cursor: original.cursor) }
        search = nil
        edited.setPrompt(nil)
        return .redrawn
    }

    /// Replaces the whole line with `text`, the cursor `cursor` characters into it.
    private func replaceLine(with text: String, cursor: Int) {
        let length = edited.lineScalars().count
        edited.moveCursor(by: length - edited.cursorIndex())
        edited.replaceBeforeCursor(length, with: text)
        edited.moveCursor(by: cursor - text.unicodeScalars.count)
    }
}
