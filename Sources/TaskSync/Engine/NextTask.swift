import Foundation
import TaskModel

/// How a sync knows a new task here as the next task of a series checked off here.
enum NextTask {
    /// Whether `next` follows the series `id`, checked off when it was due `due` (`series`: that
    /// series as the list holds it, nil when it holds it no more): by its identity
    /// (`IdentityGenerator.follower`, by the clock of the zone the series counts in, which its next
    /// task counts in too), or, where that one was taken, by its text and its making at the moment
    /// the series was checked off.
    static func follows(_ next: TaskItem, series id: TaskItem.ID, checkedOffWhenDue due: Due?, as series: TaskItem?,
                        timeZone: TimeZone) -> Bool {
        isFollower(next, series: id, checkedOffWhenDue: due, timeZone: timeZone)
            || series.map { $0.doneAt == next.createdAt && $0.text == next.text } ?? false
    }

    /// Whether `next` follows the series `id` by its identity alone: of series of one text checked
    /// off by one command, each other's next task is made at the same moment.
    static func isFollower(_ next: TaskItem, series id: TaskItem.ID, checkedOffWhenDue due: Due?, timeZone: TimeZone) -> Bool {
        IdentityGenerator.follower(of: id, checkedOffWhenDue: due, in: next.recurrence?.countingZone(timeZone) ?? timeZone) == next.id
    }
}
