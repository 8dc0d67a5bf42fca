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
    /// `fav`, `rm` or `edit` with no number.
    case missingNumber
    /// A token that is not a number or range of decimal digits.
    case notANumber(String)
    /// A token that names 0 or a negative number.
    case belowOne(String)
    /// A token with a number too large to represent.
    case tooLarge(String)
    /// A range whose end is before its start, as typed.
    case backwardsRange(String, lower: Int, upper: Int)
    /// `edit` given a range instead of one number.
    case notSingleNumber(String)
    /// A command that takes no arguments was given some; its spelling as typed.
    case unexpectedArguments(String)
    /// `help` given more than one word.
    case tooManyTopics

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
        case .missingNumber:
            "no task number given"
        case let .notANumber(token):
            "`\(token.abbreviated(to: 30))` is not a task number"
        case let .belowOne(token):
            "`\(token.abbreviated(to: 30))` is not a task number (numbers start at 1)"
        case let .tooLarge(token):
            "`\(token.abbreviated(to: 30))` is too large for a task number"
        case let .backwardsRange(token, lower, upper):
            "the range `\(token.abbreviated(to: 30))` runs backwards (did you mean `\(upper)-\(lower)`?)"
        case let .notSingleNumber(token):
            "`edit` takes one task number, not the range `\(token.abbreviated(to: 30))`"
        case let .unexpectedArguments(spelling):
            "`\(spelling)` takes no arguments"
        case .tooManyTopics:
            "`help` takes at most one command name"
        }
    }
}
