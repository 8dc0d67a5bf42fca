/// The key functions this program adds to libedit's, their names (as an editrc can bind them) and
/// the keys they are bound to, with libedit's own functions for the word moves.
enum KeyFunction: String, CaseIterable {
    case complete = "tasks-complete"
    case interrupt = "tasks-interrupt"
    case suspend = "tasks-suspend"
    case searchHistory = "tasks-search-history"
    case pending = "tasks-pending"
    case backwardCharacter = "tasks-backward-char"
    case forwardCharacter = "tasks-forward-char"
    case deleteCharacter = "tasks-delete-char"

    /// What the function does, as libedit's `bind -l` lists it.
    var help: String {
        switch self {
        case .complete: "Complete the command or the task's text"
        case .interrupt: "Discard the line being typed"
        case .suspend: "Suspend (the shell's fg resumes)"
        case .searchHistory: "Search the history, newest first"
        case .pending: "Apply what the last key read asked for"
        case .backwardCharacter: "Move back one character"
        case .forwardCharacter: "Move forward one character"
        case .deleteCharacter: "Delete the character under the cursor, or end on an empty line"
        }
    }

    /// A key sequence (in `bind` notation: `^X`, `\e`) and the function it runs.
    struct Binding {
        var key: String
        var function: String
        /// Bound in vi's command mode rather than in the keys that insert.
        var inCommandMode = false
    }

    /// The key the line reader sends to run `pending`: a C1 control (U+009E) no keyboard sends,
    /// and free in emacs's keys (as Meta-Ctrl-^). libedit can bind only characters below U+0100
    /// on their own, and a sequence would have to start with Escape, which vi needs alone.
    static let pendingActionKey: Unicode.Scalar = "\u{9E}"

    /// The terminal's sequences for the cursor keys, in the two forms terminals send.
    private static func arrow(_ letter: String) -> [String] { ["\\e[" + letter, "\\eO" + letter] }

    /// The bindings, for vi's keys (`vi`) or emacs's.
    ///
    /// In vi's keys, sequences starting with Escape are bound in command mode only: bound where
    /// text is typed, they would make Escape wait for the rest of a sequence (libedit has no
    /// timeout) instead of leaving insert mode.
    static func bindings(vi: Bool) -> [Binding] {
        let keys = [
            Binding(key: "^I", function: complete.rawValue),
            Binding(key: "^C", function: interrupt.rawValue),
            Binding(key: "^Z", function: suspend.rawValue),
            Binding(key: "^R", function: searchHistory.rawValue),
            Binding(key: String(pendingActionKey), function: pending.rawValue),
        ]
        var sequences = [Binding(key: "\\e[3~", function: deleteCharacter.rawValue)]
        sequences += arrow("D").map { Binding(key: $0, function: backwardCharacter.rawValue) }
        sequences += arrow("C").map { Binding(key: $0, function: forwardCharacter.rawValue) }
        // Ctrl-Left/Right (xterm, rxvt) and Alt-Left/Right (xterm, and Escape before the arrow).
        sequences += ["\\e[1;5D", "\\e[1;3D", "\\e\\e[D", "\\eOd"].map { Binding(key: $0, function: "ed-prev-word") }
        sequences += ["\\e[1;5C", "\\e[1;3C", "\\e\\e[C", "\\eOc"].map { Binding(key: $0, function: "em-next-word") }
        guard vi else {
            return keys + sequences + [
                Binding(key: "^B", function: backwardCharacter.rawValue),
                Binding(key: "^F", function: forwardCharacter.rawValue),
                Binding(key: "^D", function: deleteCharacter.rawValue),
            ]
        }
        let commandMode = keys.filter { $0.function != complete.rawValue && $0.function != searchHistory.rawValue }
            + sequences
        return keys + commandMode.map { Binding(key: $0.key, function: $0.function, inCommandMode: true) }
    }
}
