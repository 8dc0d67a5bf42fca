/// The text of `help` (a table, each line within 80 columns) and `help COMMAND` (a paragraph a
/// line, which the view wraps to the terminal's width; the man page takes them as they are).
enum HelpText {
    /// All commands, one line each, and a line about numbers.
    static let overview = """
        add TEXT        add a task at the end (due:fri every:week +tag @context)
        done N…         check off tasks (✓), or uncheck them
        fav N…          mark or unmark tasks as favourites (★)
        edit N TEXT     change the text (and due:, every:, tags) of task N
        mv N M          move task N to place M
        rm N…           remove tasks
        due N… DATE     set due dates (fri, dec 1, 2026-12-01 17:00, none)
        tag N… +a -b    add and remove tags
        every N… WHEN   make tasks recur (week, month, mon,thu, 3d-after, none)
        clear [done]    remove all tasks, or only the done ones
        find TEXT       show only the tasks whose text contains TEXT (and +tags)
        today           show the tasks due today or overdue
        upcoming        show every task to do that has a due date, by date
        list, ls        show the whole list
        undo            revert the latest change
        redo            re-apply the latest undone change
        export [FILE]   write the list as todo.txt, JSON, Markdown or iCalendar
        import FILE     add or update tasks from such a file (- for standard input)
        sync [URL]      two-way sync with a CalDAV task list (--status, --unpair)
        share ROLE      let a role of the server use a shared list (--read-only)
        unshare ROLE    take a shared list from a role of the server
        help [COMMAND]  show what the commands do, or one in detail
        quit, exit      leave (Ctrl-D too)
        N is a number as shown; N… takes numbers and ranges: rm 2 5 7, done 1-3
        """

    /// The usage and meaning of one command.
    static func detail(for name: CommandName) -> String {
        switch name {
        case .add:
            """
            add TEXT
            Adds a task at the end of the list. TEXT is the rest of the line, without surrounding spaces. Words in it set the task's attributes and are not part of its text: due:DATE (a time may follow: due:fri 17:00), every:PERIOD, +tag and @context (a letter after the sign, so +1 555 stays text). A backslash before such a word keeps it as text: \\+home, \\due:.
            Examples: add Buy milk, add Pay rent due:fri +home, add Water the plants due:sat every:week
            """
        case .done:
            """
            done N…
            Checks off each task N (✓ before its text), or unchecks it if it is done. A done task stays in the list until `clear done`.
            N… is one or more numbers as shown in the list, or ranges. Examples: done 2, done 1-3
            """
        case .fav:
            """
            fav N…
            Marks each task N as a favourite (★), or unmarks it if it is one.
            N… is one or more numbers as shown in the list, or ranges. Examples: fav 2, fav 2 5 7, fav 1-3
            """
        case .edit:
            """
            edit N TEXT
            Replaces the text of task N with TEXT, and sets the due date, recurrence and tags that TEXT names (due:, every:, +tag, @context, as in `add`), keeping the others. Without other words, TEXT changes only those attributes. Tab after `edit N ` fills in the current text with its attribute words.
            Examples: edit 2 Buy oat milk, edit 2 due:tomorrow
            """
        case .due:
            """
            due N… DATE
            Sets the due date of each task N, or removes it with `none`. DATE is 2026-12-01, 12-01, dec 1 or 1 dec, today, tomorrow, yesterday, a weekday (fri or friday: the next one after today), 3d, 2w, 1m or 1y from today, eow, eom or eoy (weeks start on Monday), with an optional time: 17:00 or 5pm. A date alone is due all day; a task is overdue from the next day, or after its time.
            Examples: due 2 fri, due 1-3 2026-12-01 17:00, due 4 none
            """
        case .tag:
            """
            tag N… +a -b
            Adds tag a to each task N and removes tag b; @name is a context (todo.txt's) and is added or removed the same way.
            Examples: tag 2 +home, tag 1-3 -work +@phone
            """
        case .every:
            """
            every N… PERIOD
            Makes each task N recur, or stops it with `none`. PERIOD is day, weekday, week, month, year, a count and unit (3d, 2w, 6m, 1y) or weekdays (mon,thu), counted from the due date; add -after (3d-after) to count from the day the task is checked off. Checking off a recurring task adds the next one just after it, due on the first date after today (a month from the 31st keeps the month's end).
            Examples: every 2 week, every 3 mon,thu, every 4 2w-after, every 2 none
            """
        case .today:
            """
            today
            Shows the tasks not done that are due today or overdue, overdue first, with their numbers in the whole list. At the prompt it stays in effect until `list`.
            """
        case .upcoming:
            """
            upcoming
            Shows every task not done that has a due date, soonest first, with their numbers in the whole list. At the prompt it stays in effect until `list`.
            """
        case .mv:
            """
            mv N M
            Moves task N to place M; the other tasks keep their order.
            Examples: mv 5 1 (to the top), mv 1 5
            """
        case .rm:
            """
            rm N…
            Removes each task N; `undo` brings them back.
            N… is one or more numbers as shown in the list, or ranges. Examples: rm 2, rm 2 5 7, rm 4-6
            """
        case .clear:
            """
            clear [done]
            Removes all tasks, or with `done` only the done ones; `undo` brings them back.
            """
        case .find:
            """
            find TEXT
            Shows only the tasks whose text contains TEXT, in any case (find milk finds Milk), and that have each +tag or @context TEXT names, with their numbers in the whole list. At the prompt the list stays filtered until `list`.
            Examples: find milk, find +home milk
            """
        case .list:
            """
            list (or ls)
            Shows the whole numbered list; ★ marks favourites, ✓ done tasks.
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
        case .export:
            """
            export [--format F] [FILE]
            Writes every task to FILE, or to standard output (no FILE, or -), as F: todotxt (todo.txt, as todo.sh reads it), json (Taskwarrior's, for task import), markdown (a GitHub task list) or ics (iCalendar to-dos). Without --format, FILE's extension says which (.txt, .json, .md, .ics); standard output gets todo.txt. At the prompt and in scripts FILE is read as a shell reads it ("my list.md", ~/todo.md). Favourites, done tasks, the order, creation times and identities are kept, and so are the fields an import brought from that format.
            Examples: export tasks.txt, export --format json, export ~/todo.md
            """
        case .import:
            """
            import [--format F] [--dry-run] FILE
            Adds the tasks of FILE (- for standard input) at the end of the list, and updates those already in it (by identity, or for a file without identities by what its lines say, so that importing it again adds nothing); the format is told from FILE's extension, else from the content, unless --format says it. Tasks with no text are skipped; a file over 64 MiB, or that is no task list, is refused. What tasks does not show (todo.txt priorities, Taskwarrior tags and projects, iCalendar properties) is kept and written back by export. One undo reverts the whole import. With --dry-run, says what would be added, updated and skipped, and changes nothing.
            Examples: import todo.txt, import --dry-run tasks.json, task export | tasks import -
            """
        case .sync:
            """
            sync [URL] [--allow-plain-http] [--password-command COMMAND]
            Syncs the list both ways with a task list on a CalDAV server (Nextcloud, Radicale, Fastmail, iCloud…), so that it is on your phone too. The first sync URL pairs the list with the task list at URL; given a server's address instead, it finds your task lists and names them. Later, sync alone syncs again, and an open prompt syncs by itself. The user name goes in the address (https://NAME@HOST/…) unless ~/.netrc gives it. The password comes from ~/.netrc, or the file $NETRC names (machine HOST login NAME password …), or from COMMAND, the rest of the line, run by the shell (pass show caldav); it is never stored. A password goes over plain http only to this machine, unless --allow-plain-http (on a network you trust). A server whose certificate a private authority signed is trusted when SSL_CERT_FILE names that authority's certificate. A task changed on both sides keeps the later change of each field, and says so; undo takes back what a sync changed here. A sync that would remove there tasks this store never held (a store replaced), or every task here because the server holds none of them (a new task list), changes nothing: sync --unpair, then sync URL, brings them back to that side; remove them on the other side to empty both. sync --status says what the list is paired with, when it last synced, and when a sync failed since; sync --unpair forgets the pairing, removing no task on either side.
            Examples: sync https://dav.example.com/alice/tasks/, sync, sync --status
            """
        case .share:
            """
            share ROLE [--read-only]
            On a list shared on a PostgreSQL server, lets the server's role ROLE read and change the list, or with --read-only only read it (its prompt then says read-only, and each change is refused). The role must exist on the server; only the list's owner can share it. Sharing is not a change of the list: undo does not revert it, unshare does.
            Examples: share bob, share bob --read-only
            """
        case .unshare:
            """
            unshare ROLE
            On a list shared on a PostgreSQL server, takes from the server's role ROLE every right to the list: it can no longer read or change it. Only the list's owner can. Not a change of the list: undo does not revert it, share does.
            Example: unshare bob
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
