import Foundation

/// Reads `due N… DATE`, `tag N… +a -b` and `every N… PERIOD`: task numbers and ranges, then the
/// value. Where the numbers end is read from the value's shape: a tag word starts with a sign, a
/// period with a letter or a count and unit, and a date (`12-15` looks like a range) is the longest
/// run of one to three words at the end that reads as one.
enum FieldCommandParser {
    static func parse(_ name: CommandName, _ rest: Substring.UTF8View) throws(ParseError) -> Command {
        // Any ASCII whitespace separates the numbers, as it does for `fav` and `rm`.
        let words = Substring(rest).utf8.split(whereSeparator: CommandParser.isWhitespace).map { Substring($0) }
        let start = valueStart(name, words)
        guard start > 0 else { throw words.isEmpty ? .missingNumber : .missingNumberBefore(String(words[0])) }
        let numbers = try CommandParser.numberList(words[..<start].joined(separator: " ")[...].utf8)
        let value = words[start...]
        guard !value.isEmpty else { throw .missingValue(command: name.spellings[0]) }
        switch name {
        case .due: return .due(numbers, date: value.joined(separator: " "))
        case .tag: return .tag(numbers, words: value.map(String.init))
        default:
            guard value.count == 1 else { throw .unexpectedArguments("every") }
            return .every(numbers, period: String(value[value.startIndex]))
        }
    }

    /// Where the value starts among `words` (their count when all are numbers).
    private static func valueStart(_ name: CommandName, _ words: [Substring]) -> Int {
        let firstOther = words.firstIndex { !isNumberLike($0) } ?? words.count
        guard name == .due, words.count > 1 else { return firstOther }
        let syntax = DueWords(now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC") ?? .current)
        for length in stride(from: min(3, words.count - 1), through: 1, by: -1) {
            let start = words.count - length
            guard words[..<start].allSatisfy(isNumberLike) else { continue }
            if words[start].lowercased() == "none", length == 1 { return start }
            do {
                if try syntax.read(words[start...]).count == length { return start }
            } catch .unknownDate {
                continue
            } catch {
                return start // a date's shape with an impossible day or time: the date says so
            }
        }
        return firstOther == words.count ? words.count - 1 : firstOther
    }

    private static func isNumberLike(_ word: Substring) -> Bool {
        word.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
    }
}
