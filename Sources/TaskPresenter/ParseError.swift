/// Why a line is not a valid command; `description` is the message after `<input>: `.
enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The first word is no command; the nearest one, if any is close.
    case unknownCommand(suggestion: String?)
    /// `help WORD` where WORD is no command; the nearest one, if any is close.
    case unknownTopic(String, suggestion: String?)
    /// `add` with no text.
    case emptyTaskText
    /// `edit N` with no text.
    case emptyNewText
    /// `find` with no text.
    case emptySearch
    /// `done`, `fav`, `rm`, `edit` or `mv` with no number.
    case missingNumber
    /// `mv N` with no destination.
    case missingDestination
    /// A token that is not a number or range of decimal digits.
    case notANumber(String)
    /// A token that names 0 or a negative number.
    case belowOne(String)
    /// A token with a number too large to represent.
    case tooLarge(String)
    /// A range whose end is before its start, as typed.
    case backwardsRange(String, lower: Int, upper: Int)
    /// `edit` or `mv` given a range instead of one number.
    case notSingleNumber(command: String, String)
    /// A command that takes no arguments was given some; its spelling as typed (or its usage).
    case unexpectedArguments(String)
    /// `mv N M` followed by more.
    case tooManyMoveNumbers
    /// `clear` followed by something other than `done`.
    case unexpectedClearArgument(String)
    /// `help` given more than one word.
    case tooManyTopics
    /// `sync` with an option it does not take, or a word out of place (named).
    case syncArguments(String)
    /// `sync` with an option of pairing (named) and no address to pair with.
    case syncOptionWithoutAddress(String)
    /// `export` or `import` with `--format` and no format after it.
    case missingFormat
    /// `--format` naming no format tasks knows.
    case unknownFormat(String)
    /// An option `export` or `import` does not take.
    case unknownOption(command: String, String)
    /// `import` with no file.
    case missingFile
    /// A file name whose quote is not closed (or that ends in a lone backslash).
    case unclosedQuote
    /// A file name given as empty quotes (`""`).
    case emptyFileName
    /// Several words, quoted, where one file name goes.
    case severalFileNames
    /// `due`, `tag` or `every` with a value but no task number before it.
    case missingNumberBefore(String)
    /// `due`, `tag` or `every` with task numbers but no value after them.
    case missingValue(command: String)
    /// `share` or `unshare` with no role.
    case missingRole(command: String)

    /// The message shown after the input and a colon.
    var description: String {
        switch self {
        case let .unknownCommand(suggestion?):
            "unknown command; did you mean `\(suggestion)`?"
        case .unknownCommand(nil):
            "unknown command; type `help` to see the commands"
        case let .unknownTopic(word, suggestion?):
            "unknown command `\(word.abbreviated(to: 30))`; did you mean `\(suggestion)`?"
        case let .unknownTopic(word, nil):
            "unknown command `\(word.abbreviated(to: 30))`; type `help` to see the commands"
        case .emptyTaskText:
            "the task text is empty"
        case .emptyNewText:
            "the new text is empty"
        case .emptySearch:
            "nothing to find: give some text, e.g. find milk"
        case .missingNumber:
            "no task number given"
        case .missingDestination:
            "no place given: mv N M moves task N to place M"
        case let .notANumber(token):
            "`\(token.abbreviated(to: 30))` is not a task number"
        case let .belowOne(token):
            "`\(token.abbreviated(to: 30))` is not a task number (numbers start at 1)"
        case let .tooLarge(token):
            "`\(token.abbreviated(to: 30))` is too large for a task number"
        case let .backwardsRange(token, lower, upper):
            "the range `\(token.abbreviated(to: 30))` runs backwards (did you mean `\(upper)-\(lower)`?)"
        case let .notSingleNumber(command, token):
            "`\(command)` takes one task number, not the range `\(token.abbreviated(to: 30))`"
        case .tooManyMoveNumbers:
            "`mv` takes two numbers: mv N M moves task N to place M"
        case let .unexpectedArguments(spelling):
            "`\(spelling)` takes no arguments"
        case let .unexpectedClearArgument(word):
            "`clear` removes all tasks and `clear done` the done ones; `\(word.abbreviated(to: 30))` is neither"
        case .tooManyTopics:
            "`help` takes at most one command name"
        case let .syncArguments(word):
            "`sync` cannot take `\(word.abbreviated(to: 30))` here; see `help sync`"
        case .syncOptionWithoutAddress("--password-command"):
            "`--password-command` needs an address: sync URL --password-command COMMAND"
        case let .syncOptionWithoutAddress(option):
            "`\(option)` needs an address: sync URL \(option)"
        case .missingFormat:
            "`--format` needs a format: todotxt, json, markdown or ics"
        case let .unknownFormat(word):
            "unknown format `\(word.abbreviated(to: 30))`: give todotxt, json, markdown or ics"
        case let .unknownOption(command, word):
            "`\(command)` has no option `\(word.abbreviated(to: 30))`"
                + (command == "import" ? " (it takes --format F and --dry-run)"
                    : command == "share" ? " (it takes --read-only)"
                    : command == "unshare" ? " (it takes none)" : " (it takes --format F)")
        case .missingFile:
            "no file given: import FILE reads tasks from FILE (`-` for standard input)"
        case .emptyFileName:
            "the file name is empty"
        case .unclosedQuote:
            "the file name's quote is not closed"
        case .severalFileNames:
            "give one file name; quote a name with spaces (\"my list.md\")"
        case let .missingNumberBefore(word):
            "no task number before `\(word.abbreviated(to: 30))`"
        case .missingValue(command: "due"):
            "no date given: due N DATE (e.g. due 3 fri, due 3 2026-12-01 17:00, due 3 none)"
        case .missingValue(command: "tag"):
            "no tag given: tag N +a -b adds tag a and removes tag b"
        case .missingValue:
            "no period given: every N PERIOD (e.g. every 3 week, every 3 mon,thu, every 3 none)"
        case .missingRole(command: "share"):
            "no role given: share ROLE lets the server's role ROLE use the list (share ROLE --read-only: only read it)"
        case .missingRole:
            "no role given: unshare ROLE takes the list from the server's role ROLE"
        }
    }
}
