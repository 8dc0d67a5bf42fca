import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// The time of a task's last change on every backend: none while it is as it was made, the time of
/// each change that changes it, the file's own time for an import that changes it, and the time of
/// the undo or redo that last wrote it.
@Suite struct StorageSpecModifiedTests {
    private static let first = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01 00:00 UTC
    private static let second = Date(timeIntervalSince1970: 1_767_312_000.25)
    private static let inFile = Date(timeIntervalSince1970: 1_704_240_000) // 2024-01-03 00:00 UTC

    @Test(arguments: Backend.allCases) func aTaskAsItWasMadeHasNoTimeOfChange(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let plain = try database.create(text: "a")
        let dated = try database.create(text: "b", attributes: TaskEdit(tags: ["home"]))
        #expect(plain.modifiedAt == nil && dated.modifiedAt == nil)
        #expect(try database.allTasks().map(\.modifiedAt) == [nil, nil])
        #expect(try database.read { try $0.task(id: plain.id) }?.modifiedAt == nil)
    }

    @Test(arguments: Backend.allCases) func eachChangeSetsTheTimeOfTheChangeOnTheTasksItChanges(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let ids = try database.fill(["a", "b", "c"]).map(\.id)
        let changes: [(String, (Date) throws -> Void)] = [
            ("fav", { try database.toggleFavorite(ids: [ids[0]], at: $0) }),
            ("done", { try database.toggleDone(ids: [ids[0]], at: $0) }),
            ("edit", { try database.edit(ids: [ids[0]], TaskEdit(text: "a2"), at: $0) }),
            ("due", { try database.edit(ids: [ids[0]], TaskEdit(due: .some(.day(CalendarDay(year: 2026, month: 2, day: 1)!))), at: $0) }),
            ("tag", { try database.edit(ids: [ids[0]], TaskEdit(addedTags: ["home"]), at: $0) }),
            ("every", { try database.edit(ids: [ids[0]], TaskEdit(recurrence: .some(Recurrence(.weeks(1)))), at: $0) }),
            ("mv", { try database.move(id: ids[0], to: .after(ids[2]), at: $0) }),
        ]
        for (offset, (name, change)) in changes.enumerated() {
            let time = Self.first.addingTimeInterval(Double(offset) * 3600.5)
            try change(time)
            let tasks = try database.allTasks()
            #expect(tasks.first { $0.id == ids[0] }?.modifiedAt == time, "\(name)")
            #expect(tasks.filter { $0.id != ids[0] }.map(\.modifiedAt) == [nil, nil], "\(name)")
        }
    }

    @Test(arguments: Backend.allCases) func aChangeThatChangesNothingKeepsTheTime(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let task = try database.create(text: "a")
        try database.toggleFavorite(ids: [task.id], at: Self.first)
        try database.edit(ids: [task.id], TaskEdit(text: "a"), at: Self.second)
        #expect(try database.allTasks()[0].modifiedAt == Self.first)
    }

    /// An undo or a redo is a change of its own: a sync merging it against the server's change
    /// made meanwhile must see it as the later one (it was taken for the time the image recorded).
    @Test(arguments: Backend.allCases) func undoAndRedoTakeTheirOwnTimeAsTheTasksLastChange(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let task = try database.create(text: "a")
        let other = try database.create(text: "z")
        try database.toggleFavorite(ids: [task.id], at: Self.first)
        try database.edit(ids: [task.id], TaskEdit(text: "b"), at: Self.second)
        let third = Self.second.addingTimeInterval(3600.5)
        try database.undo(at: third)
        #expect(try database.allTasks().map(\.modifiedAt) == [third, nil])
        #expect(try database.allTasks()[0].text == "a" && database.allTasks()[0].isFavorite)
        let fourth = third.addingTimeInterval(60)
        try database.undo(at: fourth)
        #expect(try database.allTasks() == [TaskItem(id: task.id, text: "a", createdAt: task.createdAt, modifiedAt: fourth), other])
        let fifth = fourth.addingTimeInterval(60)
        try database.redo(at: fifth)
        try database.redo(at: fifth)
        #expect(try database.allTasks().map(\.modifiedAt) == [fifth, nil])
        #expect(try database.allTasks()[0].text == "b")
        // A removed task an undo brings back takes the undo's time.
        try database.remove(ids: [other.id])
        try database.undo(at: third)
        #expect(try database.allTasks()[1].modifiedAt == third)
    }

    @Test(arguments: Backend.allCases) func anImportThatChangesATaskTakesTheFilesTimeElseItsOwn(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["a", "b", "c"])
        func imported(_ task: TaskItem, text: String, modifiedAt: Date?) -> TaskImport {
            TaskImport(id: task.id, text: text, createdAt: task.createdAt, modifiedAt: modifiedAt)
        }
        let newID = UUID()
        try database.importTasks([
            imported(tasks[0], text: "a2", modifiedAt: Self.inFile), // changed, the file says when
            imported(tasks[1], text: "b2", modifiedAt: nil), // changed, the file does not say
            imported(tasks[2], text: "c", modifiedAt: Self.inFile), // as it is
            TaskImport(id: newID, text: "d", createdAt: Self.inFile, modifiedAt: Self.inFile),
            TaskImport(id: nil, text: "e", createdAt: Self.inFile),
        ], at: Self.second)
        #expect(try database.allTasks().map(\.modifiedAt) == [Self.inFile, Self.second, nil, Self.inFile, nil])
        // Undo and redo are changes of their own, to the tasks the import changed or added.
        let undone = Self.second.addingTimeInterval(60)
        try database.undo(at: undone)
        #expect(try database.allTasks().map(\.modifiedAt) == [undone, undone, nil])
        let redone = undone.addingTimeInterval(60)
        try database.redo(at: redone)
        #expect(try database.allTasks().map(\.modifiedAt) == [redone, redone, nil, redone, redone])
    }
}
