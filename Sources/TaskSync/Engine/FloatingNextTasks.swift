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
    /// one of those (the next task checked off here too), each with the zone whose clock the
    /// series' due was counted in, when it was read in another than this machine's: the next task
    /// was counted from it, and is counted here again (`ICalendarResource.floatingZone`; read in
    /// Berlin and checked off in Tokyo, the next task was written at the time its moment is in
    /// Tokyo: found by an independent tester).
    static func of(list: TaskList, state: SyncState, timeZone: TimeZone) -> [TaskItem.ID: TimeZone?] {
        let new = list.filter { task in
            // One the server holds already, sent by another laptop that checked the series off too, as well.
            guard case .instant? = task.due, state.items[task.id.uuidString.lowercased()] == nil else { return false }
            return !ICalendarResource.isFloating(task)
        }
        guard !new.isEmpty else { return [:] }
        var series = list.filter { $0.isDone && ICalendarResource.isFloating($0) }.map { task in
            (task, ICalendarResource.floatingZone(task).flatMap { $0.identifier == timeZone.identifier ? nil : $0 })
        }
        var found: [TaskItem.ID: TimeZone?] = [:]
        while !series.isEmpty {
            var next: [(TaskItem, TimeZone?)] = []
            for task in new where found[task.id] == nil {
                guard let (_, zone) = series.first(where: { series, _ in
                    NextTask.follows(task, series: series.id, checkedOffWhenDue: series.due, as: series, timeZone: timeZone)
                }) else { continue }
                found[task.id] = .some(zone)
                next.append((task, zone))
            }
            series = next
        }
        return found
    }
}
