import Foundation
import TaskModel

/// A series checked off here and, before this sync, on another client too: each made the next task
/// its own way, and the list is to end with one. tasks makes a new task (`IdentityGenerator.follower`);
/// tasks.org moves the series' own to-do on to its next due, open; todoman completes it and makes a
/// new to-do. The list ended with two next tasks beside todoman, and beside tasks.org the series
/// checked off here showed the next due (found by an independent tester).
///
/// Only a next task made here that is as it was made (never changed, never synced) is matched, and
/// only by a next task there of the same text and rule, due after the series.
struct DoubleCheckOff {
    /// Series checked off here whose copy on the server the other client moved on to a later due,
    /// open: that due is not taken; each keeps the due it has here (the value).
    private(set) var movedOn: [TaskItem.ID: Due?] = [:]
    /// Next tasks made here that the other client's own next task of the same series replaces,
    /// by the identity of that one: removed here, never sent.
    private(set) var replaced: [TaskItem.ID: TaskItem.ID] = [:]

    init(list: TaskList, local: [TaskItem.ID: TaskItem], server: ServerTasks, state: SyncState, timeZone: TimeZone) {
        func isSynced(_ id: TaskItem.ID) -> Bool { state.items[id.uuidString.lowercased()] != nil }
        // Series checked off here that the server changed too: few, whatever the size of the list.
        let series = server.fetched.keys.compactMap { local[$0] }.filter { $0.isDone && isSynced($0.id) }
        guard !series.isEmpty else { return }
        // Next tasks made here as they were made, never sent, by their text.
        var madeHere: [String: [TaskItem]] = [:]
        for task in list where task.recurrence != nil && task.modifiedAt == nil && !task.isDone && !isSynced(task.id)
            && server.fetched[task.id] == nil {
            madeHere[task.text, default: []].append(task)
        }
        // New on the server: open series another client made.
        let newThere = server.fetched.values.map(\.task).filter { task in
            task.id.map { local[$0] == nil && !isSynced($0) } ?? false && task.doneAt == nil && task.recurrence != nil
        }
        for checked in series.sorted(by: { $0.id.uuidString < $1.id.uuidString }) {
            guard let next = madeHere[checked.text]?.first(where: {
                NextTask.follows($0, series: checked.id, checkedOffWhenDue: checked.due, as: checked, timeZone: timeZone)
            }),
                  let there = server.fetched[checked.id]?.task else { continue }
            // Counted from a due long past, the other client's next due may be an earlier one than
            // the one made here, which counts from today: any later than the series' is its next.
            if there.doneAt == nil, there.recurrence?.rule == next.recurrence?.rule, Self.isLater(there.due, than: checked.due) {
                movedOn[checked.id] = checked.due
            } else if there.doneAt != nil, let other = newThere.first(where: {
                $0.text == next.text && Self.isLater($0.due, than: checked.due) && $0.recurrence?.rule == next.recurrence?.rule
            }), let id = other.id, !replaced.values.contains(id) {
                replaced[next.id] = id
            }
        }
    }

    /// Whether `due` is later than `series`' (a day's at its midnight in UTC, as todoman makes a day's
    /// next one a time then).
    private static func isLater(_ due: Due?, than series: Due?) -> Bool {
        guard let due, let series else { return due != nil && series == nil }
        func moment(_ due: Due) -> Date {
            switch due {
            case let .day(day): day.instant(hour: 0, minute: 0, in: utc)
            case let .instant(instant): instant
            }
        }
        return moment(due) > moment(series)
    }

    private static let utc = TimeZone(identifier: "UTC")!
}
