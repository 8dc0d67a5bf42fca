import TaskModel
import TaskWidth

extension StoreError {
    /// The sentence the user reads for a store failure (after `<input>: ` when a command failed,
    /// after `tasks: ` when the store could not be opened).
    var message: String {
        switch self {
        case let .notADatabase(path):
            "\(path) is not a tasks database (not an SQLite file); it was left untouched"
        case let .truncated(path, size, expected):
            "\(path) is truncated (\(size) of \(expected) bytes); it was left untouched"
        case let .foreignDatabase(path):
            "\(path) is an SQLite database of another program; it was left untouched"
        case let .newerStore(path, version):
            "\(path) was made by a newer tasks (store version \(version)); it was left untouched"
        case let .olderStore(path):
            "\(path) is missing or made by an older tasks; it was left untouched"
        case let .notAFile(path, kind):
            "cannot open \(path): it is \(Self.words(for: kind))"
        case let .corrupt(path, cause):
            "\(path) is damaged (\(cause)); it was left untouched"
        case let .cannotCreateFolder(path, cause):
            "cannot create the folder \(path): \(cause)"
        case let .cannotOpen(path, cause):
            "cannot open \(path): \(cause)"
        case let .invalidConnectionString(shown, scheme?, _):
            "cannot open \(shown): a shared list's address starts postgresql:// or postgres://, not \(scheme); "
                + "nothing was created"
        case let .invalidConnectionString(shown, nil, reason):
            "cannot open \(shown): not a valid connection string (\(reason ?? "libpq refused it")); nothing was created"
        case let .readOnly(path):
            "\(path) is read-only: cannot save changes"
        case let .fileGone(path, replaced):
            Self.fileGone(path, replaced: replaced, afterCommand: true)
        case .interrupted:
            "interrupted; nothing was changed"
        case let .diskFull(path):
            "\(path) cannot grow: the disk is full; nothing was changed"
        case let .busy(path, seconds):
            "\(path) is busy: another process held it for over \(seconds) s; nothing was changed"
        case let .tasksNotFound(ids):
            ids.count == 1 ? "the task is gone (removed by another process)"
                           : "\(ids.count) of the tasks are gone (removed by another process)"
        case .textChanged:
            "the task was changed by another process meanwhile; nothing was changed"
        case .nothingToUndo:
            "nothing to undo"
        case .nothingToRedo:
            "nothing to redo"
        case let .damagedHistory(path, _, cause):
            "the undo history in \(path) cannot be read (\(cause)); nothing was changed"
        case let .storage(path, cause):
            "storage error in \(path): \(cause)"
        case let .foreignSchema(location, schema):
            "\(location) holds a schema “\(schema)” of another program; it was left untouched"
        case let .permissionDenied(location, cause):
            "no permission in \(location): \(cause); nothing was changed"
        case let .readOnlyForRole(location, role):
            "the list in \(location) is read-only for you (\(role)); nothing was changed"
        case let .notShared(location, role):
            "the list in \(location) is not shared with you (\(role))"
        case let .connectionLost(location, cause, false):
            "lost the connection to \(location) (\(cause)); nothing was changed"
        case let .connectionLost(location, cause, true):
            "lost the connection to \(location) while saving (\(cause)); the change may or may not have been saved"
        case let .changedSince(change, people, undoing):
            "\(Self.names(people)) changed \(Self.tasks(of: change)) since\(undoing ? "" : " you undid it"); "
                + "nothing was changed"
        }
    }

    /// The sentence for a store found lost while the prompt waited for a key: no command failed.
    /// A connection is made again by the prompt itself; a store file deleted or replaced is not.
    var messageWhileIdle: String {
        switch self {
        case let .connectionLost(location, cause, _):
            "lost the connection to \(location) (\(cause)); connecting again in the background"
        case let .fileGone(path, replaced):
            Self.fileGone(path, replaced: replaced, afterCommand: false)
        default:
            message
        }
    }

    /// `PATH was deleted while tasks had it open`, then what it means and what to do: the list the
    /// prompt holds can be seen and exported, a change cannot be saved.
    private static func fileGone(_ path: String, replaced: Bool, afterCommand: Bool) -> String {
        let what = replaced ? "replaced by another file" : "deleted"
        let again = replaced ? "start tasks again to open the new file" : "start tasks again for a new list"
        return "\(path) was \(what) while tasks had it open"
            + (afterCommand ? ", so no change can be saved (`export FILE` saves the list shown; \(again))"
                            : "; `export FILE` saves the list shown, and changes cannot be saved (\(again))")
    }

    /// What a prompt says as it closes when the store's file was deleted or replaced before the
    /// changes made there were sent: no later sync reads them; nil for any other error.
    var unsentChangesLost: String? {
        guard case let .fileGone(path, replaced) = self else { return nil }
        let (start, end) = ("unsent changes are lost: ", " was \(replaced ? "replaced" : "deleted") while tasks had it open")
        return start + path.abbreviatedPath(to: max(80 - DisplayWidth.of(start + end), 16)) + end
    }

    /// What a prompt says under the list it shows, or after exporting it, from what it holds once
    /// the store's file was deleted or replaced.
    var heldListNotice: String {
        guard case let .fileGone(path, replaced) = self else { return message }
        return "this is the list as shown before \(path) was \(replaced ? "replaced by another file" : "deleted"); "
            + "changes cannot be saved"
    }

    /// `bob`, `bob and carol`, `bob, carol and dave`; `someone else` for nobody known.
    private static func names(_ people: [String]) -> String {
        guard let last = people.last else { return "someone else" }
        return people.count == 1 ? last : people.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `the task of your edit “Buy milk”`, `tasks of your rm (3 tasks)`.
    private static func tasks(of change: Change) -> String {
        let command = change.kind.commandName
        if change.taskCount == 1, let text = change.text {
            return "the task of your \(command) “\(text.abbreviated(to: 40))”"
        }
        return "tasks of your \(command) (\(change.taskCount) tasks)"
    }

    static func words(for kind: FileKind) -> String {
        switch kind {
        case .folder: "a folder"
        case .fifo: "a named pipe (FIFO), not a file"
        case .characterDevice: "a device, not a file"
        case .blockDevice: "a block device, not a file"
        case .socket: "a socket, not a file"
        }
    }
}
