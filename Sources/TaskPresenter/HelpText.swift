/// The text of `help` and `help COMMAND`.
enum HelpText {
    /// All commands, one line each, and a line about numbers.
    static let overview = """
        add TEXT        add a task at the end of the list
        fav N…          mark or unmark tasks as favourites (★)
        rm N…           remove tasks
        edit N TEXT     replace the text of task N
        clear           remove all tasks
        list, ls        show the list
        undo            revert the latest change
        redo            re-apply the latest undone change
        help [COMMAND]  show what the commands do, or one in detail
        quit, exit      leave (Ctrl-D too)
        N is a number as shown in the list; N… takes several numbers and ranges: rm 2 5 7, fav 1-3
        """

    /// The usage and meaning of one command.
    static func detail(for name: CommandName) -> String {
        switch name {
        case .add:
            """
            add TEXT
            Adds a task at the end of the list. TEXT is the rest of the line, without surrounding spaces.
            Example: add Buy milk
            """
        case .fav:
            """
            fav N…
            Marks each task N as a favourite (★), or unmarks it if it is one.
            N… is one or more numbers as shown in the list, or ranges. Examples: fav 2, fav 2 5 7, fav 1-3
            """
        case .rm:
            """
            rm N…
            Removes each task N; `undo` brings them back.
            N… is one or more numbers as shown in the list, or ranges. Examples: rm 2, rm 2 5 7, rm 4-6
            """
        case .edit:
            """
            edit N TEXT
            Replaces the text of task N with TEXT. Tab after `edit N ` fills in the current text.
            Example: edit 2 Buy oat milk
            """
        case .clear:
            """
            clear
            Removes all tasks; `undo` brings them back.
            """
        case .list:
            """
            list (or ls)
            Shows the numbered list; ★ marks favourites.
            """
        case .undo:
            """
            undo
            Reverts the latest change, even one made in an earlier session; repeat to go further back.
            """
        case .redo:
            """
            redo
            Re-applies the latest undone change; a new change forgets what could be redone.
            """
        case .help:
            """
            help [COMMAND]
            Lists the commands, or explains COMMAND.
            Example: help rm
            """
        case .quit:
            """
            quit (or exit)
            Leaves tasks; Ctrl-D does too. Every change is already saved.
            """
        }
    }
}
