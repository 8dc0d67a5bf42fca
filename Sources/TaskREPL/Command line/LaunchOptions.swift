import TaskPresenter

/// The flags and command words of one start of `tasks`.
///
/// `TasksCommand` (swift-argument-parser) defines them, and parses anything out of the ordinary
/// (`--help`, `--version`, errors). The everyday forms — known long flags, `--db PATH`, command
/// words — are read by `init?(commonArguments:)` without it: building the parser's argument set
/// by reflection costs about a third of a one-shot `tasks list`, whose target is 15 ms.
/// The end-to-end tests in CommandLineTests run both paths.
struct LaunchOptions: Equatable {
    /// `--db PATH`.
    var db: String?
    /// `--quiet`.
    var quiet = false
    /// `--keep-going`.
    var keepGoing = false
    /// `--no-color`.
    var noColor = false
    /// The one-shot command's words.
    var command: [String] = []

    /// Reads arguments made only of `--db PATH` / `--db=PATH` (a non-empty path not starting with `-`),
    /// `--quiet`, `--keep-going`, `--no-color` (each at most once), `--`, then the command: its first
    /// word does not start with `-`, and every word after it is the command's, whatever it starts
    /// with (`tasks add -5 degrees`). Nil for anything else, which swift-argument-parser then reads
    /// (or rejects).
    init?(commonArguments arguments: [String]) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            switch argument {
            case _ where !command.isEmpty:
                command.append(argument)
            case "--":
                command += arguments[index...]
                return
            case "--quiet":
                guard !quiet else { return nil }
                quiet = true
            case "--keep-going":
                guard !keepGoing else { return nil }
                keepGoing = true
            case "--no-color":
                guard !noColor else { return nil }
                noColor = true
            case "--db":
                guard db == nil, index < arguments.endIndex, Self.isPath(arguments[index]) else { return nil }
                db = arguments[index]
                index += 1
            case _ where argument.hasPrefix("--db="):
                let path = String(argument.dropFirst("--db=".count))
                guard db == nil, Self.isPath(path) else { return nil }
                db = path
            case _ where argument.hasPrefix("-"):
                return nil
            default:
                command.append(argument)
                // `export --format json`: the words after such a command are its own, flags included.
                if command.count == 1, TaskPresenter.takesOptions(commandWord: argument) {
                    command += arguments[index...]
                    return
                }
            }
        }
    }

    /// The options swift-argument-parser parsed.
    init(db: String?, quiet: Bool, keepGoing: Bool, noColor: Bool, command: [String]) {
        self.db = db
        self.quiet = quiet
        self.keepGoing = keepGoing
        self.noColor = noColor
        self.command = command
    }

    private static func isPath(_ value: String) -> Bool {
        !value.isEmpty && !value.hasPrefix("-")
    }
}
