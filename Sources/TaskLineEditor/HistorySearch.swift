/// Ctrl-R: the history searched newest first for the entries containing what is typed, each key
/// narrowing the search, Ctrl-R again going on to older matches, Backspace undoing the latest key.
struct HistorySearch {
    /// The entries searched, oldest first.
    let entries: [String]
    /// The line as it was before the search began, and its cursor, for Ctrl-G to give back.
    let original: (line: String, cursor: Int)
    /// What is searched for.
    private(set) var pattern = ""
    /// The entry found, by index into `entries`.
    private(set) var matchIndex: Int?
    /// Whether the latest search found nothing (the previous match stays shown).
    private(set) var failed = false
    /// The states before each key, for Backspace to go back to.
    private var earlier: [(pattern: String, matchIndex: Int?, failed: Bool)] = []

    init(entries: [String], original: (line: String, cursor: Int)) {
        self.entries = entries
        self.original = original
    }

    /// The prompt shown while searching.
    var prompt: String {
        let shown = pattern.isEmpty ? "" : " for “\(pattern)”"
        return "search history\(shown)\(failed ? " (not found)" : ""): "
    }

    /// The line to show: the entry found, else the line as it was.
    var line: String { matchIndex.map { entries[$0] } ?? original.line }

    /// Where the cursor goes in `line` (in scalars): at the start of what was found in it.
    var cursor: Int {
        guard let matchIndex, !pattern.isEmpty, let range = entries[matchIndex].firstRange(of: pattern) else {
            return matchIndex == nil ? original.cursor : line.unicodeScalars.count
        }
        return entries[matchIndex].unicodeScalars[..<range.lowerBound].count
    }

    /// `character` typed: searched for with the pattern, from the entry found on.
    mutating func type(_ character: Unicode.Scalar) {
        remember()
        pattern.unicodeScalars.append(character)
        find(from: matchIndex ?? entries.count - 1)
    }

    /// Backspace: back to the search as it was before the latest key (a character or Ctrl-R).
    mutating func deleteBackward() {
        guard let last = earlier.popLast() else { return }
        (pattern, matchIndex, failed) = last
    }

    /// Ctrl-R again: the next older entry that matches.
    mutating func findOlder() {
        guard !pattern.isEmpty else { return }
        remember()
        find(from: (matchIndex ?? entries.count) - 1)
    }

    private mutating func remember() {
        earlier.append((pattern, matchIndex, failed))
    }

    /// Finds the newest entry at or before `index` holding the pattern; keeps the match found so
    /// far when there is none.
    private mutating func find(from index: Int) {
        var candidate = min(index, entries.count - 1)
        while candidate >= 0 {
            if entries[candidate].contains(pattern) {
                matchIndex = candidate
                failed = false
                return
            }
            candidate -= 1
        }
        failed = true
    }
}
