import Foundation
import TaskModel

/// Which of the list's tasks were moved here since the last sync, and where one moved on both sides
/// goes: read from each task's times and from the list's order; then the list's order after the
/// sync (`arrange`), before the order's values are worked out (`SyncPlan.planOrder`).
struct SyncMoves {
    /// What the plan knows of a task, for its order.
    struct Task {
        var id: TaskItem.ID
        /// Its order value at the last sync (nil: none, or never synced).
        var baseValue: Int64?
        /// Its order value on the server now.
        var value: Int64?
        /// Whether the server moved it since the last sync.
        var movedThere: Bool
        /// Whether the server's copy was changed since the last sync, as its `LAST-MODIFIED` says: one
        /// given a value only to make room or to pin another task's move down was not moved there.
        var changedThere: Bool
        /// Whether the server holds it (it was synced, and not removed there).
        var onServer: Bool
        /// Whether it was moved here, as its times say: its fields as the server holds them, changed
        /// here since the last sync at another time than its `LAST-MODIFIED`.
        var movedHere: Bool
        /// Whether its fields were changed here since the last sync: a move made with it shows in the
        /// list's order alone.
        var editedHere: Bool
        var changedAt: Date
        var changedThereAt: Date?
    }

    /// The tasks moved here: each keeps its place here, and is given a new value if its own is out
    /// of order.
    private(set) var movedHere: Set<TaskItem.ID> = []
    /// The tasks moved on the server that are placed here by its value.
    private(set) var movedThere: Set<TaskItem.ID> = []
    /// The tasks moved to other places on both sides, and the side whose place (the later move) is kept.
    private(set) var bothMoved: [TaskItem.ID: SyncSide] = [:]

    /// The moves among the list's tasks, in its order (`listed`), and `others`, the tasks the
    /// server holds that the list does not.
    init(listed: [Task], others: [Task]) {
        movedThere = Set(others.filter(\.movedThere).map(\.id))
        let edited = Self.movedAmongTheOthers(listed)
        for (index, task) in listed.enumerated() {
            let here = task.movedHere || edited.contains(task.id)
            switch (here, task.movedThere) {
            case (false, false):
                continue
            case (true, false):
                movedHere.insert(task.id)
            case (false, true):
                movedThere.insert(task.id)
            case (true, true):
                // Moved to the same place on both sides: no conflict, and nothing to write. It was
                // said as one, the value kept (found by an independent tester).
                guard !Self.placedAlike(index, in: listed) else { continue }
                // Given a value there beside another task's move: this side's move, unsaid. It was
                // said as a conflict (found by an independent tester).
                guard task.changedThere else {
                    movedHere.insert(task.id)
                    continue
                }
                let later = SyncMerge.laterSide(local: task.changedAt, remote: task.changedThereAt)
                bothMoved[task.id] = later
                if later == .local { movedHere.insert(task.id) } else { movedThere.insert(task.id) }
            }
        }
    }

    /// The tasks whose fields were changed here and which were moved too: those out of the longest
    /// run in order, by the values they had at the last sync, among the tasks changed here between
    /// two that were not (which are taken for in order: moving a task past one neighbour is moving
    /// the neighbour past it, and one not changed here was not moved). Taken for unmoved, such a
    /// task moved on both sides took the place of the sync that came first, unsaid; so did one
    /// among others changed with it, by one `due` of three tasks (found by independent testers).
    private static func movedAmongTheOthers(_ listed: [Task]) -> Set<TaskItem.ID> {
        guard listed.contains(where: { $0.editedHere && !$0.movedHere }) else { return [] }
        var moved: Set<TaskItem.ID> = []
        // The value of the last task not changed here, and the tasks with one changed here since.
        var low: Int64?
        var between: [(id: TaskItem.ID, value: Int64)] = []
        func close(high: Int64?) {
            defer { between.removeAll(keepingCapacity: true) }
            // Out of order themselves, the tasks not changed here say nothing of a place.
            if let low, let high, low >= high { return }
            let inside = between.map { task in
                (low.map { task.value > $0 } ?? true) && (high.map { task.value < $0 } ?? true) ? task.value : nil
            }
            let run = Set(SortOrder.longestIncreasingRun(inside))
            for (index, task) in between.enumerated() where !run.contains(index) { moved.insert(task.id) }
        }
        for task in listed where !task.movedHere {
            guard let value = task.baseValue else { continue }
            if task.editedHere {
                between.append((task.id, value))
            } else {
                if !between.isEmpty { close(high: value) }
                low = value
            }
        }
        if !between.isEmpty { close(high: nil) }
        return moved
    }

    /// Whether the server's value of the task at `index` of the list places it where it is here:
    /// greater than the value there of the nearest task before it that has one, and less than that
    /// of the next task the server holds, or last (a task is placed before the first of a greater
    /// value: a to-do with no value after it here is another place). (Read against the tasks the
    /// server did not move alone, places that differed by another app's to-dos, given values by the
    /// move there, were taken for one: found by an independent tester.)
    private static func placedAlike(_ index: Int, in listed: [Task]) -> Bool {
        guard let value = listed[index].value else { return false }
        // After a to-do with no value here: the server's copy goes before those (found by an
        // independent tester).
        if listed[..<index].contains(where: { $0.onServer && $0.value == nil }) { return false }
        if let next = listed[(index + 1)...].first(where: \.onServer), next.value.map({ $0 <= value }) ?? true { return false }
        if let before = listed[..<index].last(where: { $0.onServer && $0.value != nil })?.value, before >= value { return false }
        return true
    }
}

extension SyncMoves {
    /// The list's order after a sync, and the placements that make it here, in the order they are
    /// made. The tasks moved neither here nor there keep their order (`local`, the list's, which
    /// names the tasks moved there too); each task moved there (`movedThere`, with its value) goes
    /// before the first of those with a greater value (`value`), else at the end; each task moved
    /// here stays between the same two of those, after the task before it here when that one is
    /// between them too. (Among those placed by value alone, a task moved here after another app's
    /// to-dos, given values by a move there, went back among them: found by an independent tester.)
    /// A task with a greater value than all of those goes before the tasks at their end that have
    /// none, when the server holds one of them with none (`noneThere`), as a new copy of the list
    /// puts it: it went after them here, before them on the other copies, and every later sync was
    /// quiet (found by an independent tester). A task placed first with nothing after it that is
    /// not placed too goes before `firstWithNone`, one the import appends with no value.
    static func arrange(local: [TaskItem.ID], movedThere: [(id: TaskItem.ID, value: Int64)], movedHere: Set<TaskItem.ID>,
                        firstWithNone: TaskItem.ID?, value: (TaskItem.ID) -> Int64?,
                        noneThere: (TaskItem.ID) -> Bool) -> (sequence: [TaskItem.ID], placements: [(id: TaskItem.ID, place: Placement)]) {
        let there = Set(movedThere.map(\.id))
        let still = local.filter { !there.contains($0) && !movedHere.contains($0) }
        // The tasks at the end with no value, when one of them is a to-do the server holds so: a
        // task with a greater value than all goes before them.
        let valueless = (still.lastIndex { value($0) != nil } ?? -1) + 1
        let end = still[valueless...].contains(where: noneThere) ? valueless : still.count
        // The tasks moved there after each of those (the first: before them all), by value.
        var regions = Array(repeating: [TaskItem.ID](), count: still.count + 1)
        var next = 0
        for task in movedThere.sorted(by: { ($0.value, $0.id.uuidString) < ($1.value, $1.id.uuidString) }) {
            while next < end, value(still[next]).map({ $0 <= task.value }) ?? true { next += 1 }
            regions[next].append(task.id)
        }
        // The tasks moved here after each of those, each with the place in that region it follows
        // (-1: the region's start).
        var here = Array(repeating: [(id: TaskItem.ID, after: Int)](), count: still.count + 1)
        var region = 0
        var placeIn: [TaskItem.ID: Int] = [:]
        for (index, id) in local.enumerated() {
            if movedHere.contains(id) && !there.contains(id) {
                if here[region].isEmpty { placeIn = Dictionary(uniqueKeysWithValues: regions[region].enumerated().map { ($1, $0) }) }
                let before = index > 0 ? placeIn[local[index - 1]] ?? -1 : -1
                here[region].append((id, max(before, here[region].last?.after ?? -1)))
            } else if !there.contains(id) {
                region += 1
            }
        }
        var sequence: [TaskItem.ID] = []
        sequence.reserveCapacity(local.count + movedThere.count)
        for region in regions.indices {
            if region > 0 { sequence.append(still[region - 1]) }
            var moved = here[region][...]
            for place in -1..<regions[region].count {
                if place >= 0 { sequence.append(regions[region][place]) }
                while let task = moved.first, task.after == place {
                    sequence.append(task.id)
                    moved = moved.dropFirst()
                }
            }
        }
        var placements: [(id: TaskItem.ID, place: Placement)] = []
        for (index, id) in sequence.enumerated() where there.contains(id) {
            if index + 1 < sequence.count, !there.contains(sequence[index + 1]) {
                placements.append((id, .before(sequence[index + 1])))
            } else if index > 0 {
                placements.append((id, .after(sequence[index - 1])))
            } else if let first = sequence.first(where: { !there.contains($0) }) ?? firstWithNone {
                placements.append((id, .before(first)))
            }
        }
        return (sequence, placements)
    }
}
