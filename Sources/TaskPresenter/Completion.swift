import TaskModel

/// What completes a partly typed line, as whole-line candidates: pure, given a way to read
/// the text of task N under the presenter's numbering (with its attribute words) and the tags in use.
enum Completion {
    /// The words offered after `due:` and `every:`.
    static let dateWords = ["today", "tomorrow", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "eow", "eom", "eoy", "none"]
    static let periodWords = ["day", "weekday", "week", "month", "year", "none"]

    /// The candidates for `input`:
    /// - a partial command word (or nothing): the spellings that start with it, with a space after
    ///   those that take arguments (`f` → `fav `);
    /// - `help ` and a partial word: `help` with each command spelling that starts with it;
    /// - `edit N ` : the line followed by the current text of task N;
    /// - in the text of `add`, `edit` or `find`, a last word `due:…`, `every:…`, `+…` or `@…`: the date
    ///   words, periods or tags in use that start with what is typed;
    /// - anything else: none.
    /// The candidates over `list`, read only when a candidate needs it (the list shown, else the
    /// store's): after `edit N `, task N's text with its attribute words as they read at `moment`;
    /// after `+` and `@`, the tags in use.
    static func candidates(for input: String, in list: @autoclosure () -> TaskList?, at moment: Moment) -> [String] {
        var loaded: TaskList??
        func tasks() -> TaskList? {
            if loaded == nil { loaded = .some(list()) }
            return loaded ?? nil
        }
        return candidates(for: input, taskText: { number in
            guard let tasks = tasks(), number <= tasks.count else { return nil }
            let task = tasks[number - 1]
            return ([AttributeWords.escaped(task.text)] + AttributeWords.words(of: task, at: moment)).joined(separator: " ")
        }, tags: {
            guard let tasks = tasks() else { return [] }
            var seen = Set<String>()
            for index in tasks.indices { seen.formUnion(tasks.tags(at: index)) }
            return Array(seen)
        })
    }

    static func candidates(for input: String, taskText: (Int) -> String?, tags: () -> [String] = { [] }) -> [String] {
        let line = input[...]
        let bytes = line.utf8
        let end = bytes.endIndex
        let wordStart = CommandParser.skip(bytes, from: bytes.startIndex, to: end, whitespace: true)
        let wordEnd = CommandParser.skip(bytes, from: wordStart, to: end, whitespace: false)
        let leading = String(Substring(bytes[..<wordStart]))
        let word = String(Substring(bytes[wordStart..<wordEnd]))
        if wordEnd == end {
            return CommandName.allSpellings
                .filter { $0.spelling.hasPrefix(word) }
                .map { leading + $0.spelling + ($0.name.takesArguments ? " " : "") }
        }
        let argumentStart = CommandParser.skip(bytes, from: wordEnd, to: end, whitespace: true)
        let argumentEnd = CommandParser.skip(bytes, from: argumentStart, to: end, whitespace: false)
        let typedHead = String(Substring(bytes[..<argumentStart]))
        let command = CommandName(spelling: bytes[wordStart..<wordEnd])
        if [.add, .edit, .find].contains(command), let last = input.split(separator: " ", omittingEmptySubsequences: false).last,
           let words = attributeCandidates(for: last, tags: tags) {
            let head = input.dropLast(last.count)
            return words.map { head + $0 }
        }
        switch command {
        case .help? where argumentEnd == end:
            let partial = String(Substring(bytes[argumentStart..<end]))
            return CommandName.allSpellings
                .filter { $0.spelling.hasPrefix(partial) }
                .map { typedHead + $0.spelling }
        case .edit? where argumentStart < argumentEnd && argumentEnd < end:
            guard CommandParser.skip(bytes, from: argumentEnd, to: end, whitespace: true) == end,
                  let range = try? CommandParser.numberRange(bytes[argumentStart..<argumentEnd]),
                  range.lowerBound == range.upperBound,
                  let text = taskText(range.lowerBound)
            else { return [] }
            return [input + text]
        default:
            return []
        }
    }

    /// The words that complete `word` when it is an attribute word being typed; nil when it is not one.
    private static func attributeCandidates(for word: Substring, tags: () -> [String]) -> [String]? {
        let lowered = word.lowercased()
        let (key, offered): (String, [String])
        if lowered.hasPrefix("due:") {
            (key, offered) = ("due:", dateWords)
        } else if lowered.hasPrefix("every:") {
            (key, offered) = ("every:", periodWords)
        } else if word.first == "+" || word.first == "@" {
            return tags().map(AttributeWords.typed(tag:)).filter { $0.hasPrefix(word) && $0 != word }.sorted()
        } else {
            return nil
        }
        let typed = lowered.dropFirst(key.count)
        return offered.filter { $0.hasPrefix(typed) }.map { key + $0 }
    }
}
