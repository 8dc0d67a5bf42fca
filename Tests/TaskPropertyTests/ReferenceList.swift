import TaskPresenter

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

    /// What the prompt shows until `list`: a search, or the `today` or `upcoming` view.
    private(set) var filter: ReferenceView?

    /// The tasks shown, with their numbers: all of them, or those `filter` shows, in its order.
    var shown: [(number: Int, task: ReferenceTask)] {
        let numbered = tasks.enumerated().map { (number: $0.offset + 1, task: $0.element) }
        return filter?.shown(numbered) ?? numbered
    }

    /// The rows the presenter should show.
    var shownRows: [TaskRow] { shown.map { $0.task.row($0.number) } }

    /// Forgets the search, as a new process would.
    mutating func forgetFilter() { filter = nil }

    /// How many changes `undo` can revert.
    var undoDepth: Int { undoStack.count }
    /// How many undone changes `redo` can re-apply.
    var redoDepth: Int { redoStack.count }

    /// Runs one line of input and says whether it succeeded; a failed line changes nothing.
    /// In a script, `find` only prints: it sets no search.
    mutating func run(_ line: String, inScript: Bool = false) -> Outcome {
        // A script's numbers are the whole list's: the prompt's search applies to its lines only.
        let search = filter
        if inScript { filter = nil }
        defer { if inScript { filter = search } }
        let bytes = Self.trimmed(Array(line.utf8))
        guard let first = bytes.first, first != UInt8(ascii: "#") else { return .succeeded }
        let wordEnd = bytes.firstIndex(where: Self.isWhitespace) ?? bytes.endIndex
        let word = String(decoding: bytes[..<wordEnd], as: UTF8.self)
        let rest = Array(bytes[wordEnd...].drop(while: Self.isWhitespace))
        switch word {
        case "add": return add(rest)
        case "done": return done(rest)
        case "fav": return fav(rest)
        case "rm": return rm(rest)
        case "edit": return edit(rest)
        case "mv": return mv(rest)
        case "clear" where rest.isEmpty: return clear()
        case "clear": return rest.elementsEqual("done".utf8) ? clearDone() : .failed
        case "due", "tag", "every":
            guard let (numbers, update) = ReferenceWords.fieldCommand(word, Self.words(rest)) else { return .failed }
            return change(numbers, update)
        case "find":
            guard !rest.isEmpty else { return .failed }
            if !inScript { filter = .find(String(decoding: rest, as: UTF8.self)) }
            return .succeeded
        case "today", "upcoming":
            guard rest.isEmpty else { return .failed }
            if !inScript { filter = word == "today" ? .today : .upcoming }
            return .succeeded
        case "undo": return rest.isEmpty ? undo() : .failed
        case "redo": return rest.isEmpty ? redo() : .failed
        case "list", "ls":
            guard rest.isEmpty else { return .failed }
            if !inScript { filter = nil }
            return .succeeded
        case "quit", "exit": return rest.isEmpty ? .quit : .failed
        case "help": return help(rest)
        default: return .failed
        }
    }

    // MARK: Commands

    private mutating func add(_ text: [UInt8]) -> Outcome {
        guard !text.isEmpty, let (plain, attributes) = ReferenceWords.text(String(decoding: text, as: UTF8.self)),
              let plain else { return .failed }
        var task = ReferenceTask(text: plain)
        Self.apply(attributes, to: &task)
        recordStep()
        tasks.append(task)
        return .succeeded
    }

    private mutating func fav(_ arguments: [UInt8]) -> Outcome {
        guard let indices = indices(arguments) else { return .failed }
        recordStep()
        for index in Set(indices) { tasks[index].isFavorite.toggle() }
        return .succeeded
    }

    /// A recurring task checked off stays done, stops recurring, and is followed by the next one.
    private mutating func done(_ arguments: [UInt8]) -> Outcome {
        guard let indices = indices(arguments) else { return .failed }
        recordStep()
        for index in Set(indices).sorted(by: >) {
            tasks[index].isDone.toggle()
            guard tasks[index].isDone, let recurrence = tasks[index].recurrence else { continue }
            var next = tasks[index]
            next.isDone = false
            next.due = recurrence.next(after: tasks[index].due)
            tasks[index].recurrence = nil
            tasks.insert(next, at: index + 1)
        }
        return .succeeded
    }

    /// Changes each task `numbers` name, as one step when any of them changes.
    private mutating func change(_ numbers: some Collection<String>, _ update: (inout ReferenceTask) -> Void) -> Outcome {
        guard let indices = indices(Array(numbers.joined(separator: " ").utf8)) else { return .failed }
        var changed = tasks
        for index in Set(indices) { update(&changed[index]) }
        if changed != tasks {
            recordStep()
            tasks = changed
        }
        return .succeeded
    }

    private mutating func mv(_ arguments: [UInt8]) -> Outcome {
        let tokens = arguments.split(whereSeparator: Self.isWhitespace)
        guard tokens.count == 2, let from = Self.range(tokens[0]), let to = Self.range(tokens[1]),
              from.count == 1, to.count == 1, from.upperBound <= tasks.count, to.upperBound <= tasks.count,
              shownIndices.contains(from.lowerBound - 1)
        else { return .failed }
        guard from != to else { return .succeeded }
        recordStep()
        tasks.insert(tasks.remove(at: from.lowerBound - 1), at: to.lowerBound - 1)
        return .succeeded
    }

    private mutating func clearDone() -> Outcome {
        guard tasks.contains(where: \.isDone) else { return .succeeded }
        recordStep()
        tasks.removeAll(where: \.isDone)
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
              range.lowerBound <= tasks.count, shownIndices.contains(range.lowerBound - 1) else { return .failed }
        let index = range.lowerBound - 1
        guard let (plain, attributes) = ReferenceWords.text(String(decoding: text, as: UTF8.self)) else { return .failed }
        var task = tasks[index]
        if let plain { task.text = plain }
        Self.apply(attributes, to: &task)
        guard task != tasks[index] else { return .succeeded }
        recordStep()
        tasks[index] = task
        return .succeeded
    }

    /// Sets what the attribute words of an `add` or `edit` text name; their tags replace the task's.
    private static func apply(_ attributes: ReferenceWords.Attributes, to task: inout ReferenceTask) {
        if let due = attributes.due { task.due = due }
        if let recurrence = attributes.recurrence { task.recurrence = recurrence }
        if let tags = attributes.tags { task.tags = tags }
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
        let commands = ["add", "done", "fav", "rm", "edit", "mv", "clear", "find", "list", "ls", "undo", "redo", "help",
                        "quit", "exit", "due", "tag", "every", "today", "upcoming"]
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
        let shown = shownIndices
        // Under a search, a number names only a task shown; a range takes those shown in it.
        if ranges.contains(where: { $0.count == 1 && !shown.contains($0.lowerBound - 1) }) { return nil }
        let indices = ranges.flatMap { $0.map { $0 - 1 } }.filter(shown.contains)
        return indices.isEmpty ? nil : indices
    }

    /// The positions of the tasks shown: all of them, or those a search in effect matches.
    private var shownIndices: Set<Int> { Set(shown.map { $0.number - 1 }) }

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

    /// The words of the arguments, split at whitespace.
    private static func words(_ arguments: [UInt8]) -> [String] {
        arguments.split(whereSeparator: isWhitespace).map { String(decoding: $0, as: UTF8.self) }
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
