import Foundation
import TaskInterchange
import TaskModel

/// A series renamed, retagged or made a favourite on one side while the other checked it off,
/// before either synced: the side that checked it off made the next task from the series as it
/// was. The merge gives the checked-off series the change, and the next task takes it too, on both
/// sides, each field unless the next task's own value changed since (found by an independent
/// tester: the next task kept the old name). A due or rule changed so is not carried: the next
/// task's due was counted from the series' old one.
struct SeriesChangedWhileCheckedOff {
    /// The fields a next task takes from its series' change, by the next task's identity.
    private(set) var carried: [TaskItem.ID: DoubleCheckOff.Taken] = [:]

    /// `lastSynced` gives a task as it was last synced, nil when it was not.
    init(list: TaskList, local: [TaskItem.ID: TaskItem], server: ServerTasks, state: SyncState, timeZone: TimeZone,
         lastSynced: (TaskItem.ID) -> TaskImport?) {
        func isSynced(_ id: TaskItem.ID) -> Bool { state.items[id.uuidString.lowercased()] != nil }
        // Series the server's copy of which is checked off, or changed, while the list's is the
        // other: few, whatever the size of the list.
        var checkedOffThere: [(series: TaskItem, base: TaskImport)] = []
        var checkedOffHere: [(series: TaskItem, base: TaskImport, there: TaskImport)] = []
        for (id, fetched) in server.fetched {
            // The open copy is a series: known before its base is read.
            guard let here = local[id], isSynced(id), here.isDone != (fetched.task.doneAt != nil),
                  (here.isDone ? fetched.task.recurrence : here.recurrence) != nil,
                  let base = lastSynced(id), base.doneAt == nil, base.recurrence != nil else { continue }
            if here.isDone {
                // Not moved on to another due there (`DoubleCheckOff.movedOn`): changed, open.
                if SyncFields.sameDue(fetched.task.due, base.due) { checkedOffHere.append((here, base, fetched.task)) }
            } else {
                checkedOffThere.append((here, base))
            }
        }
        // Checked off there: the other client's next task, new there, is a copy of the series (todoman's
        // keeps its `CREATED`) or tasks' follower of it; it takes what changed here.
        for (series, base) in checkedOffThere {
            let change = Self.change(from: base, to: SyncFields(series))
            guard change != DoubleCheckOff.Taken() else { continue }
            let next = server.fetched.values.map(\.task).first { task in
                guard let id = task.id, local[id] == nil, !isSynced(id), task.doneAt == nil, task.recurrence != nil else { return false }
                let zone = task.recurrence?.countingZone(timeZone) ?? timeZone
                return id == IdentityGenerator.follower(of: series.id, checkedOffWhenDue: base.due, in: zone)
                    || (SyncFields.second(of: task.createdAt) == SyncFields.second(of: base.createdAt)
                        && DoubleCheckOff.isLater(task.due, than: base.due))
            }
            guard let next, let id = next.id else { continue }
            carried[id] = Self.unchanged(change, in: SyncFields(next), since: base)
        }
        // Checked off here: the next task made here, never synced, takes what changed there.
        guard !checkedOffHere.isEmpty else { return }
        let new = list.filter { !$0.isDone && $0.recurrence != nil && !isSynced($0.id) && server.fetched[$0.id] == nil }
        for (series, base, there) in checkedOffHere {
            let change = Self.change(from: base, to: SyncFields(there))
            guard change != DoubleCheckOff.Taken(),
                  let next = new.first(where: { NextTask.follows($0, series: series.id, checkedOffWhenDue: series.due, as: series,
                                                                 timeZone: timeZone) }) else { continue }
            carried[next.id] = Self.unchanged(change, in: SyncFields(next), since: base)
        }
    }

    /// What of a series' text, favourite and tags changed from `base` to `fields`.
    private static func change(from base: TaskImport, to fields: SyncFields) -> DoubleCheckOff.Taken {
        let base = SyncFields(base)
        var change = DoubleCheckOff.Taken()
        if !fields.holdsSame(base, in: .text) { change.text = fields.text }
        if !fields.holdsSame(base, in: .favorite) { change.isFavorite = fields.isFavorite }
        if !fields.holdsSame(base, in: .tags) { change.tags = fields.tags }
        return change
    }

    /// `change` but for the fields a next task (`next`) holds otherwise than the series did (`base`).
    private static func unchanged(_ change: DoubleCheckOff.Taken, in next: SyncFields, since base: TaskImport) -> DoubleCheckOff.Taken {
        let base = SyncFields(base)
        return change.without(SyncField.allCases.filter { !next.holdsSame(base, in: $0) })
    }
}

extension DoubleCheckOff.Taken {
    /// `fields` with these changes of text, favourite and tags.
    func applied(to fields: SyncFields) -> SyncFields {
        var fields = fields
        if let text { fields.text = text }
        if let isFavorite { fields.isFavorite = isFavorite }
        if let tags { fields.tags = tags }
        return fields
    }
}
