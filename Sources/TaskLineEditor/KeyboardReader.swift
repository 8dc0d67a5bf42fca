import TaskSystem
import TaskTerminal
import TaskWidth

/// How characters reach libedit: libedit reads no byte itself (its reader makes a system call per
/// byte); it asks `nextCharacter()`, which takes them from `TerminalInput` and on the way deals
/// with what `Signals` recorded: a changed window size, Ctrl-C sent as a signal, a request to end;
/// and, while it waits on an empty line, with the `idleUpdate`.
final class KeyboardReader {
    /// What is shown above the prompt, without a key, while the line is empty (nil: nothing).
    var idleUpdate: LineEditor.IdleUpdate?
    /// Whether the input itself ended (its end of file, or the terminal gone) while a line was read.
    private(set) var inputEnded = false
    private let input = TerminalInput()
    /// Keys for libedit to read before the next one typed.
    private var pendingKeys: [Unicode.Scalar] = []
    private unowned let line: any EditedLine
    private let keys: KeyCommands
    /// When the idle update was last shown, and how long asking for it and showing it took. The next
    /// one rests `restFactor` times that long, `longestRest` at most: a prompt on a long list, under
    /// a storm of others' changes (a bulk import, many writers), leaves most of the machine to them
    /// rather than redrawing after each, still showing the latest within about a second; a prompt
    /// that was quiet shows the next change at once.
    private var lastShown: (end: ContinuousClock.Instant, took: Duration)?
    private static let restFactor = 5
    private static let longestRest = Duration.seconds(1)

    init(for line: any EditedLine, keys: KeyCommands) {
        self.line = line
        self.keys = keys
    }

    /// Before a line is read: the line's state reset, bracketed paste on.
    func prepareForLine() {
        keys.beginLine()
        inputEnded = false
        // libedit measures the terminal as it starts a line: a size change before now is taken.
        _ = Signals.takeWindowChange()
        line.setBracketedPaste(on: true)
    }

    /// After a line is read: bracketed paste off, whatever the line's end.
    func finishLine() {
        line.setBracketedPaste(on: false)
        keys.endLine()
    }

    /// The next character for libedit; nil when the input ended (`inputEnded`) or a terminating
    /// signal came, which ends the line being read.
    func nextCharacter() -> Unicode.Scalar? {
        while true {
            if !pendingKeys.isEmpty { return pendingKeys.removeFirst() }
            if Signals.terminationSignal != nil { return nil }
            if Signals.takeInterruption() { // SIGINT sent while editing: as if Ctrl-C was typed
                pendingKeys.append(KeyCommands.interruptKey)
                continue
            }
            if Signals.takeWindowChange() {
                redrawAfterResize()
                continue
            }
            let wait = idleWait()
            // News can come without waking the wait: what a server sent while a command ran.
            if wait?.notifies == true, showIdleUpdate() { continue }
            switch input.next(waitingAtMost: wait?.milliseconds, watching: wait?.descriptors ?? []) {
            case .signal:
                continue
            case .timeout, .watched:
                showIdleUpdate()
            case .end:
                inputEnded = true
                return nil
            case .character("\u{1B}") where input.consume(Self.pasteStart, waitingAtMost: 25):
                pendingKeys.append(keys.paste(readPaste()))
            case .character(let scalar):
                pendingKeys += keys.interpret(typed: scalar)
            }
        }
    }

    /// What a terminal in bracketed-paste mode sends, after an Escape, before and after a paste.
    private static let pasteStart = Array("[200~".utf8)
    private static let pasteEnd: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]

    /// The pasted text, read up to the terminal's end marker, to go in as text: Tabs stay Tabs,
    /// line breaks become spaces (the pasted line runs when Enter is pressed, not before), and it
    /// is composed as typed text is. Read here rather than through a key binding, so that it works
    /// in vi's keys too, where Escape must stay a key of its own.
    private func readPaste() -> String {
        var pasted: [Unicode.Scalar] = []
        while Signals.terminationSignal == nil, !pasted.suffix(Self.pasteEnd.count).elementsEqual(Self.pasteEnd) {
            switch input.next() {
            case .character(let scalar): pasted.append(scalar)
            case .signal, .timeout, .watched: continue
            case .end: return ""
            }
        }
        if pasted.suffix(Self.pasteEnd.count).elementsEqual(Self.pasteEnd) { pasted.removeLast(Self.pasteEnd.count) }
        let text = LineEditor.text(pasted).replacing("\r\n", with: " ").replacing("\r", with: " ").replacing("\n", with: " ")
        return LineEditing.composed(text)
    }

    /// What to wait for besides a key before asking the `idleUpdate`: nothing, for ever (nil),
    /// without one, while a line is typed and while the history is searched; else its descriptors,
    /// and its interval when it has no `descriptor` (`notifies`: it has one).
    private func idleWait() -> (milliseconds: Int?, descriptors: [Int32], notifies: Bool)? {
        guard let idleUpdate, !keys.isSearching, line.lineScalars().isEmpty else { return nil }
        if let lastShown {
            let rest = min(lastShown.took * Self.restFactor, Self.longestRest) - (ContinuousClock.now - lastShown.end)
            if rest > .zero {
                let (seconds, attoseconds) = rest.components
                return (Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + 1, [], false)
            }
        }
        let others = idleUpdate.otherDescriptors()
        guard let descriptor = idleUpdate.descriptor() else { return (idleUpdate.interval, others, false) }
        return (nil, [descriptor] + others, true)
    }

    /// Shows the `idleUpdate` when it has news and no key came meanwhile: in the prompt's place,
    /// the prompt drawn again below it. Returns whether it did.
    @discardableResult
    private func showIdleUpdate() -> Bool {
        let start = ContinuousClock.now
        guard let idleUpdate, !input.hasInput, idleUpdate.hasNews(), !input.hasInput else { return false }
        clearFromPromptStart()
        idleUpdate.show()
        line.redraw()
        let end = ContinuousClock.now
        lastShown = (end, end - start)
        return true
    }

    /// Takes the new window size and draws the prompt and the line again (see `resizeAndRedraw`,
    /// which must not be split).
    private func redrawAfterResize() {
        clearFromPromptStart()
        line.resizeAndRedraw()
    }

    /// Takes the real cursor to where the prompt starts and clears what follows: up the rows the
    /// text before it takes at the terminal's width, as terminals that re-wrap their lines on a
    /// resize (tmux, VTE, kitty, iTerm2, Windows Terminal) have laid it out (a cursor just past a
    /// full row waits at its end). Without escape sequences, a new line is started instead.
    private func clearFromPromptStart() {
        if line.usesEscapeSequences, let columns = Posix.terminalColumns(line.terminalDescriptor) {
            let typed = LineEditor.text(line.lineScalars()[..<line.cursorIndex()])
            let before = DisplayWidth.of(line.currentPrompt) + DisplayWidth.of(typed)
            let rows = max(before - 1, 0) / columns
            line.write((rows > 0 ? "\u{1B}[\(rows)A" : "") + "\r\u{1B}[J")
        } else {
            line.write("\n")
        }
    }
}
