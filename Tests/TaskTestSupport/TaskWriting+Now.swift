import Foundation
import TaskModel

/// The changes of `TaskWriting` made now, for tests that do not look at the time of a change.
public extension TaskWriting {
    func toggleFavorite(ids: [TaskItem.ID]) throws {
        try toggleFavorite(ids: ids, at: Date())
    }

    func edit(ids: [TaskItem.ID], _ edit: TaskEdit, expected: String?) throws {
        try self.edit(ids: ids, edit, expected: expected, at: Date())
    }

    func move(id: TaskItem.ID, to place: Placement) throws {
        try move(id: id, to: place, at: Date())
    }

    @discardableResult
    func importTasks(_ tasks: [TaskImport]) throws -> ImportOutcome {
        try importTasks(tasks, at: Date())
    }
}
