import TaskTerminal

/// What the keys of `KeyFunction` do, built on the line editor's primitives.
extension LineEditor {
    /// What libedit does after a key function.
    enum KeyOutcome {
        /// Nothing more.
        case nothing
        /// Redraws the line.
        case lineChanged
        /// Redraws the prompt and the line from their start.
        case redrawn
        /// Redraws the line and beeps: the key could do nothing here.
        case refused
    }

    /// Ctrl-C, the key of `tasks-interrupt`.
    static let interruptKey: Unicode.Scalar = "\u{03}"

    /// Runs `function`.
    func run(_ function: KeyFunction) -> KeyOutcome {
        switch function {
        case .complete: return complete()
        case .interrupt: return interrupt()
        case .suspend: return suspend()
        }
    }

    // MARK: The functions

    /// Ctrl-C: shows `^C` after the line, ends it, and marks it to be discarded.
    private func interrupt() -> KeyOutcome {
        isInterrupted = true
        moveCursor(by: lineScalars().count - cursorIndex())
        replaceBeforeCursor(0, with: "^C")
        push("\n")
        return .lineChanged
    }

    /// Ctrl-Z (a key while editing, since the terminal's signal keys are off): stops the process
    /// as the terminal would, the terminal given back meanwhile. When the stop is refused (an
    /// orphaned process group: no shell to resume it), editing simply goes on.
    private func suspend() -> KeyOutcome {
        setRawMode(false)
        Signals.stopAsTheTerminalWould()
        setRawMode(true)
        return .redrawn
    }

    /// Tab: replaces the text before the cursor with the candidates' common start, or lists the
    /// candidates when that adds nothing.
    private func complete() -> KeyOutcome {
        let cursor = cursorIndex()
        let typedScalars = Array(lineScalars()[..<cursor])
        let candidates = completions(Self.text(typedScalars))
        guard let first = candidates.first else { return .refused }
        let common = candidates.dropFirst().reduce(Array(first.unicodeScalars)) { common, candidate in
            Array(zip(common, candidate.unicodeScalars).prefix { $0 == $1 }.map(\.0))
        }
        let extendsTyped = common.count > typedScalars.count && common.starts(with: typedScalars)
        if extendsTyped || (candidates.count == 1 && common != typedScalars) {
            replaceBeforeCursor(cursor, with: Self.text(common))
            return .lineChanged
        }
        guard candidates.count > 1 else { return .nothing }
        let listing = candidates.map { candidate in
            var shown = candidate
            while shown.last == " " { shown.removeLast() }
            return shown.escapingControlCharacters()
        }
        write("\n" + listing.joined(separator: "  ") + "\n")
        return .redrawn
    }
}
