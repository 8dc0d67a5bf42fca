/// A failure of the task store, with a one-line, user-facing `description`.
public enum TaskDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not an SQLite database; it was left untouched.
    case notADatabase(path: String)
    /// The file is an SQLite database cut short; it was left untouched.
    case truncated(path: String, size: Int64, expected: Int64)
    /// The file is an SQLite database that belongs to another program; it was left untouched.
    case foreignDatabase(path: String)
    /// SQLite reported the file as damaged; it was left untouched.
    case corrupt(path: String, reason: String)
    /// A folder on the way to the database could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The database could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The database or its folder is read-only.
    case readOnly(path: String)
    /// Another process kept the database locked for longer than the busy timeout.
    case busy(path: String, seconds: Int)
    /// Some of the tasks named are not in the list (removed meanwhile, perhaps by another process).
    case tasksNotFound(ids: [TaskItem.ID])
    /// The undo journal holds no change to undo.
    case nothingToUndo
    /// The undo journal holds no undone change to redo.
    case nothingToRedo
    /// Any other SQLite failure.
    case storage(path: String, reason: String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case let .notADatabase(path):
            return "\(path) is not a tasks database (not an SQLite file); it was left untouched"
        case let .truncated(path, size, expected):
            return "\(path) is truncated (\(size) of \(expected) bytes); it was left untouched"
        case let .foreignDatabase(path):
            return "\(path) is an SQLite database of another program; it was left untouched"
        case let .corrupt(path, reason):
            return "\(path) is damaged (\(reason)); it was left untouched"
        case let .cannotCreateFolder(path, reason):
            return "cannot create the folder \(path): \(reason)"
        case let .cannotOpen(path, reason):
            return "cannot open \(path): \(reason)"
        case let .readOnly(path):
            return "\(path) is read-only: cannot save changes"
        case let .busy(path, seconds):
            return "\(path) is busy: another process held it for over \(seconds) s; nothing was changed"
        case let .tasksNotFound(ids):
            return "no such task (id \(ids.map(String.init).joined(separator: ", ")))"
        case .nothingToUndo:
            return "nothing to undo"
        case .nothingToRedo:
            return "nothing to redo"
        case let .storage(path, reason):
            return "storage error in \(path): \(reason)"
        }
    }
}
