/// Why a parsed command cannot run against the list; `description` is the message after `<input>: `.
enum CommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A number beyond the list as shown (or empty).
    case noSuchTask(number: Int, listCount: Int)
    /// The tasks shown with these numbers were removed by another process meanwhile.
    case tasksGone(numbers: [Int])
    /// The task shown with this number now has another text, set by another process meanwhile.
    case textChanged(number: Int, current: String)
    /// A search is in effect and does not show the task with this number.
    case notShown(number: Int, view: String)
    /// A search is in effect and shows none of the tasks in the ranges given.
    case noneShown(view: String)
    /// A word that should be a date is not one.
    case badDate(DueWords.Failure)
    /// A word that should be a period of recurrence is not one.
    case badPeriod(String)
    /// A word of `tag` that is not `+name`, `-name` or `@name`.
    case badTag(String)
    /// `add` given attribute words and no text.
    case onlyAttributes

    /// The message shown after the input and a colon.
    var description: String {
        switch self {
        case let .noSuchTask(number, 0):
            "there is no task \(number) (the list is empty)"
        case let .noSuchTask(number, count):
            "there is no task \(number) (the list has \(count))"
        case let .tasksGone(numbers) where numbers.count == 1:
            "the task shown as \(numbers[0]) is gone (changed by another process); the list was refreshed"
        case let .tasksGone(numbers):
            "the tasks shown as \(Self.englishList(numbers)) are gone (changed by another process); "
                + "the list was refreshed"
        case let .notShown(number, view):
            "task \(number) is not among the tasks `\(view)` shows; `list` shows them all"
        case let .noneShown(view):
            "none of these tasks is among the tasks `\(view)` shows; `list` shows them all"
        case let .badDate(.unknownDate(word)):
            "`\(word.abbreviated(to: 30))` is not a date (try today, fri, dec 1, 12-01, 2026-12-01, 3d, eow)"
        case let .badDate(.impossibleDate(word)):
            "there is no date `\(word.abbreviated(to: 30))`"
        case let .badDate(.impossibleTime(word)):
            "`\(word.abbreviated(to: 30))` is not a time of day (try 17:00 or 5pm)"
        case let .badPeriod(word):
            "`\(word.abbreviated(to: 30))` is not a period (try day, weekday, week, 2w, month, year, mon,thu, 3d-after)"
        case let .badTag(word):
            "`\(word.abbreviated(to: 30))` is not a tag change: +name adds a tag, -name removes it (a name starts with a letter)"
        case .onlyAttributes:
            "the task text is empty (only due:, every: and tags were given)"
        case let .textChanged(number, current):
            "task \(number) was edited by another process meanwhile (it now reads “\(current.abbreviated(to: 40))”); "
                + "nothing was changed and the list was refreshed"
        }
    }

    /// `2`, `2 and 3`, `2, 3 and 5`.
    private static func englishList(_ numbers: [Int]) -> String {
        let words = numbers.map(String.init)
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }
}
