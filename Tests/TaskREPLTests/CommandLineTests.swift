import Foundation
import TaskTestSupport
import Testing

/// Flags, usage errors, and where the database is: the program's start, before any command runs.
@Suite struct CommandLineTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// A daily series typed at 02:30 on the night Berlin's clocks skip it is due at 03:30 that night
    /// and at 02:30 the day after, given by `add` or by `due`: it stayed at 03:30 for good (found
    /// by an independent tester).
    @Test func aSeriesTypedAtATimeTheClocksSkipComesBackAtIt() async throws {
        let berlin = ["TZ": "Europe/Berlin"]
        for typed in [["add", "Backup", "due:2027-03-28", "02:30", "every:day"], ["add", "Water", "every:day"], ["due", "2", "2027-03-28", "02:30"]] {
            #expect(try await ProgramRun(["--quiet"] + typed, in: folder, environment: berlin) == ProgramRun())
        }
        #expect(try await ProgramRun(["done", "1", "2"], in: folder, environment: berlin) == ProgramRun(output: """
              1   ✓ Backup  28 mar 2027 03:30
              2   Backup  29 mar 2027 02:30 ↻
              3   ✓ Water  28 mar 2027 03:30
              4   Water  29 mar 2027 02:30 ↻

            """))
    }

    /// A series typed in Berlin with its time, by `add` or given by `every`, checked off on the
    /// same machine in New York (where clocks went forward two weeks before Berlin's): its next
    /// task is at 09:00 in Berlin, where it was typed. `add` and `every` left it to count in the
    /// zone it was checked off in, and it came at 10:00 (found by an independent tester).
    @Test func aSeriesTypedHereCountsInTheZoneItWasTypedIn() async throws {
        let berlin = ["TZ": "Europe/Berlin"]
        for typed in [["add", "Standup", "due:2027-03-27", "09:00", "every:day"], ["add", "Call", "due:2027-03-27", "09:00"], ["every", "2", "day"]] {
            #expect(try await ProgramRun(["--quiet"] + typed, in: folder, environment: berlin) == ProgramRun())
        }
        #expect(try await ProgramRun(["--quiet", "done", "1", "2"], in: folder, environment: ["TZ": "America/New_York"]) == ProgramRun())
        #expect(try await ProgramRun(["list"], in: folder, environment: berlin) == ProgramRun(output: """
              1   ✓ Standup  27 mar 2027 09:00
              2   Standup  28 mar 2027 09:00 ↻
              3   ✓ Call  27 mar 2027 09:00
              4   Call  28 mar 2027 09:00 ↻

            """))
    }

    @Test func versionPrintsTheNameAndNumber() async throws {
        #expect(try await ProgramRun(["--version"], in: folder) == ProgramRun(output: "tasks 0.1.0\n"))
    }

    @Test func helpDescribesTheFlagsAndExitsZero() async throws {
        let run = try await ProgramRun(["--help"], in: folder)
        #expect(run.status == 0)
        #expect(run.error == "")
        #expect(run.output.hasPrefix("OVERVIEW: A to-do list for the terminal.\n"))
        for flag in ["--db <path>", "--user <name>", "--quiet", "--keep-going", "--no-color", "--version"] {
            #expect(run.output.contains(flag), "help mentions \(flag)")
        }
    }

    @Test func helpFitsEightyColumnsAndListsEveryCommand() async throws {
        let run = try await ProgramRun(["--help"], in: folder)
        let tooWide = run.output.split(separator: "\n").filter { $0.count > 80 }
        #expect(tooWide == [])
        let commands = try #require(run.output.firstRange(of: "\nCOMMANDS:")).upperBound
        for command in try await HelpedCommand.all(in: folder) {
            #expect(run.output[commands...].contains("\n  " + command.spellings.joined(separator: ", ") + " "), "\(command.spellings)")
        }
    }

    @Test func helpAtEightyColumnsKeepsEachCommandOnOneLine() async throws {
        let help = try await ProgramRun(["--help"], in: folder, environment: ["COLUMNS": "80"]).output
        let commands = try #require(help.firstRange(of: "COMMANDS:\n")).upperBound
        let end = try #require(help[commands...].firstRange(of: "\n\n")).lowerBound
        #expect(help[commands..<end] == """
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
            """)
    }

    @Test func helpAtEightyColumnsLeavesNoWordOnALineOfItsOwn() async throws {
        let help = try await ProgramRun(["--help"], in: folder, environment: ["COLUMNS": "80"]).output
        let lonely = help.split(separator: "\n").filter { line in
            let words = line.split(separator: " ")
            return words.count == 1 && !line.hasSuffix(":")
        }
        #expect(lonely == [], "\(help)")
    }

    @Test(arguments: [60, 50]) func helpInANarrowTerminalKeepsEachCommandsRowUnderItsOwnColumn(_ columns: Int) async throws {
        let help = try await ProgramRun(["--help"], in: folder, environment: ["COLUMNS": "\(columns)"]).output
        let commands = help.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "COMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
        #expect(commands.count >= 17)
        #expect(commands.filter { !$0.hasPrefix("  ") } == [], "\(help)")
        #expect(commands.filter { $0.count > columns - 1 } == [], "\(help)")
    }

    @Test func theUsageNamesEveryFlagButHelpAndVersion() async throws {
        let help = try await ProgramRun(["--help"], in: folder).output
        let usage = help.split(separator: "\n").drop { !$0.hasPrefix("USAGE: ") }.prefix { !$0.isEmpty }.joined()
        let flags = help.split(separator: "\n").drop { $0 != "OPTIONS:" }.dropFirst()
            .compactMap { $0.split(separator: " ").first { $0.hasPrefix("--") } }
        #expect(flags.count >= 7)
        for flag in flags where flag != "--help" && flag != "--version" {
            #expect(usage.contains(flag), "\(flag)")
        }
    }

    @Test func flagsAfterTheCommandWordsAreCommandWords() async throws {
        let run = try await ProgramRun(["add", "Buy", "milk", "--quiet", "--db", "t.sqlite"], in: folder)
        #expect(run == ProgramRun(output: "  1   Buy milk --quiet --db t.sqlite\n"))
    }

    @Test func wordsAfterADoubleDashAreCommandWordsEvenWithADash() async throws {
        let db = folder.file("t.sqlite")
        let run = try await ProgramRun(["--db", db, "--", "add", "-5", "degrees", "--quiet"], in: folder)
        #expect(run == ProgramRun(output: "  1   -5 degrees --quiet\n"))
    }

    @Test func aFlagGivenTwiceCountsOnce() async throws {
        let run = try await ProgramRun(["--db", folder.file("t.sqlite"), "--quiet", "--quiet", "add", "x"], in: folder)
        #expect(run == ProgramRun(output: ""))
    }

    @Test func aDashWordBeforeTheCommandIsAUsageError() async throws {
        let run = try await ProgramRun(["--db", folder.file("t.sqlite"), "-3", "rm"], in: folder)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.error == "tasks: Unknown option '-3' (`tasks --help` lists the flags)\n")
    }

    @Test func anUnknownFlagIsAUsageError() async throws {
        let run = try await ProgramRun(["--bogus"], in: folder)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.error == "tasks: Unknown option '--bogus' (`tasks --help` lists the flags)\n")
    }

    @Test func anEmptyDatabasePathIsAUsageError() async throws {
        let run = try await ProgramRun(["--db", "", "list"], in: folder, database: false)
        #expect(run.status == 2)
        #expect(run.error == "tasks: --db needs a path (`tasks --help` lists the flags)\n")
    }

    @Test func anEmptyValueAfterAnEqualsSignIsAUsageErrorNotTheNextWord() async throws {
        // Run from the test's folder, where a store named `list` would be made.
        let run = try await ProgramRun(program: "/usr/bin/env", ["--chdir=" + folder.path, TasksBinary.path, "--db=", "list"],
                                       in: folder, environment: TasksBinary.environment(in: folder))
        #expect(run == ProgramRun(error: "tasks: --db needs a path (`tasks --help` lists the flags)\n", status: 2))
        #expect(!FileManager.default.fileExists(atPath: folder.file("list")))
        let user = try await ProgramRun(["--user=", "list"], in: folder)
        #expect(user.status == 2)
        #expect(user.error.hasPrefix("tasks: --user needs a name"))
    }

    @Test func aFlagWithoutItsValueIsAOneLineUsageError() async throws {
        let run = try await ProgramRun(["--db"], in: folder, database: false)
        #expect(run == ProgramRun(error: "tasks: Missing value for '--db <path>' (`tasks --help` lists the flags)\n",
                                  status: 2))
    }

    @Test func aFileThatIsNotATaskStoreIsRefusedAndLeftAlone() async throws {
        let path = folder.file("notes.txt")
        try "my notes\n".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try await ProgramRun(["--db", path, "list"], in: folder, database: false)
        #expect(run == ProgramRun(
            error: "tasks: \(path) is not a tasks database (not an SQLite file); it was left untouched\n", status: 1))
        #expect(folder.contents(of: "notes.txt") == "my notes\n")
    }

    @Test func controlCharactersInAnErrorAreEscaped() async throws {
        let path = folder.file("evil\u{1B}[31m.txt")
        try "not a database".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try await ProgramRun(["--db", path, "list"], in: folder, database: false)
        #expect(run.status == 1)
        #expect(run.error.contains("evil\\e[31m.txt is not a tasks database"))
        #expect(!run.error.contains("\u{1B}"))
    }

    @Test func theDatabaseIsKeptUnderXDGDataHomeByDefault() async throws {
        _ = try await ProgramRun(["list"], in: folder, database: false)
        #expect(FileManager.default.fileExists(atPath: folder.file("data/tasks/tasks.sqlite")))
    }

    @Test func theDatabaseIsKeptUnderHomeWhenXDGDataHomeIsNotAbsolute() async throws {
        _ = try await ProgramRun(["list"], in: folder, environment: ["XDG_DATA_HOME": "relative/data"], database: false)
        #expect(FileManager.default.fileExists(atPath: folder.file("home/.local/share/tasks/tasks.sqlite")))
    }

    @Test func theTASKS_DBVariableNamesTheDatabase() async throws {
        _ = try await ProgramRun(["list"], in: folder, environment: ["TASKS_DB": folder.file("elsewhere/my.sqlite")],
                           database: false)
        #expect(FileManager.default.fileExists(atPath: folder.file("elsewhere/my.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("data/tasks/tasks.sqlite")))
    }

    @Test func theDbFlagWinsOverTASKS_DB() async throws {
        _ = try await ProgramRun(["list"], in: folder, environment: ["TASKS_DB": folder.file("ignored.sqlite")])
        #expect(FileManager.default.fileExists(atPath: folder.file("tasks.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("ignored.sqlite")))
    }

    @Test func askingForTaskNumbersNeverUpgradesAStoreOfTheFirstRelease() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TaskSQLiteTests/Fixtures/v1-store.sqlite").path
        let path = folder.file("v1.sqlite")
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        let before = FileManager.default.contents(atPath: path)
        let run = try await ProgramRun(["--db", path, "--complete-task-numbers"], in: folder, database: false)
        #expect(run.output == "")
        #expect(FileManager.default.contents(atPath: path) == before)
    }
}
