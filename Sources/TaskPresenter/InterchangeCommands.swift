import Foundation
import TaskInterchange
import TaskModel

/// `export` and `import`: the list to a file and tasks from one, through the presenter's own file
/// port (`InterchangeFiles`), in the store's transaction of the command or script.
final class InterchangeCommands {
    private let files: any InterchangeFiles
    /// Whether a script is being read from standard input (which `import -` then cannot read).
    private var isReadingScript = false

    init(files: any InterchangeFiles) {
        self.files = files
    }

    /// Runs `body` while a script is read from standard input.
    func whileReadingScript<T>(_ body: () throws -> T) rethrows -> T {
        isReadingScript = true
        defer { isReadingScript = false }
        return try body()
    }

    /// `export`: the list as it stands in `store`, written to the files; the message to show
    /// (none when the bytes went to standard output, where they are the output).
    func export(format: InterchangeFormat?, file: String?, from store: any TaskReading) throws -> [Message] {
        try export(format: format, file: file, tasks: try store.allTasks())
    }

    /// `export` of `tasks`; `shownBefore` when they are the list a prompt held after its store's
    /// file went (`StoreError.fileGone`), which the message then says.
    func export(format: InterchangeFormat?, file: String?, tasks: TaskList, shownBefore gone: StoreError? = nil) throws
        -> [Message] {
        // `-` is standard output, as it is standard input to `import` (it made a file named `-`).
        let file = file == "-" ? nil : file
        guard let format = format ?? (file.map(InterchangeFormat.init(fileName:)) ?? .todotxt) else {
            throw InterchangeCommandError.unknownExtension(file ?? "")
        }
        let bytes = Interchange.export(tasks, as: format)
        if let failure = files.write(exported: bytes, to: file) {
            throw InterchangeCommandError.cannotWrite(file ?? "standard output", failure.reason)
        }
        let notice = gone.map { Message.error($0.heldListNotice) }
        guard let file else { return notice.map { [$0] } ?? [] }
        let count = tasks.count == 1 ? "1 task" : "\(tasks.count) tasks"
        return [.info("Exported \(count) to \(file) (\(Self.formatName(format)))")] + (notice.map { [$0] } ?? [])
    }

    /// `import`: the file read from the files, its tasks imported into `store` as one step (or,
    /// with `dryRun`, only told), `now` standing for the times the file does not give; returns the
    /// messages to show. `list` is brought up to date.
    func importTasks(format: InterchangeFormat?, dryRun: Bool, file: String, now: Date, on list: inout TaskList?,
                     in store: any TaskWriting) throws -> [Message] {
        if file == "-", isReadingScript { throw InterchangeCommandError.standardInputIsTheScript }
        let bytes: [UInt8]
        switch files.read(fileAt: file == "-" ? nil : file) {
        case let .success(read): bytes = read
        case let .failure(failure): throw InterchangeCommandError.cannotRead(file, failure.reason)
        }
        // The name's extension says the format where it names one; the content is guessed only without.
        let format = format ?? (file == "-" ? nil : InterchangeFormat(fileName: file)) ?? InterchangeFormat.sniff(bytes)
        let parsed: ParsedFile
        do {
            parsed = try Interchange.parse(bytes, as: format, now: now)
        } catch {
            throw InterchangeCommandError.malformed(file, format, error)
        }
        let tasks = Interchange.pinningSeries(try Self.reconciled(parsed, now: now, in: store), timeZone: .current)
        let outcome: ImportOutcome
        if dryRun {
            outcome = try Self.dryRun(tasks, at: now, in: store)
        } else {
            outcome = try store.importTasks(tasks, at: now)
            if list != nil { list = try store.allTasks() }
        }
        return ImportReport(file: file, format: format, parsed: parsed, tasks: tasks, outcome: outcome, dryRun: dryRun)
            .messages
    }

    /// The parsed tasks with the stored times kept where the file says the same less precisely, and
    /// each task the file gives without an identity given that of a stored task it reads the same as
    /// (`ContentMatch`), keeping the stored times the file does not give (read as `now`).
    private static func reconciled(_ parsed: ParsedFile, now: Date, in store: any TaskWriting) throws -> [TaskImport] {
        guard try store.count() > 0 else { return parsed.tasks }
        let stored = try store.allTasks()
        var byID: [TaskItem.ID: Int] = [:]
        for index in stored.indices { byID[stored.id(at: index)] = index }
        var named = Set<TaskItem.ID>()
        var hasUnnamed = false
        for task in parsed.tasks {
            if let id = task.id { named.insert(id) } else { hasUnnamed = true }
        }
        var match = hasUnnamed ? ContentMatch(stored, excluding: named) : nil
        // Tasks that read the same first, then, for the rest, tasks of the same text changed here since.
        var found = parsed.tasks.map { $0.id == nil ? match?.take($0) : nil }
        for index in parsed.tasks.indices where parsed.tasks[index].id == nil && found[index] == nil {
            found[index] = match?.takeByText(parsed.tasks[index])
        }
        return zip(parsed.tasks, found).map { task, storedIndex in
            if let id = task.id {
                guard let index = byID[id] else { return task }
                return Interchange.reconcile(task, with: stored[index], precision: parsed.precision)
            }
            guard let storedIndex else { return task }
            let existing = stored[storedIndex]
            var matched = task
            matched.id = existing.id
            if matched.createdAt == now { matched.createdAt = existing.createdAt }
            if matched.doneAt == now { matched.doneAt = existing.doneAt }
            return Interchange.reconcile(matched, with: existing, precision: parsed.precision)
        }
    }

    /// What importing `tasks` would do, found by importing them in a savepoint that is rolled back.
    private static func dryRun(_ tasks: [TaskImport], at now: Date, in store: any TaskWriting) throws -> ImportOutcome {
        struct RolledBack: Error { var outcome: ImportOutcome }
        do {
            try store.savepoint { () throws -> Void in throw RolledBack(outcome: try store.importTasks(tasks, at: now)) }
        } catch let rolledBack as RolledBack {
            return rolledBack.outcome
        }
        return ImportOutcome(effects: [])
    }

    /// How a format is named in messages.
    static func formatName(_ format: InterchangeFormat) -> String {
        switch format {
        case .todotxt: "todo.txt"
        case .json: "Taskwarrior JSON"
        case .markdown: "Markdown"
        case .ics: "iCalendar"
        }
    }
}
