/// One line of input, parsed: what the user asked for, not yet checked against the list.
enum Command: Sendable, Hashable {
    /// `add TEXT`: a new task at the end.
    case add(text: String)
    /// `fav N…`: toggle the favourite flag of each task.
    case fav(NumberList)
    /// `rm N…`: remove each task.
    case rm(NumberList)
    /// `edit N TEXT`: replace the text of task N.
    case edit(number: Int, text: String)
    /// `clear`: remove all tasks.
    case clear
    /// `list` or `ls`: show the list.
    case list
    /// `undo`: revert the latest change.
    case undo
    /// `redo`: re-apply the latest undone change.
    case redo
    /// `help [COMMAND]`: all commands, or one in detail.
    case help(topic: CommandName?)
    /// `quit` or `exit`: leave.
    case quit

    /// Whether the command names tasks by their numbers on screen.
    var usesNumbers: Bool {
        switch self {
        case .fav, .rm, .edit: true
        case .add, .clear, .list, .undo, .redo, .help, .quit: false
        }
    }
}
