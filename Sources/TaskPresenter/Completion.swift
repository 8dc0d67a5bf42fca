/// What completes a partly typed line, as whole-line candidates: pure, given a way to read
/// the text of task N under the presenter's numbering.
enum Completion {
    /// The candidates for `input`:
    /// - a partial command word (or nothing): the spellings that start with it, with a space after
    ///   those that take arguments (`f` → `fav `);
    /// - `help ` and a partial word: `help` with each command spelling that starts with it;
    /// - `edit N ` : the line followed by the current text of task N;
    /// - anything else: none.
    static func candidates(for input: String, taskText: (Int) -> String?) -> [String] {
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
        switch CommandName(spelling: bytes[wordStart..<wordEnd]) {
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
}
