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
    /// `--user NAME`.
    var user: String?
    /// `--quiet`.
    var quiet = false
    /// `--keep-going`.
    var keepGoing = false
    /// `--no-color`.
    var noColor = false
    /// The one-shot command's words.
    var command: [String] = []
}

// In an extension, so that the memberwise initializer (what swift-argument-parser parsed) stays.
extension LaunchOptions {
    /// Reads arguments made only of `--db PATH` / `--db=PATH` and `--user NAME` / `--user=NAME` (a
    /// non-empty value not starting with `-` and, for a name, one `isName` takes), `--quiet`,
    /// `--keep-going`, `--no-color` (each at most once), `--`, then the command: its first
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
            case "--db", "--user":
                guard index < arguments.endIndex, set(argument, to: arguments[index]) else { return nil }
                index += 1
            case _ where argument.hasPrefix("--db=") || argument.hasPrefix("--user="):
                guard let equals = argument.firstIndex(of: "="),
                      set(String(argument[..<equals]), to: String(argument[argument.index(after: equals)...]))
                else { return nil }
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

    /// Sets the value of `flag` (`--db` or `--user`) when it was not set yet and `value` is one the
    /// parser would take without a word; false otherwise, leaving it to the parser.
    private mutating func set(_ flag: String, to value: String) -> Bool {
        guard !value.isEmpty, !value.hasPrefix("-") else { return false }
        switch flag {
        case "--db" where db == nil:
            db = value
        case "--user" where user == nil && Self.isName(value):
            user = value
        default:
            return false
        }
        return true
    }

    /// The longest name `--user` and `TASKS_USER` take, in characters (PostgreSQL's roles take 63 bytes).
    static let longestName = 64

    /// Whether `value` can name a person (`--user`, `TASKS_USER`): not empty, not over `longestName`,
    /// no control characters, since it is shown in messages, and no space at either end, where
    /// `ann` and `ann ` would be told apart unseen.
    static func isName(_ value: String) -> Bool {
        guard let first = value.first, let last = value.last else { return false }
        return value.count <= longestName && !first.isWhitespace && !last.isWhitespace
            && !value.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
