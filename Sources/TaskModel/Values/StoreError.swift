/// Why the store could not do what was asked: plain data, with the underlying cause kept.
/// The presenter turns each case into a sentence; the model writes none.
public enum StoreError: Error, Sendable, Hashable {
    /// The file exists but is not an SQLite database; it was left untouched.
    case notADatabase(path: String)
    /// The file is an SQLite database cut short; it was left untouched.
    case truncated(path: String, size: Int64, expected: Int64)
    /// The file is an SQLite database that belongs to another program; it was left untouched.
    case foreignDatabase(path: String)
    /// The store was made by a newer version of tasks (a schema this one does not know); untouched.
    case newerStore(path: String, version: Int)
    /// The store is missing or was made by an older version of tasks, and was not to be created or
    /// upgraded; untouched.
    case olderStore(path: String)
    /// The path names something that is not a regular file (a folder, a FIFO, a device).
    case notAFile(path: String, kind: FileKind)
    /// The store is damaged; it was left untouched.
    case corrupt(path: String, cause: Cause)
    /// A folder on the way to the store could not be created.
    case cannotCreateFolder(path: String, cause: Cause)
    /// The store could not be opened or created.
    case cannotOpen(path: String, cause: Cause)
    /// A store's name written as a connection string that is not a valid one (`postgressql://…`,
    /// `host=db passwd=…`): nothing was made of it, no file by that name either. `shown` is the name
    /// without its password; `scheme` the scheme it gives when that is not PostgreSQL's, else
    /// `reason` is libpq's.
    case invalidConnectionString(shown: String, scheme: String?, reason: String?)
    /// The store or its folder is read-only: it can be read, not changed.
    case readOnly(path: String)
    /// The store's file was deleted after it was opened or, when `replaced`, another file was put at
    /// its path: what is open is no longer what the path names, and a change would be saved where no
    /// one finds it again. Nothing was read or changed.
    case fileGone(path: String, replaced: Bool)
    /// The disk holding the store is full: the change could not be saved, and nothing was changed.
    case diskFull(path: String)
    /// Another process kept the store locked for longer than the busy timeout.
    case busy(path: String, seconds: Int)
    /// The transaction was stopped by `interrupt()`; nothing was changed.
    case interrupted(path: String)
    /// Some of the tasks named are not in the list (removed meanwhile, perhaps by another process).
    case tasksNotFound(ids: [TaskItem.ID])
    /// The text of a task is no longer the one the caller expected (changed meanwhile).
    case textChanged(id: TaskItem.ID, current: String)
    /// The undo history holds no change to undo.
    case nothingToUndo
    /// The undo history holds no undone change to redo.
    case nothingToRedo
    /// The undo history is not what this version of tasks can read.
    case damagedHistory(path: String, step: Int64, cause: Cause)
    /// Any other failure of the storage engine.
    case storage(path: String, cause: Cause)

    // A shared list on a server (PostgreSQL); `location` is its address without a password.

    /// The database holds a schema of this name that another program made; it was left untouched.
    case foreignSchema(location: String, schema: String)
    /// The server refused for want of a privilege (the role's grants on the list).
    case permissionDenied(location: String, cause: Cause)
    /// The list is shared with this role (`role`) to read only: a change was refused, nothing changed.
    case readOnlyForRole(location: String, role: String)
    /// The list is not shared with this role (`role`): never, or no longer.
    case notShared(location: String, role: String)
    /// The connection to the server was lost: before the commit (nothing was changed), or while
    /// committing (`committing`: the server may have saved the change or not).
    case connectionLost(location: String, cause: Cause, committing: Bool)
    /// Undo (`undoing`) or redo of one's own change refused: tasks it touched were changed since by
    /// these people (by their names in the list's history; none when unknown). Nothing was changed.
    case changedSince(change: Change, by: [String], undoing: Bool)

    /// The engine's own account of a failure: its code (`SQLITE_IOERR`, a PostgreSQL SQLSTATE, or
    /// a POSIX error name) and its message.
    public struct Cause: Sendable, Hashable, CustomStringConvertible {
        /// The engine's code for the failure.
        public var code: String
        /// The engine's message, as it gave it.
        public var message: String

        /// Creates a cause.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }

        public var description: String { message }
    }

    /// What kind of thing stands at a path that should be a store file.
    public enum FileKind: String, Sendable, Hashable {
        case folder, fifo, characterDevice, blockDevice, socket
    }
}
