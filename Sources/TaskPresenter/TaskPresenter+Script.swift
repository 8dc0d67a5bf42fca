import TaskModel

extension TaskPresenter {
    /// Runs a script's lines as one unit: atomic (stop at the first failing line, change nothing)
    /// or, with `keepGoing`, skipping failing lines. Errors are reported as `line N: …`; `find`
    /// prints the rows that match when its line is reached. Does not show the list; call
    /// `showList()` afterwards when wanted.
    public func runScript<Lines: Sequence>(_ lines: Lines, keepGoing: Bool) -> ScriptResult
    where Lines.Element: StringProtocol {
        var failedLines = 0
        var infos: [Message] = []
        isRunningScript = true
        defer { isRunningScript = false }
        let finished: (list: TaskList, version: Int)
        do {
            finished = try storage.write { store -> (list: TaskList, version: Int) in
                var list: TaskList? = try store.allTasks()
                var lineNumber = 0
                script: for element in lines {
                    lineNumber += 1
                    let line = Self.substring(element)
                    do {
                        guard let command = try CommandParser.parse(line) else { continue }
                        switch command {
                        case .quit:
                            break script
                        case .list:
                            continue
                        case let .find(text):
                            displayList(list ?? [], filter: TaskFilter(query: text))
                        case let .help(topic):
                            view?.display(help: topic.map(HelpText.detail(for:)) ?? HelpText.overview)
                        case .add, .done, .fav, .rm, .edit, .mv, .clear, .undo, .redo, .export, .import:
                            infos += try perform(command, on: &list, in: store).messages
                        }
                    } catch {
                        let failure = CommandFailure(line: line, reason: Self.describe(error), lineNumber: lineNumber)
                        view?.display(message: .error(failure.description))
                        failedLines += 1
                        if !keepGoing || !Self.isSkippable(error) { throw ScriptStopped() }
                    }
                }
                return (list ?? [], try store.externalVersion())
            }
        } catch is ScriptStopped {
            return ScriptResult(failedLines: failedLines, committed: false)
        } catch {
            view?.display(message: .error(Self.describe(error)))
            return ScriptResult(failedLines: failedLines, committed: false)
        }
        list = finished.list
        listVersion = finished.version
        for info in infos { view?.display(message: info) }
        return ScriptResult(failedLines: failedLines, committed: true)
    }

    /// Whether a script in keep-going mode may skip a line that failed with `error` and go on:
    /// yes for the user's mistakes, no for storage failures (the transaction is rolled back).
    private static func isSkippable(_ error: Error) -> Bool {
        switch error {
        case is ParseError, is CommandError, is InterchangeCommandError:
            return true
        case let error as StoreError:
            switch error {
            case .nothingToUndo, .nothingToRedo, .tasksNotFound, .textChanged, .changedSince: return true
            default: return false
            }
        default:
            return false
        }
    }

    /// A script line as a `Substring` without copying when it is a `String` or `Substring` already.
    private static func substring<Line: StringProtocol>(_ line: Line) -> Substring {
        if let line = line as? Substring { return line }
        if let line = line as? String { return line[...] }
        return Substring(String(line))
    }
}
