import TaskModel
import TaskSync

/// What the command line asks of the presenter before there is one, or without one: the help,
/// the grammar of the command words, and the sentences said around a session. Stateless, and
/// apart from the presenter's own file for that reason.
extension TaskPresenter {
    /// The help text: all commands, or the usage and meaning of one (`rm`, `ls`, …); nil for an unknown name.
    public static func helpText(for command: String? = nil) -> String? {
        guard let command else { return HelpText.overview }
        return CommandName(spelling: command[...].utf8).map(HelpText.detail(for:))
    }

    /// Whether the command spelled `word` takes options of its own (`export --format json`,
    /// `share bob --read-only`), so that on the command line the words after it are its arguments,
    /// not the program's flags.
    public static func takesOptions(commandWord word: String) -> Bool {
        [.file, .role, .address].contains(CommandName(spelling: word[...].utf8)?.arguments)
    }

    /// Whether `line` is a command that saves a change to the store when it succeeds (`add`, `rm`,
    /// `undo`, …), as opposed to one that only shows something (`list`, `help`) or none at all.
    ///
    /// The view asks when it could not show the result: a change that succeeded is saved whatever
    /// became of its output, and the user must not be led to make it twice.
    public static func savesAChange(_ line: String) -> Bool {
        guard let command = try? CommandParser.parse(line[...]) else { return false }
        return command.isChange
    }

    /// Whether Ctrl-C during `line` stops it, rather than only its output: a change (rolled
    /// back), or a sync (its requests stopped; the next sync finishes it).
    public static func stopsWhenInterrupted(_ line: String) -> Bool {
        guard let command = try? CommandParser.parse(line[...]) else { return false }
        if case .sync = command { return true }
        return command.isChange
    }

    /// Whether the prompt may keep `line` in its history (in memory and in the history file): not
    /// when it holds an address with a password (`sync https://alice:SECRET@…`), which `sync`
    /// refuses and which would otherwise lie in the file for good.
    public static func mayRemember(_ line: String) -> Bool {
        CalDAVSync.withoutPassword(line) == line
    }

    /// What the prompt says when Ctrl-C came too late to stop a change: it was saved, only its
    /// output was cut short.
    public static let savedThoughInterrupted = "Interrupted after the change was saved; `undo` reverts it."

    /// The sentence for a failure to open the store (shown after `tasks: `).
    public static func message(forOpening error: Error) -> String {
        describe(error)
    }

    /// What to tell the user once about a store brought up from an earlier version (after
    /// `tasks: `); nil when there is nothing worth saying.
    public static func notice(forUpgrade upgrade: StoreUpgrade?) -> String? {
        guard let upgrade, !upgrade.keptHistory else { return nil }
        return "the store was upgraded from version \(upgrade.fromVersion); every task was kept, "
            + "but its undo history could not be and was cleared"
    }
}
