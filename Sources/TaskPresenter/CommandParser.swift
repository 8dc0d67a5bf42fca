import TaskInterchange

/// Turns one line of input into a `Command`: pure, and cheap enough for a million-line script
/// (a single scan of the UTF-8 bytes, no regular expressions).
enum CommandParser {
    /// The command on `line`, or nil for a blank line or a `#` comment.
    ///
    /// Surrounding ASCII whitespace is trimmed; a task's text is otherwise kept exactly as typed.
    /// A file name is read as `fileNames` says (`FileNameWord`): typed, or given on the command line.
    static func parse(_ line: Substring, fileNames: FileNameWord.Reading = .typed) throws(ParseError) -> Command? {
        let bytes = line.utf8
        let (start, end) = trimmed(bytes)
        guard start < end else { return nil }
        if bytes[start] == UInt8(ascii: "#") { return nil }
        let wordEnd = skip(bytes, from: start, to: end, whitespace: false)
        let restStart = skip(bytes, from: wordEnd, to: end, whitespace: true)
        let word = bytes[start..<wordEnd]
        guard let name = CommandName(spelling: word) else {
            throw .unknownCommand(suggestion: CommandName.suggestion(for: string(word)))
        }
        let rest = bytes[restStart..<end]
        switch name {
        case .add:
            guard !rest.isEmpty else { throw .emptyTaskText }
            return .add(text: string(rest))
        case .done:
            return .done(try numberList(rest))
        case .fav:
            return .fav(try numberList(rest))
        case .rm:
            return .rm(try numberList(rest))
        case .edit:
            let (number, textStart) = try singleNumber(bytes, from: restStart, to: end, command: "edit")
            guard textStart < end else { throw .emptyNewText }
            return .edit(number: number, text: string(bytes[textStart..<end]))
        case .mv:
            let (number, destinationStart) = try singleNumber(bytes, from: restStart, to: end, command: "mv")
            guard destinationStart < end else { throw .missingDestination }
            let (destination, afterStart) = try singleNumber(bytes, from: destinationStart, to: end, command: "mv")
            guard afterStart == end else { throw .tooManyMoveNumbers }
            return .mv(number: number, destination: destination)
        case .find:
            guard !rest.isEmpty else { throw .emptySearch }
            return .find(text: string(rest))
        case .clear:
            if rest.isEmpty { return .clear(doneOnly: false) }
            guard rest.elementsEqual("done".utf8) else { throw .unexpectedClearArgument(string(rest)) }
            return .clear(doneOnly: true)
        case .export, .import:
            return try fileCommand(name, rest, fileNames: fileNames)
        case .help:
            guard !rest.isEmpty else { return .help(topic: nil) }
            let topicEnd = skip(bytes, from: restStart, to: end, whitespace: false)
            guard topicEnd == end else { throw .tooManyTopics }
            guard let topic = CommandName(spelling: rest) else {
                let word = string(rest)
                throw .unknownTopic(word, suggestion: CommandName.suggestion(for: word))
            }
            return .help(topic: topic)
        case .due, .tag, .every:
            return try FieldCommandParser.parse(name, rest)
        case .share:
            let (role, readOnly) = sharing(rest)
            let name = try roleName(role, command: "share", fileNames: fileNames)
            return .share(role: name, readOnly: readOnly)
        case .sync:
            return .sync(try SyncCommand.parse(string(rest)))
        case .unshare:
            return .unshare(role: try roleName(string(rest), command: "unshare", fileNames: fileNames))
        case .list, .undo, .redo, .quit, .today, .upcoming:
            guard rest.isEmpty else { throw .unexpectedArguments(string(word)) }
            switch name {
            case .list: return .list
            case .undo: return .undo
            case .redo: return .redo
            case .today: return .today
            case .upcoming: return .upcoming
            default: return .quit
            }
        }
    }

    /// `export [--format F] [FILE]` or `import [--format F] [--dry-run] FILE`: options first, then
    /// the file name as the rest of the line (`FileNameWord`).
    private static func fileCommand(_ name: CommandName, _ rest: Substring.UTF8View,
                                    fileNames: FileNameWord.Reading) throws(ParseError) -> Command {
        var format: InterchangeFormat?
        var dryRun = false
        var index = rest.startIndex
        while index < rest.endIndex, rest[index] == UInt8(ascii: "-"), rest.index(after: index) < rest.endIndex {
            let wordEnd = skip(rest, from: index, to: rest.endIndex, whitespace: false)
            let word = string(rest[index..<wordEnd])
            var next = skip(rest, from: wordEnd, to: rest.endIndex, whitespace: true)
            if word == "--dry-run", name == .import {
                dryRun = true
            } else if word == "--format" || word.hasPrefix("--format=") {
                var value = String(word.dropFirst("--format=".count))
                if word == "--format" {
                    guard next < rest.endIndex else { throw .missingFormat }
                    let valueEnd = skip(rest, from: next, to: rest.endIndex, whitespace: false)
                    value = string(rest[next..<valueEnd])
                    next = skip(rest, from: valueEnd, to: rest.endIndex, whitespace: true)
                }
                // A format by its name, or by its files' extension (`md`, `txt`), as a file name says it.
                guard let named = InterchangeFormat(rawValue: value) ?? InterchangeFormat(fileName: "." + value) else {
                    throw .unknownFormat(value)
                }
                format = named
            } else if word == "--" {
                index = next
                break
            } else {
                throw .unknownOption(command: name.spellings[0], word)
            }
            index = next
        }
        let file = index < rest.endIndex ? try FileNameWord.read(string(rest[index...]), as: fileNames) : nil
        if name == .export { return .export(format: format, file: file) }
        guard let file else { throw .missingFile }
        return .import(format: format, dryRun: dryRun, file: file)
    }

    /// `share ROLE [--read-only]`: the role is the rest of the line (a role's name may hold spaces),
    /// without `--read-only` as its first or last word.
    private static func sharing(_ rest: Substring.UTF8View) -> (role: String, readOnly: Bool) {
        let option = "--read-only".utf8
        let firstEnd = skip(rest, from: rest.startIndex, to: rest.endIndex, whitespace: false)
        if rest[rest.startIndex..<firstEnd].elementsEqual(option) {
            return (string(rest[skip(rest, from: firstEnd, to: rest.endIndex, whitespace: true)...]), true)
        }
        var lastStart = rest.endIndex
        while lastStart > rest.startIndex, !isWhitespace(rest[rest.index(before: lastStart)]) {
            rest.formIndex(before: &lastStart)
        }
        guard rest[lastStart...].elementsEqual(option) else { return (string(rest), false) }
        let (start, end) = trimmed(rest[..<lastStart])
        return (string(rest[start..<end]), true)
    }

    /// The role `text` names: typed, a name in quotes (`"team lead"`) is the name without them, as in
    /// a shell; a first or last word that is an option other than `--read-only` is refused.
    private static func roleName(_ text: String, command: String, fileNames: FileNameWord.Reading) throws(ParseError)
        -> String {
        let words = text.split(separator: " ")
        if let option = [words.first, words.last].compactMap({ $0 }).first(where: { $0.hasPrefix("--") }) {
            throw .unknownOption(command: command, String(option))
        }
        var name = text
        if fileNames == .typed, name.count >= 2, let quote = name.first, quote == "\"" || quote == "'", name.last == quote {
            name = String(name.dropFirst().dropLast())
        }
        guard !name.isEmpty else { throw .missingRole(command: command) }
        return name
    }

    /// One task number starting at `start` (not a range), for `command`; returns it and where the
    /// next word starts (or `end`).
    private static func singleNumber(
        _ bytes: Substring.UTF8View, from start: Substring.UTF8View.Index, to end: Substring.UTF8View.Index,
        command: String
    ) throws(ParseError) -> (Int, Substring.UTF8View.Index) {
        guard start < end else { throw .missingNumber }
        let tokenEnd = skip(bytes, from: start, to: end, whitespace: false)
        let token = bytes[start..<tokenEnd]
        let range = try numberRange(token)
        guard range.lowerBound == range.upperBound else { throw .notSingleNumber(command: command, string(token)) }
        return (range.lowerBound, skip(bytes, from: tokenEnd, to: end, whitespace: true))
    }

    /// Whether `byte` separates words: ASCII space, tab, line feed, vertical tab, form feed, carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// The bounds of `bytes` without leading and trailing whitespace.
    static func trimmed(_ bytes: Substring.UTF8View) -> (Substring.UTF8View.Index, Substring.UTF8View.Index) {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isWhitespace(bytes[start]) { bytes.formIndex(after: &start) }
        while start < end {
            let last = bytes.index(before: end)
            guard isWhitespace(bytes[last]) else { break }
            end = last
        }
        return (start, end)
    }

    /// The first index from `index` on that is (or, with `whitespace`, is not) whitespace, or `end`.
    static func skip(
        _ bytes: Substring.UTF8View, from index: Substring.UTF8View.Index, to end: Substring.UTF8View.Index,
        whitespace: Bool
    ) -> Substring.UTF8View.Index {
        var index = index
        while index < end, isWhitespace(bytes[index]) == whitespace { bytes.formIndex(after: &index) }
        return index
    }

    /// The text of some bytes of a line, exactly as typed.
    static func string(_ bytes: Substring.UTF8View) -> String {
        String(Substring(bytes))
    }

    /// The numbers and ranges of `done`, `fav` and `rm`, separated by whitespace; at least one.
    static func numberList(_ bytes: Substring.UTF8View) throws(ParseError) -> NumberList {
        var ranges: [ClosedRange<Int>] = []
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let tokenEnd = skip(bytes, from: index, to: end, whitespace: false)
            ranges.append(try numberRange(bytes[index..<tokenEnd]))
            index = skip(bytes, from: tokenEnd, to: end, whitespace: true)
        }
        guard !ranges.isEmpty else { throw .missingNumber }
        return NumberList(ranges)
    }

    /// One token: `N` (the range N...N) or `N-M` with N ≤ M, in ASCII decimal digits, each at least 1.
    static func numberRange(_ token: Substring.UTF8View) throws(ParseError) -> ClosedRange<Int> {
        guard let first = token.first else { throw .missingNumber }
        if first == UInt8(ascii: "-") {
            let digits = token.dropFirst()
            let isNegativeNumber = !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            throw isNegativeNumber ? .belowOne(string(token)) : .notANumber(string(token))
        }
        let dash = token.firstIndex(of: UInt8(ascii: "-"))
        guard let dash else {
            let value = try number(token, in: token)
            return value...value
        }
        let lower = try number(token[token.startIndex..<dash], in: token)
        let upper = try number(token[token.index(after: dash)...], in: token)
        guard lower <= upper else { throw .backwardsRange(string(token), lower: lower, upper: upper) }
        return lower...upper
    }

    /// A number of ASCII decimal digits, at least 1; errors name the whole `token`.
    static func number(_ digits: Substring.UTF8View, in token: Substring.UTF8View) throws(ParseError) -> Int {
        guard !digits.isEmpty else { throw .notANumber(string(token)) }
        var value = 0
        var overflowed = false
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39 else { throw .notANumber(string(token)) }
            if overflowed { continue }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(byte - 0x30))
            overflowed = o1 || o2
            value = sum
        }
        if overflowed { throw .tooLarge(string(token)) }
        guard value >= 1 else { throw .belowOne(string(token)) }
        return value
    }
}
