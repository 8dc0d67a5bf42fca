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
            self = .oneShot(commandWords.joined(separator: " "))
        } else {
            self = standardInputIsTerminal ? .interactive : .script
        }
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
