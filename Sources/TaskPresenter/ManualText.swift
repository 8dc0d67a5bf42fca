/// What the man page says besides the flags (which the command line's own definitions describe):
/// how `tasks` starts, its commands (from the help text), where it keeps the tasks, its exit
/// status, environment and files, and examples.
public enum ManualText {
    /// What `tasks` is and how it runs in each of its three modes.
    public static let description = ManualSection("DESCRIPTION", [
        .paragraph("""
            `tasks` keeps a numbered to-do list. Its commands (see COMMANDS) are the same in \
            each of the three ways it runs:
            """),
        .item(term: "`tasks`", text: ["""
            On a terminal: the interactive prompt, with line editing, history and Tab completion. \
            The list is shown again after every command that changes or lists it; a list taller \
            than the terminal is shown after a change as the rows around the task it touched, with \
            the count of the rest (`list` shows all). `quit`, `exit` or Ctrl-D leaves.
            """]),
        .item(term: "`tasks <` FILE", text: ["""
            With standard input not a terminal: a script, one command a line, no prompt. \
            The script is all or nothing: if a line fails, the error names it (`line 2: …`), \
            nothing at all is changed and the exit status is 1. With `--keep-going`, failing \
            lines are reported and skipped and the rest is applied. The final list is shown once.
            """]),
        .item(term: "`tasks` COMMAND [ARGUMENT…]", text: ["""
            One command, then the list. Flags go before COMMAND: every word after it is its \
            argument, even one starting with `-` (`tasks add -5 degrees`).
            """]),
        .paragraph("Blank lines and lines starting with `#` are ignored."),
    ])

    /// Every command of `help`, in full.
    public static var commands: ManualSection {
        let items = CommandReference.all.map { command -> ManualSection.Block in
            let word = command.usage.prefix { $0 != " " }
            return .item(term: "`\(word)`" + command.usage.dropFirst(word.count), text: command.explanation)
        }
        let notes = CommandReference.notes.map(ManualSection.Block.paragraph)
        return ManualSection("COMMANDS", items + notes + [.paragraph("""
            At the prompt, numbers refer to the list as last shown. If another process changed \
            the store meanwhile, a command acts on the task that was shown, or says that it is gone, \
            never on a different task.
            """)])
    }

    /// Where the tasks are kept, the exit status, the environment, files, examples and related pages.
    public static let closing = [
        ManualSection("STORE", [.paragraph("""
            The tasks are kept in an SQLite database: the file given with `--db`, else `$TASKS_DB`, \
            else `$XDG_DATA_HOME/tasks/tasks.sqlite`, else `~/.local/share/tasks/tasks.sqlite`. \
            It is created, with its folders, when missing; a file that is not a tasks store is \
            refused and left untouched. Every change is saved at once, and `undo` reaches back over \
            the last 1,000 changes, across runs.
            """), .paragraph("""
            A PostgreSQL connection string instead (`postgresql://USER@HOST/DATABASE`, `postgres://…`, \
            or libpq's `key=value` pairs; the `PG…` variables and `~/.pgpass` are honoured) opens a list \
            shared by everyone connected to that database, kept in its schema `tasks`, made on first use. \
            There, `undo` and `redo` act on your own changes only: those of your database role, or of \
            the name given with `--user` or `$TASKS_USER`; they refuse, changing nothing, when someone \
            else changed the same tasks since. People with roles of their own are let in by the list's \
            owner with `share ROLE` (or `share ROLE --read-only`, whose prompt then says read-only) and \
            out with `unshare ROLE`.
            """)]),
        ManualSection("EXIT STATUS", [
            .item(term: "0", text: ["Success."]),
            .item(term: "1", text: ["A command failed, or the store could not be opened."]),
            .item(term: "2", text: ["A usage error: an unknown flag, a missing value."]),
        ]),
        ManualSection("ENVIRONMENT", [
            .item(term: "`TASKS_DB`", text: ["The store, when `--db` is not given."]),
            .item(term: "`TASKS_USER`", text: ["""
                On a shared list, whose changes `undo` and `redo` act on, when `--user` is not given; \
                ignored for an SQLite file.
                """]),
            .item(term: "`XDG_DATA_HOME`", text: ["""
                The folder of the default store; `~/.local/share` when unset or not an absolute path.
                """]),
            .item(term: "`XDG_STATE_HOME`", text: ["""
                The folder of the prompt's history; `~/.local/state` when unset or not an absolute path.
                """]),
            .item(term: "`NO_COLOR`", text: ["""
                When set and not empty, no colour, as with `--no-color`. Colour is only ever used on a terminal.
                """]),
            .item(term: "`EDITRC`", text: ["The line editor's settings file, instead of `~/.editrc`."]),
            .item(term: "`TZ`", text: ["""
                The time zone in which dates are read and shown: what `today` and `fri` mean, when an \
                all-day date is overdue, the time of day of a timed one. The system's when unset.
                """]),
        ]),
        ManualSection("FILES", [
            .item(term: "`~/.local/share/tasks/tasks.sqlite`", text: ["The default store."]),
            .item(term: "`~/.local/state/tasks/history`", text: ["The prompt's history."]),
            .item(term: "`~/.editrc`", text: ["The line editor's settings (see `editrc(5)`)."]),
        ]),
        ManualSection("EXAMPLES", [
            .paragraph("Add two tasks, mark the second as a favourite, and see the list:"),
            .example([
                "$ tasks --quiet add Buy milk",
                "$ tasks --quiet add Call mom",
                "$ tasks fav 2",
                "  1   Buy milk",
                "  2 ★ Call mom",
            ]),
            .paragraph("Run a script, which changes nothing unless every line succeeds:"),
            .example([
                #"$ printf 'add Pay rent\nrm 1\n' | tasks"#,
                "  1 ★ Call mom",
                "  2   Pay rent",
            ]),
            .paragraph("Keep another list:"),
            .example(["$ tasks --db ~/work.sqlite add Send the report"]),
            .paragraph("Install the bash completion for yourself alone:"),
            .example(["$ tasks --generate bash \\", "    > ~/.local/share/bash-completion/completions/tasks"]),
        ]),
        ManualSection("SEE ALSO", [.paragraph("`editrc(5)`, `sqlite3(1)`")]),
    ]
}
