import TaskInterchange

/// Why `export` or `import` failed with its file; `description` is the message after `<input>: `.
enum InterchangeCommandError: Error, CustomStringConvertible {
    /// The file could not be read; the system's reason.
    case cannotRead(String, String)
    /// The file could not be written; the system's reason.
    case cannotWrite(String, String)
    /// `export FILE` without `--format`, and FILE's extension names no format.
    case unknownExtension(String)
    /// `import -` in a script, whose lines are standard input.
    case standardInputIsTheScript
    /// The file is not valid in its format.
    case malformed(String, InterchangeFormat, InterchangeError)

    var description: String {
        switch self {
        case let .cannotRead(file, reason):
            "cannot read \(file == "-" ? "standard input" : file): \(Self.lowercasingFirst(reason))"
        case let .cannotWrite(file, reason):
            "cannot write \(file): \(Self.lowercasingFirst(reason))"
        case let .unknownExtension(file):
            "cannot tell a format from the name \(file): give --format todotxt, json, markdown or ics"
        case .standardInputIsTheScript:
            "standard input holds the script: give the file's name"
        case let .malformed(file, .markdown, error) where error.problem == .noTaskItems:
            // A Markdown page of notes is valid Markdown: what it lacks is a task list.
            "\(file == "-" ? "standard input" : file) has no Markdown task list item (`- [ ] text`); nothing was imported"
        case let .malformed(file, format, error):
            "\(file == "-" ? "standard input" : file) is not valid \(InterchangeCommands.formatName(format)): "
                + Self.explanation(of: error) + "; nothing was imported"
        }
    }

    /// The system's reason (`No such file or directory`) made to follow a colon; the rest as it is
    /// (`64 MiB`).
    private static func lowercasingFirst(_ reason: String) -> String {
        reason.prefix(1).lowercased() + reason.dropFirst()
    }

    /// Where in a file `error` is, and what is wrong there (`line 3: not an iCalendar line (NAME:value)`).
    static func explanation(of error: InterchangeError) -> String {
        place(error.location) + problem(error.problem)
    }

    private static func place(_ location: InterchangeError.Location) -> String {
        switch location {
        case let .line(line): "line \(line): "
        case let .jsonPath(path, line) where path.isEmpty: "line \(line): "
        case let .jsonPath(path, line): "line \(line), at \(path): "
        case .wholeFile: ""
        }
    }

    private static func problem(_ problem: InterchangeError.Problem) -> String {
        switch problem {
        case .invalidUTF8: "the text is not UTF-8"
        case let .invalidJSON(expected): "expected \(expected)"
        case let .missingField(field): "the task has no `\(field)`"
        case let .wrongType(field, expected): "`\(field)` should be \(expected)"
        case let .invalidValue(field, value): "`\(field)` cannot be “\(value.abbreviated(to: 40))”"
        case let .duplicateIdentity(id, firstLine):
            "the task \(id.uuidString.lowercased()) is there twice (first on line \(firstLine))"
        case .notAContentLine: "not an iCalendar line (NAME:value)"
        case let .unclosedComponent(name): "BEGIN:\(name) is never ended"
        case let .unexpectedEnd(name): "END:\(name) ends nothing that began"
        case .notThisFormat: "it does not start with BEGIN:VCALENDAR"
        case .nulByte: "a NUL byte, which no text file holds"
        case .noTaskItems: "no line is a task list item (`- [ ] text`)"
        case .noToDo: "it holds no VTODO"
        case let .severalToDos(firstLine): "a second VTODO (the first is on line \(firstLine)), where one is expected"
        case let .unreadableRecurrence(rule): "it repeats by `RRULE:\(rule.abbreviated(to: 60))`, which tasks cannot follow"
        }
    }
}
