import TaskTerminal

/// How characters reach libedit: libedit reads no byte itself (its reader makes a system call per
/// byte); it asks `nextCharacter()`, which takes them from `TerminalInput` and on the way deals
/// with what `Signals` recorded: a changed window size, Ctrl-C sent as a signal, a request to end.
extension LineEditor {
    /// Before a line is read: the line's state reset.
    func prepareForLine() {
        isInterrupted = false
        inputEnded = false
        // libedit measures the terminal as it starts a line: a size change before now is taken.
        _ = Signals.takeWindowChange()
    }

    /// The next character for libedit; nil when the input ended (`inputEnded`) or a terminating
    /// signal came, which ends the line being read.
    func nextCharacter() -> Unicode.Scalar? {
        while true {
            if !pendingKeys.isEmpty { return pendingKeys.removeFirst() }
            if Signals.terminationSignal != nil { return nil }
            if Signals.takeInterruption() { // SIGINT sent while editing: as if Ctrl-C was typed
                pendingKeys.append(Self.interruptKey)
                continue
            }
            if Signals.takeWindowChange() {
                redrawAfterResize()
                continue
            }
            switch input.next() {
            case .signal:
                continue
            case .end:
                inputEnded = true
                return nil
            case .character(let scalar):
                return scalar
            }
        }
    }

    /// Takes the new window size and draws the prompt and the line again (see `resizeAndRedraw`,
    /// which must not be split). The real cursor is first taken to where the prompt starts: up the
    /// rows the text before it takes at the new width, as terminals that re-wrap their lines on a
    /// resize (tmux, VTE, kitty, iTerm2, Windows Terminal) have laid it out (a cursor just past a
    /// full row waits at its end); then what follows is cleared.
    private func redrawAfterResize() {
        if usesEscapeSequences, let columns = Posix.terminalColumns(terminalDescriptor) {
            let before = DisplayWidth.of(currentPrompt) + DisplayWidth.of(Self.text(lineScalars()[..<cursorIndex()]))
            let rows = max(before - 1, 0) / columns
            write((rows > 0 ? "\u{1B}[\(rows)A" : "") + "\r\u{1B}[J")
        } else {
            write("\n")
        }
        resizeAndRedraw()
    }
}
