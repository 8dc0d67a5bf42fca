import Foundation
import TaskInterchange
import TaskModel

/// The next tasks made here of a series due at a floating time (read so from another client: the
/// same time wherever one is, `ICalendarResource.isFloating`) are floating too: a sync writes them
/// so, and the list keeps them so. Each was written in this machine's zone, and a phone in another
/// showed the series at another time (found by an independent tester); so did the next task of
/// one checked off on two laptops, the second writing it in its zone over the first's (found by
/// another).
enum FloatingNextTasks {
    /// The tasks of `list` never synced that follow such a series (`NextTask.follows`), or follow
    /// one of those (the next task checked off here too).
    static func of(list: TaskList, state: SyncState, timeZone: TimeZone) -> Set<TaskItem.ID> {
        let new = list.filter { task in
            // One the server holds already, sent by another laptop that checked the series off too, as well.
            guard case .instant? = task.due, state.items[task.id.uuidString.lowercased()] == nil else { return false }
            return !ICalendarResource.isFloating(task)
        }
        guard !new.isEmpty else { return [] }
        var series = list.filter { $0.isDone && ICalendarResource.isFloating($0) }
        var found: Set<TaskItem.ID> = []
        while !series.isEmpty {
            let next = new.filter { task in
                !found.contains(task.id) && series.contains {
                    NextTask.follows(task, series: $0.id, checkedOffWhenDue: $0.due, as: $0, timeZone: timeZone)
                }
            }
            found.formUnion(next.map(\.id))
            series = next
        }
        return found
    }
}
