import TaskModel

extension Change {
    /// The info message after `undo` (`Undid: add “Buy milk”`) or `redo` (`Redid: rm (3 tasks)`).
    func message(undone: Bool) -> String {
        let verb = undone ? "Undid" : "Redid"
        let command = kind.commandName
        if taskCount == 1, let text {
            return "\(verb): \(command) “\(text.abbreviated(to: 60))”\(flagNote)"
        }
        return "\(verb): \(command) (\(taskCount) \(taskCount == 1 ? "task" : "tasks"))"
    }

    /// For a toggle of one task, what it is now: ` (now a favourite)`, ` (now not done)`.
    private var flagNote: String {
        guard let isSet else { return "" }
        switch kind {
        case .toggleFavorite: return isSet ? " (now a favourite)" : " (now not a favourite)"
        case .toggleDone: return isSet ? " (now done)" : " (now not done)"
        default: return ""
        }
    }
}

extension Change.Kind {
    /// The command that makes a change of this kind (`add`, `clear done`).
    var commandName: String {
        switch self {
        case .create: "add"
        case .toggleFavorite: "fav"
        case .toggleDone: "done"
        case .remove: "rm"
        case .removeAll: "clear"
        case .removeDone: "clear done"
        case .edit: "edit"
        case .move: "mv"
        case .importTasks: "import"
        case .setDue: "due"
        case .retag: "tag"
        case .setRecurrence: "every"
        case .sync: "sync"
        }
    }
}
