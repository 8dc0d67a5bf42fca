import Foundation
import TaskModel

/// One-step conveniences for tests: each runs one operation in its own transaction.
public extension TaskStorage {
    func allTasks() throws -> TaskList { try read { try $0.allTasks() } }
    func texts() throws -> [String] { try allTasks().map(\.text) }

    /// The list as texts, `★` before a favourite's and `✓` before a done one's.
    func snapshot() throws -> [String] {
        try allTasks().map { ($0.isFavorite ? "★" : "") + ($0.isDone ? "✓" : "") + $0.text }
    }

    func fill(_ texts: [String]) throws -> [TaskItem] { try texts.map { try create(text: $0) } }

    @discardableResult
    func create(text: String) throws -> TaskItem { try write { try $0.create(text: text) } }
    func toggleFavorite(ids: [TaskItem.ID]) throws { try write { try $0.toggleFavorite(ids: ids) } }
    @discardableResult
    func toggleDone(ids: [TaskItem.ID]) throws -> Date { try write { try $0.toggleDone(ids: ids).time } }
    /// Toggles done with days counted in `timeZone`, and says what came after each recurring task.
    @discardableResult
    func checkOff(ids: [TaskItem.ID], in timeZone: TimeZone) throws -> CheckedOff {
        try write { try $0.toggleDone(ids: ids, at: Date(), in: timeZone) }
    }
    @discardableResult
    func create(text: String, attributes: TaskEdit) throws -> TaskItem {
        try write { try $0.create(text: text, attributes: attributes) }
    }
    func edit(ids: [TaskItem.ID], _ edit: TaskEdit, expected: String? = nil) throws {
        try write { try $0.edit(ids: ids, edit, expected: expected) }
    }
    func remove(ids: [TaskItem.ID]) throws { try write { try $0.remove(ids: ids) } }
    @discardableResult
    func removeAll() throws -> Int { try write { try $0.removeAll() } }
    @discardableResult
    func removeDone() throws -> Int { try write { try $0.removeDone() } }
    func edit(id: TaskItem.ID, text: String, expected: String? = nil) throws {
        try write { try $0.edit(id: id, text: text, expected: expected) }
    }
    func move(id: TaskItem.ID, to place: Placement) throws { try write { try $0.move(id: id, to: place) } }
    @discardableResult
    func importTasks(_ tasks: [TaskImport]) throws -> ImportOutcome { try write { try $0.importTasks(tasks) } }
    /// The changes above at a fixed `time`, the time of the change each task changed keeps.
    func toggleFavorite(ids: [TaskItem.ID], at time: Date) throws { try write { try $0.toggleFavorite(ids: ids, at: time) } }
    func toggleDone(ids: [TaskItem.ID], at time: Date) throws {
        try write { _ = try $0.toggleDone(ids: ids, at: time, in: .gmt) }
    }
    func edit(ids: [TaskItem.ID], _ edit: TaskEdit, at time: Date) throws {
        try write { try $0.edit(ids: ids, edit, expected: nil, at: time) }
    }
    func move(id: TaskItem.ID, to place: Placement, at time: Date) throws {
        try write { try $0.move(id: id, to: place, at: time) }
    }
    @discardableResult
    func importTasks(_ tasks: [TaskImport], at time: Date) throws -> ImportOutcome {
        try write { try $0.importTasks(tasks, at: time) }
    }
    @discardableResult
    func undo(at time: Date = Date()) throws -> Change { try write { try $0.undo(at: time) } }
    @discardableResult
    func redo(at time: Date = Date()) throws -> Change { try write { try $0.redo(at: time) } }
}

public extension TaskWriting {
    /// `undo(at:)` now, in a transaction a test opened.
    @discardableResult
    func undo() throws -> Change { try undo(at: Date()) }
    /// `redo(at:)` now, in a transaction a test opened.
    @discardableResult
    func redo() throws -> Change { try redo(at: Date()) }
}

public extension TaskItem {
    /// The task with no time of last change: to compare tasks an undo or a redo wrote, which
    /// takes its own time, with the tasks as they were.
    var asChangedAnyTime: TaskItem {
        var task = self
        task.modifiedAt = nil
        return task
    }
}
