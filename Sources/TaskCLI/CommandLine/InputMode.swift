/// How the program takes its commands.
enum InputMode: Equatable {
    /// The REPL: no command given, standard input is a terminal.
    case interactive
    /// A script: no command given, standard input is a file or a pipe.
    case script
    /// One command given on the command line, its words joined by single spaces.
    case oneShot(String)

    /// The mode for the command words given and the kind of standard input.
    init(commandWords: [String], standardInputIsTerminal: Bool) {
        if !commandWords.isEmpty {
            self = .oneShot(Self.line(commandWords))
        } else {
            self = standardInputIsTerminal ? .interactive : .script
        }
    }

    /// The words joined by single spaces; those of a `sync` password command given as several
    /// words, which the shell runs as one line, quoted for it where they need to be:
    /// `--password-command pass show "Personal/My CalDAV"` ran `pass show Personal/My CalDAV` (found
    /// by an independent tester). One word is the command line itself, as typed in quotes.
    static func line(_ words: [String]) -> String {
        guard words.first == "sync", let flag = words.firstIndex(of: "--password-command"), words.count - flag > 2 else {
            return words.joined(separator: " ")
        }
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-")
        let command = words[(flag + 1)...].map { word in
            !word.isEmpty && word.allSatisfy(plain.contains) ? word : word.shellQuoted
        }
        return (words[...flag] + command).joined(separator: " ")
    }

    /// Whether the presenter shows the list after each change: always in the REPL, after a one-shot
    /// command unless `--quiet`, never during a script (its final list is shown once, at the end).
    func rendersAfterChanges(quiet: Bool) -> Bool {
        switch self {
        case .interactive: return true
        case .oneShot: return !quiet
        case .script: return false
        }
    }

    /// What an empty list says in this mode: how to add a task here.
    var emptyListText: String {
        self == .interactive ? "No tasks. Add one with: add TEXT" : "No tasks. Add one with: tasks add TEXT"
    }
}
