import TaskModel

extension TaskPresenter {
    /// The whole-line candidates that complete `input` (command names; for `edit N ` the text of task N).
    public func completions(for input: String) -> [String] {
        var tasks = list
        return Completion.candidates(for: input) { number in
            if tasks == nil { tasks = try? self.storage.read { try $0.allTasks() } }
            guard let tasks, number <= tasks.count else { return nil }
            return tasks.text(at: number - 1)
        }
    }
}
