/// The simplest model of the `tasks` contract that could work: an array of tasks and undo/redo
/// stacks of whole-list snapshots, with its own small parser of command lines.
///
/// It shares no code with the presenter or the store, so agreeing with them means something.
struct ReferenceList {
    /// What a line came to, as `TaskPresenter.handle(line:)` should report it.
    enum Outcome: Equatable {
        case succeeded, failed, quit
    }

    /// The list as it stands.
    private(set) var tasks: [ReferenceTask] = []
    /// The list before each change that can be undone, the latest last.
    private var undoStack: [[ReferenceTask]] = []
    /// The list before each undo that can be redone, the latest last.
    private var redoStack: [[ReferenceTask]] = []

    /// How many changes `undo` can revert.
    var undoDepth: Int { undoStack.count }
    /// How many undone changes `redo` can re-apply.
    var redoDepth: Int { redoStack.count }

    /// Runs one line of input and says whether it succeeded; a failed line changes nothing.
    mutating func run(_ line: String) -> Outcome {
        let bytes = Self.trimmed(Array(line.utf8))
        guard let first = bytes.first, first != UInt8(ascii: "#") else { return .succeeded }
        let wordEnd = bytes.firstIndex(where: Self.isWhitespace) ?? bytes.endIndex
        let word = String(decoding: bytes[..<wordEnd], as: UTF8.self)
        let rest = Array(bytes[wordEnd...].drop(while: Self.isWhitespace))
        switch word {
        case "add": return add(rest)
        case "fav": return fav(rest)
        case "rm": return rm(rest)
        case "edit": return edit(rest)
        case "clear": return rest.isEmpty ? clear() : .failed
        case "undo": return rest.isEmpty ? undo() : .failed
        case "redo": return rest.isEmpty ? redo() : .failed
        case "list", "ls": return rest.isEmpty ? .succeeded : .failed
        case "quit", "exit": return rest.isEmpty ? .quit : .failed
        case "help": return help(rest)
        default: return .failed
        }
    }

    // MARK: Commands

    private mutating func add(_ text: [UInt8]) -> Outcome {
        guard !text.isEmpty else { return .failed }
        recordStep()
        tasks.append(ReferenceTask(text: String(decoding: text, as: UTF8.self), isFavorite: false))
        return .succeeded
    }

    private mutating func fav(_ arguments: [UInt8]) -> Outcome {
        guard let indices = indices(arguments) else { return .failed }
        recordStep()
        for index in Set(indices) { tasks[index].isFavorite.toggle() }
        return .succeeded
    }

    private mutating func rm(_ arguments: [UInt8]) -> Outcome {
        guard let indices = indices(arguments) else { return .failed }
        recordStep()
        let removed = Set(indices)
        tasks = tasks.indices.filter { !removed.contains($0) }.map { tasks[$0] }
        return .succeeded
    }

    private mutating func edit(_ arguments: [UInt8]) -> Outcome {
        let tokenEnd = arguments.firstIndex(where: Self.isWhitespace) ?? arguments.endIndex
        let text = Array(arguments[tokenEnd...].drop(while: Self.isWhitespace))
        guard let range = Self.range(arguments[..<tokenEnd]), range.count == 1, !text.isEmpty,
              range.lowerBound <= tasks.count else { return .failed }
        let index = range.lowerBound - 1
        guard !tasks[index].text.utf8.elementsEqual(text) else { return .succeeded }
        recordStep()
        tasks[index].text = String(decoding: text, as: UTF8.self)
        return .succeeded
    }

    private mutating func clear() -> Outcome {
        guard !tasks.isEmpty else { return .succeeded }
        recordStep()
        tasks = []
        return .succeeded
    }

    private mutating func undo() -> Outcome {
        guard let previous = undoStack.popLast() else { return .failed }
        redoStack.append(tasks)
        tasks = previous
        return .succeeded
    }

    private mutating func redo() -> Outcome {
        guard let next = redoStack.popLast() else { return .failed }
        undoStack.append(tasks)
        tasks = next
        return .succeeded
    }

    private func help(_ arguments: [UInt8]) -> Outcome {
        let topic = String(decoding: arguments, as: UTF8.self)
        let commands = ["add", "fav", "rm", "edit", "clear", "list", "ls", "undo", "redo", "help", "quit", "exit"]
        return arguments.isEmpty || commands.contains(topic) ? .succeeded : .failed
    }

    /// A new change: remember the list for undo, and forget what could be redone.
    private mutating func recordStep() {
        undoStack.append(tasks)
        redoStack = []
    }

    // MARK: Numbers

    /// The list positions named by the numbers and ranges of `fav` or `rm`, or nil when any is invalid
    /// or beyond the list (checked before expanding, so `1-99999999` costs nothing).
    private func indices(_ arguments: [UInt8]) -> [Int]? {
        let tokens = arguments.split(whereSeparator: Self.isWhitespace)
        guard !tokens.isEmpty else { return nil }
        var ranges: [ClosedRange<Int>] = []
        for token in tokens {
            guard let range = Self.range(token), range.upperBound <= tasks.count else { return nil }
            ranges.append(range)
        }
        return ranges.flatMap { $0.map { $0 - 1 } }
    }

    /// `N` or `N-M` in ASCII digits, 1 ≤ N ≤ M.
    private static func range(_ token: ArraySlice<UInt8>) -> ClosedRange<Int>? {
        let parts = token.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count <= 2, let lower = number(parts[0]), let upper = number(parts[parts.count - 1]),
              lower <= upper else { return nil }
        return lower...upper
    }

    /// A positive number in ASCII digits that fits an `Int`.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(String(decoding: digits, as: UTF8.self)), value >= 1 else { return nil }
        return value
    }

    // MARK: Whitespace

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        guard let start = bytes.firstIndex(where: { !isWhitespace($0) }),
              let end = bytes.lastIndex(where: { !isWhitespace($0) }) else { return [] }
        return bytes[start...end]
    }
}
