/// What the words after a command name stand for, as far as completing them in a shell goes.
public enum CommandArguments: Sendable, Hashable {
    /// Free text or nothing: nothing to offer.
    case none
    /// Every word is a task number (`rm N…`).
    case taskNumbers
    /// The first `count` words are task numbers, the rest is free text (`edit N TEXT`: 1).
    case leadingTaskNumbers(count: Int)
    /// One command name (`help rm`).
    case commandName
    /// A file name, after options (`import tasks.txt`).
    case file
    /// The name of one of the server's roles, and options (`share bob --read-only`).
    case role
    /// A server's address and options (`sync`).
    case address
}

extension CommandArguments {
    /// Whether some of the words are task numbers.
    public var includesTaskNumbers: Bool {
        switch self {
        case .taskNumbers, .leadingTaskNumbers: true
        case .none, .commandName, .file, .role, .address: false
        }
    }
}

extension CommandName {
    /// What the command's arguments are: one fact per command, so that a new command has to say.
    var arguments: CommandArguments {
        switch self {
        case .done, .fav, .rm: .taskNumbers
        case .due, .tag, .every: .leadingTaskNumbers(count: 1)
        case .edit: .leadingTaskNumbers(count: 1)
        case .mv: .leadingTaskNumbers(count: 2)
        case .help: .commandName
        case .export, .import: .file
        case .share, .unshare: .role
        case .sync: .address
        case .add, .clear, .find, .list, .undo, .redo, .quit, .today, .upcoming: .none
        }
    }
}
