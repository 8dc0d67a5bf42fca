import Foundation

/// What `TaskWriting.importTasks` does to a list, decided before a thing is written, from the rows
/// the list holds of the identities given: for each task given, in order, whether it is added,
/// updated or unchanged, and the row each task it changes ends up with. A task given twice is
/// compared with what the first time made of it. Both backends apply it, each writing it its own way.
package struct ImportPlan {
    /// The values of a task that an import writes.
    package struct Row: Sendable, Equatable {
        package var text: String
        package var isFavorite: Bool
        /// Seconds since 1970, as both backends store times: a `Date` made from a stored time need
        /// not give back the same seconds, so an unchanged task would be taken for a changed one.
        package var doneAt: Double?
        package var createdAt: Double
        /// Other formats' fields (`TaskItem.foreign`): never an empty value.
        package var foreign: [String: String]
        package var due: Due?
        package var tags: [String]
        package var recurrence: Recurrence?
        /// When the task was last changed, in seconds since 1970: not compared, as it says when a
        /// change was made, not what the task is.
        package var modifiedAt: Double?

        package init(text: String, isFavorite: Bool, doneAt: Double?, createdAt: Double, foreign: [String: String],
                     due: Due? = nil, tags: [String] = [], recurrence: Recurrence? = nil, modifiedAt: Double? = nil) {
            self.text = text
            self.isFavorite = isFavorite
            self.doneAt = doneAt
            self.createdAt = createdAt
            self.foreign = foreign
            self.due = due
            self.tags = tags
            self.recurrence = recurrence
            self.modifiedAt = modifiedAt
        }

        /// Whether both hold the same bytes, not merely equal texts: Swift calls canonically
        /// equivalent texts equal, and an import that changes a text to an equivalent one still changes it.
        package static func == (first: Row, second: Row) -> Bool {
            first.isFavorite == second.isFavorite && first.doneAt == second.doneAt && first.createdAt == second.createdAt
                && first.due == second.due && first.tags == second.tags && first.recurrence == second.recurrence
                && first.text.utf8.elementsEqual(second.text.utf8) && sameBytes(first.foreign, second.foreign)
        }

        private static func sameBytes(_ first: [String: String], _ second: [String: String]) -> Bool {
            if first.isEmpty || second.isEmpty { return first.isEmpty && second.isEmpty }
            return ForeignFieldsCoding.encode(first)?.utf8.elementsEqual(ForeignFieldsCoding.encode(second)?.utf8 ?? "".utf8)
                ?? false
        }
    }

    /// A row the list holds, and whether its task is in the list (not hidden by a removal or a clear).
    package typealias StoredRow = (row: Row, isLive: Bool)

    /// A task the import changes, with its row after the import.
    package struct Changed: Sendable, Equatable {
        package var id: TaskItem.ID
        /// Whether the list holds no row of it, hidden or not: it is inserted at the end.
        package var isNew: Bool
        package var row: Row
    }

    /// One effect per task given, in order.
    package private(set) var effects: [ImportOutcome.Effect] = []
    /// The tasks the import changes, each once, in the order they were first changed.
    package private(set) var changed: [Changed] = []
    /// Whether a task it changes is a hidden one brought back.
    package private(set) var bringsBack = false
    private let stored: [TaskItem.ID: StoredRow]
    /// The time of the import, in seconds since 1970: the last change of a task it changes when
    /// the file does not say when that was.
    private let now: Double
    /// Where each task of `changed` is in it.
    private var changedIndex: [TaskItem.ID: Int] = [:]

    /// The plan for importing `tasks` into a list that holds `stored`, the rows (hidden or not) of
    /// the identities given, at `now`; a task without one gets `newIdentity()`.
    package init(_ tasks: [TaskImport], stored: [TaskItem.ID: StoredRow], now: Date, newIdentity: () -> TaskItem.ID) {
        self.stored = stored
        self.now = now.timeIntervalSince1970
        effects.reserveCapacity(tasks.count)
        changed.reserveCapacity(tasks.count)
        changedIndex.reserveCapacity(tasks.count) // growing it would hash every identity again
        for index in tasks.indices { add(tasks[index], id: tasks[index].id ?? newIdentity()) } // `for in` copies each task
    }

    /// How many tasks it inserts: the list holds no row of them.
    package var insertedCount: Int {
        changed.count { $0.isNew }
    }

    /// Adds `task`, whose identity is `id` (its own, or a new one when it has none).
    private mutating func add(_ task: TaskImport, id: TaskItem.ID) {
        // One probe of `changedIndex` both finds a task given before and takes the entry of one
        // changed now: on a large import each probe is a cache miss.
        effects.append(Self.add(task, before: stored[id], entry: &changedIndex[id], to: &changed, id: id,
                                now: now, bringsBack: &bringsBack))
    }

    /// What `task` does, given what the list holds of it and `entry`, its index in `changed` if it
    /// is there already.
    private static func add(_ task: TaskImport, before: StoredRow?, entry: inout Int?, to changed: inout [Changed],
                            id: TaskItem.ID, now: Double, bringsBack: inout Bool) -> ImportOutcome.Effect {
        let changedAt = task.modifiedAt?.timeIntervalSince1970 ?? now
        if let index = entry {
            var row = row(task, over: changed[index].row.foreign)
            let isSame = row == changed[index].row
            row.modifiedAt = isSame ? changed[index].row.modifiedAt : changedAt
            changed[index].row = row
            return isSame ? .unchanged : .updated
        }
        var row = row(task, over: before?.row.foreign ?? [:])
        if let before, before.isLive, row == before.row { return .unchanged }
        // A new task was not changed since the file made it, unless the file says it was.
        row.modifiedAt = before == nil ? task.modifiedAt?.timeIntervalSince1970 : changedAt
        entry = changed.count
        changed.append(Changed(id: id, isNew: before == nil, row: row))
        if before?.isLive == false { bringsBack = true }
        return before?.isLive == true ? .updated : .added
    }

    /// The row `task` makes, its foreign fields put over `existing` format by format.
    private static func row(_ task: TaskImport, over existing: [String: String]) -> Row {
        Row(text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt?.timeIntervalSince1970,
            createdAt: task.createdAt.timeIntervalSince1970, foreign: foreign(task.foreign, over: existing),
            due: task.due, tags: task.tags, recurrence: task.recurrence)
    }

    /// `incoming` merged over `existing` (`ForeignFieldsCoding.merge`).
    private static func foreign(_ incoming: [String: String], over existing: [String: String]) -> [String: String] {
        // Most imported tasks name their format with nothing in it: no dictionary is made for them.
        if existing.isEmpty, !incoming.values.contains(where: { !$0.isEmpty }) { return [:] }
        return ForeignFieldsCoding.merge(existing, incoming)
    }
}
