import TaskModel

extension Change {
    /// The info message after `undo` (`Undid: add “Buy milk”`) or `redo` (`Redid: rm (3 tasks)`).
    func message(undone: Bool) -> String {
        let verb = undone ? "Undid" : "Redid"
        let command = switch kind {
        case .create: "add"
        case .toggleFavorite: "fav"
        case .remove: "rm"
        case .removeAll: "clear"
        case .edit: "edit"
        }
        if taskCount == 1, let text {
            return "\(verb): \(command) “\(text)”"
        }
        return "\(verb): \(command) (\(taskCount) \(taskCount == 1 ? "task" : "tasks"))"
    }
}
