/// A command of the `tasks` language, whatever spelling the user chose (`list` or `ls`, `quit` or `exit`).
enum CommandName: CaseIterable, Sendable, Hashable {
    case add, done, fav, edit, mv, rm, due, tag, every, clear, find, today, upcoming, list, undo, redo, export, `import`,
         sync, share, unshare, help, quit

    /// The spellings the command answers to, the main one first.
    var spellings: [String] {
        switch self {
        case .add: ["add"]
        case .done: ["done"]
        case .fav: ["fav"]
        case .edit: ["edit"]
        case .mv: ["mv"]
        case .rm: ["rm"]
        case .due: ["due"]
        case .tag: ["tag"]
        case .every: ["every"]
        case .today: ["today"]
        case .upcoming: ["upcoming"]
        case .clear: ["clear"]
        case .find: ["find"]
        case .list: ["list", "ls"]
        case .undo: ["undo"]
        case .redo: ["redo"]
        case .export: ["export"]
        case .import: ["import"]
        case .sync: ["sync"]
        case .share: ["share"]
        case .unshare: ["unshare"]
        case .help: ["help"]
        case .quit: ["quit", "exit"]
        }
    }

    /// Whether the command takes arguments (completion then adds a space after its name).
    var takesArguments: Bool {
        switch self {
        case .add, .done, .fav, .edit, .mv, .rm, .find, .export, .import, .help, .due, .tag, .every, .share,
             .unshare, .sync: true
        case .clear, .list, .undo, .redo, .quit, .today, .upcoming: false
        }
    }

    /// Every spelling of every command, in the order of the help text.
    static let allSpellings: [(spelling: String, name: CommandName)] =
        allCases.flatMap { name in name.spellings.map { (spelling: $0, name: name) } }

    /// The command spelled exactly `word` (case-sensitive), if any.
    init?(spelling word: Substring.UTF8View) {
        for (spelling, name) in Self.allSpellings where spelling.utf8.elementsEqual(word) {
            self = name
            return
        }
        return nil
    }

    /// Other words people type for a command, used only to suggest it.
    private static let synonyms: [String: String] = [
        "remove": "rm", "delete": "rm", "del": "rm", "favorite": "fav", "favourite": "fav",
        "star": "fav", "new": "add", "create": "add", "change": "edit", "rename": "edit",
        "check": "done", "complete": "done", "finish": "done", "tick": "done",
        "move": "mv", "search": "find", "grep": "find", "filter": "find",
        "deadline": "due", "date": "due", "label": "tag", "tags": "tag", "repeat": "every", "recur": "every",
        "agenda": "today", "next": "upcoming", "soon": "upcoming",
        "q": "quit", "?": "help", "h": "help",
        "save": "export", "dump": "export", "load": "import", "restore": "import",
        "grant": "share", "invite": "share", "revoke": "unshare",
        "caldav": "sync", "pair": "sync", "unpair": "sync",
    ]

    /// The length of the longest spelling or synonym.
    private static let longestSuggestible = (allSpellings.map(\.spelling) + synonyms.keys).map(\.count).max() ?? 0

    /// The spelling to suggest for a word that is not a command: a synonym, the same word in another
    /// case, a close misspelling (at most two edits away) or a prefix of one command; nil when none is close.
    static func suggestion(for word: String) -> String? {
        // A word longer than every spelling and synonym by more than two edits is close to none;
        // measuring a pasted megabyte against each of them would take seconds.
        guard word.dropFirst(longestSuggestible + 2).isEmpty else { return nil }
        let lowered = word.lowercased()
        if let synonym = synonyms[lowered] { return synonym }
        let candidates = allSpellings.map(\.spelling)
        let typed = Array(lowered)
        let limit = min(2, max(typed.count - 1, 0))
        var best: (spelling: String, distance: Int)?
        for candidate in candidates {
            let distance = EditDistance.between(typed, Array(candidate))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.spelling }
        if typed.count >= 2 {
            let prefixed = candidates.filter { $0.hasPrefix(lowered) }
            if prefixed.count == 1 { return prefixed[0] }
        }
        return nil
    }
}
