import TaskInterchange

/// One line of input, parsed: what the user asked for, not yet checked against the list.
enum Command: Sendable, Hashable {
    /// `add TEXT`: a new task at the end.
    case add(text: String)
    /// `done N…`: toggle the done flag of each task.
    case done(NumberList)
    /// `fav N…`: toggle the favourite flag of each task.
    case fav(NumberList)
    /// `rm N…`: remove each task.
    case rm(NumberList)
    /// `edit N TEXT`: replace the text of task N.
    case edit(number: Int, text: String)
    /// `mv N M`: move task N to position M.
    case mv(number: Int, destination: Int)
    /// `clear`: remove all tasks; `clear done`: remove the done ones.
    case clear(doneOnly: Bool)
    /// `find TEXT`: show only the tasks whose text contains TEXT (and that have its `+tags`).
    case find(text: String)
    /// `due N… DATE` or `due N… none`: set or remove due dates (the words as typed).
    case due(NumberList, date: String)
    /// `tag N… +a -b`: add and remove tags (the words as typed).
    case tag(NumberList, words: [String])
    /// `every N… PERIOD` or `every N… none`: make tasks recur, or stop them.
    case every(NumberList, period: String)
    /// `today`: show the tasks due today or overdue.
    case today
    /// `upcoming`: show every task not done that has a due date, by date.
    case upcoming
    /// `list` or `ls`: show the whole list.
    case list
    /// `undo`: revert the latest change.
    case undo
    /// `redo`: re-apply the latest undone change.
    case redo
    /// `export [--format F] [FILE]`: the list as a file (standard output without FILE).
    case export(format: InterchangeFormat?, file: String?)
    /// `import [--format F] [--dry-run] FILE|-`: tasks from a file (`-`: standard input).
    case `import`(format: InterchangeFormat?, dryRun: Bool, file: String)
    /// `share ROLE [--read-only]`: let a role of the server use the shared list, or only read it.
    case share(role: String, readOnly: Bool)
    /// `unshare ROLE`: take the shared list from a role.
    case unshare(role: String)
    /// `sync [URL] [options]`, `sync --status`, `sync --unpair`: two-way sync with a CalDAV task list.
    case sync(SyncCommand)
    /// `help [COMMAND]`: all commands, or one in detail.
    case help(topic: CommandName?)
    /// `quit` or `exit`: leave.
    case quit

    /// Whether the command changes the list (and so runs in a write transaction).
    var isChange: Bool {
        switch self {
        case .add, .done, .fav, .rm, .edit, .mv, .clear, .undo, .redo, .import, .due, .tag, .every: true
        case .find, .list, .export, .help, .quit, .today, .upcoming, .share, .unshare, .sync: false
        }
    }

    /// The task numbers the command names, as typed (`mv`'s place too): the rows that resolving
    /// them needs. None for a command that names no task.
    var numberRanges: [ClosedRange<Int>] {
        switch self {
        case let .done(numbers), let .fav(numbers), let .rm(numbers), let .due(numbers, _), let .tag(numbers, _),
             let .every(numbers, _): numbers.ranges
        case let .edit(number, _): [number...number]
        case let .mv(number, destination): [number...number, destination...destination]
        case .add, .clear, .find, .list, .undo, .redo, .export, .import, .help, .quit, .today, .upcoming, .share,
             .unshare, .sync: []
        }
    }

    /// The highest task number the command names: the rows up to it are what resolving its numbers
    /// needs in a list that follows its changes (a script's). Nil for a command that names none.
    var highestNumber: Int? { numberRanges.map(\.upperBound).max() }
}
