extension TaskReading {
    /// The task `id` as stored, when editing it to `text` has something to do: throws
    /// `tasksNotFound` when it is not in the list and `textChanged` when its text is no longer
    /// `expected` (another process edited it); nil when it reads `text` already. Texts are compared
    /// by their bytes, not with `==`: Swift calls canonically equivalent strings equal (é and e +
    /// U+0301), and an edit between them is a change.
    package func taskToEdit(id: TaskItem.ID, to text: String, expected: String?) throws -> TaskItem? {
        guard let task = try task(id: id) else { throw StoreError.tasksNotFound(ids: [id]) }
        if let expected, !task.text.utf8.elementsEqual(expected.utf8) {
            throw StoreError.textChanged(id: id, current: task.text)
        }
        return task.text.utf8.elementsEqual(text.utf8) ? nil : task
    }
}
