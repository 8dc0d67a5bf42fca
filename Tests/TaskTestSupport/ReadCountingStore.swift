import Foundation
import Synchronization
import TaskModel

/// A store that counts how often the whole list is read (`allTasks`), in read and write
/// transactions alike, and otherwise is `base`: to check that a command reads no more of a long
/// list than its numbers need, or that a sync with nothing new does not read it at all.
public final class ReadCountingStore: TaskStorage, Sendable {
    public let base: any TaskStorage
    private let reads = Mutex(0)

    public init(base: any TaskStorage) { self.base = base }

    /// How many times the whole list was read so far.
    public var wholeListReads: Int { reads.withLock { $0 } }

    public var location: String { base.location }
    public func read<T>(_ body: (any TaskReading) throws -> T) throws -> T {
        try base.read { try body(Counting(base: $0, store: self)) }
    }
    public func write<T>(_ body: (any TaskWriting) throws -> T) throws -> T {
        try base.write { try body(Counting(base: $0, store: self)) }
    }
    public func interrupt() { base.interrupt() }
    public func close() { base.close() }

    fileprivate func countWholeListRead() { reads.withLock { $0 += 1 } }

    /// A transaction of `base`, counting its whole-list reads.
    private struct Counting: TaskWriting {
        let base: any TaskReading
        let store: ReadCountingStore
        private var writer: any TaskWriting {
            get throws {
                guard let writer = base as? any TaskWriting else { throw StoreError.readOnly(path: store.location) }
                return writer
            }
        }

        func allTasks() throws -> TaskList {
            store.countWholeListRead()
            return try base.allTasks()
        }
        func firstTasks(_ count: Int) throws -> TaskList { try base.firstTasks(count) }
        func datedTasks(endingBefore end: (day: CalendarDay, instant: Date)?) throws -> (tasks: TaskList, indices: [Int]) {
            try base.datedTasks(endingBefore: end)
        }
        func tasks(at indices: [ClosedRange<Int>]) throws -> [Int: TaskItem] { try base.tasks(at: indices) }
        func task(id: TaskItem.ID) throws -> TaskItem? { try base.task(id: id) }
        func untraced(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID] { try base.untraced(ids) }
        func count() throws -> Int { try base.count() }
        func externalVersion() throws -> Int { try base.externalVersion() }

        func create(text: String, attributes: TaskEdit) throws -> TaskItem {
            try writer.create(text: text, attributes: attributes)
        }
        func toggleFavorite(ids: [TaskItem.ID], at time: Date) throws { try writer.toggleFavorite(ids: ids, at: time) }
        func toggleDone(ids: [TaskItem.ID], at time: Date, in timeZone: TimeZone) throws -> CheckedOff {
            try writer.toggleDone(ids: ids, at: time, in: timeZone)
        }
        func remove(ids: [TaskItem.ID]) throws { try writer.remove(ids: ids) }
        func removeAll() throws -> Int { try writer.removeAll() }
        func removeDone() throws -> Int { try writer.removeDone() }
        func edit(ids: [TaskItem.ID], _ edit: TaskEdit, expected: String?, at time: Date) throws {
            try writer.edit(ids: ids, edit, expected: expected, at: time)
        }
        func move(id: TaskItem.ID, to place: Placement, at time: Date) throws { try writer.move(id: id, to: place, at: time) }
        func importTasks(_ tasks: [TaskImport], removing: [TaskItem.ID], placing: [(id: TaskItem.ID, place: Placement)],
                         from source: ImportSource, at time: Date) throws -> ImportOutcome {
            try writer.importTasks(tasks, removing: removing, placing: placing, from: source, at: time)
        }
        func undo(at time: Date) throws -> Change { try writer.undo(at: time) }
        func redo(at time: Date) throws -> Change { try writer.redo(at: time) }
        func savepoint<T>(_ body: () throws -> T) throws -> T { try writer.savepoint(body) }
    }
}
