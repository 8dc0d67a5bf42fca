import Foundation
import TaskInterchange
import TaskModel

/// A series checked off here and, before this sync, on another client too: each made the next task
/// its own way, and the list is to end with one. tasks makes a new task (`IdentityGenerator.follower`);
/// tasks.org moves the series' own to-do on to its next due, open; todoman completes it and makes a
/// new to-do. The list ended with two next tasks beside todoman, and beside tasks.org the series
/// checked off here showed the next due (found by an independent tester).
///
/// The other client's next task is known by its text, the series', a due after the series' (and
/// before the one after the next task made here, unless the server holds no change of that one:
/// another laptop's next-next comes with it), and, open, the series' rule. The next task made here
/// is known by its identity, renamed since or not. Where the next task made here is as it was
/// made, the other's takes its place when it was checked off or re-dated there (todoman made the
/// one after it; the phone's user moved it) or the one here was never sent; else (sent already,
/// checked off, changed here) the other's is removed there, unless it says more than the series
/// (a note, an alarm, a tag: a task of its own someone added), and the one here takes its due when
/// it was re-dated there after the change here. It stayed beside it, open, and so
/// it did where the next task was checked off on either side, renamed here, or re-dated there
/// (found by independent testers).
struct DoubleCheckOff {
    /// Series checked off here whose copy on the server the other client moved on to a later due,
    /// open: the server's copy is taken for checked off on the due it has here (the value), the
    /// one this sync writes there.
    private(set) var movedOn: [TaskItem.ID: TaskItem] = [:]
    /// Next tasks made here that take a due the other client gave: as they were made, of a series
    /// it moved on past their due (its next one checked off there too, or the series re-dated),
    /// the series' due there; changed here since, the due of its own next task re-dated there later.
    private(set) var caughtUp: [TaskItem.ID: Due] = [:]
    /// Next tasks made here that the other client's own next task of the same series replaces,
    /// by the identity of that one: removed here, and there when sent. One as it was made (never
    /// changed) gives way to one checked off there, and to an open one when it was never sent.
    private(set) var replaced: [TaskItem.ID: TaskItem.ID] = [:]
    /// The other client's next tasks of a series whose next task here was sent, or changed, since
    /// it was made, that say nothing the series did not: removed there, never taken.
    private(set) var dropped: Set<TaskItem.ID> = []

    /// `lastSyncedRule` gives the rule of a series checked off here as it was last synced (the
    /// check-off took it off), nil when none.
    init(list: TaskList, local: [TaskItem.ID: TaskItem], server: ServerTasks, state: SyncState, timeZone: TimeZone,
         lastSyncedRule: (TaskItem.ID) -> Recurrence.Rule?) {
        func isSynced(_ id: TaskItem.ID) -> Bool { state.items[id.uuidString.lowercased()] != nil }
        // Series checked off here that the server changed too, and series (or tasks checked off)
        // another client made: few, whatever the size of the list.
        let changedThere = server.fetched.keys.compactMap { local[$0] }.filter { $0.isDone && isSynced($0.id) }
        let newThere = server.fetched.values.map(\.task).filter { (task: TaskImport) -> Bool in
            guard let id = task.id, local[id] == nil, !isSynced(id) else { return false }
            return task.doneAt != nil || task.recurrence != nil
        }.sorted { (Self.moment($0.due), $0.id?.uuidString ?? "") < (Self.moment($1.due), $1.id?.uuidString ?? "") }
        guard !changedThere.isEmpty || !newThere.isEmpty else { return }
        // The tasks here of those texts: the series checked off, and their next tasks.
        let texts = Set(newThere.map(\.text) + changedThere.map(\.text))
        var byText: [String: [TaskItem]] = [:]
        for task in list where texts.contains(task.text) { byText[task.text, default: []].append(task) }
        // The tasks made at the moment a series of those texts was checked off, read once when
        // asked: next tasks whose text was changed here since.
        var madeAtCheckOff: [Date: [TaskItem]]?
        func made(at time: Date) -> [TaskItem] {
            if madeAtCheckOff == nil {
                let times = Set(byText.values.joined().compactMap(\.doneAt))
                var made: [Date: [TaskItem]] = [:]
                for task in list where times.contains(task.createdAt) { made[task.createdAt, default: []].append(task) }
                madeAtCheckOff = made
            }
            return madeAtCheckOff?[time] ?? []
        }
        func next(of series: TaskItem) -> TaskItem? {
            func follows(_ task: TaskItem) -> Bool {
                task.id != series.id && NextTask.follows(task, series: series.id, checkedOffWhenDue: series.due, as: series, timeZone: timeZone)
            }
            if let next = byText[series.text]?.first(where: follows) { return next }
            // Renamed here since it was made: found by its identity among the tasks made with it.
            guard let checkedOff = series.doneAt else { return nil }
            return made(at: checkedOff).first(where: follows)
        }
        // How the series goes on: the rule of the first task after it that still has one.
        func rule(after series: TaskItem) -> Recurrence.Rule? {
            var task = series
            for _ in 0..<(byText[series.text]?.count ?? 0) {
                guard let after = next(of: task) else { return nil }
                if let recurrence = after.recurrence { return recurrence.rule }
                task = after
            }
            return nil
        }

        for checked in changedThere.sorted(by: { $0.id.uuidString < $1.id.uuidString }) {
            // Counted from a due long past, the other client's next due may be an earlier one than
            // the one made here, which counts from today: any later than the series' is its next.
            guard let there = server.fetched[checked.id]?.task, there.doneAt == nil, there.recurrence != nil,
                  Self.isLater(there.due, than: checked.due), let next = next(of: checked) else { continue }
            movedOn[checked.id] = checked
            // Moved on twice there (tasks.org keeps no record of a check-off but the due), or
            // re-dated there past the next one's due: the next one here takes that due. It stayed
            // open on its own (found by independent testers).
            if let due = there.due, next.modifiedAt == nil, !next.isDone, server.fetched[next.id] == nil,
               Self.isLater(due, than: next.due) {
                caughtUp[next.id] = due
            }
        }
        var matched: Set<TaskItem.ID> = []
        for other in newThere {
            guard let id = other.id else { continue }
            // The series is the one checked off here latest before the other's next due, synced,
            // that the server holds checked off (or as last synced: the check-off sent).
            let series = byText[other.text, default: []].filter { task in
                task.isDone && isSynced(task.id) && Self.isLater(other.due, than: task.due)
                    && (server.fetched[task.id].map { $0.task.doneAt != nil } ?? true)
            }.max { Self.moment($0.due) < Self.moment($1.due) }
            // An open one repeats as the series does (one checked off there may have lost its
            // rule): as its next task here does, or, that one's rule changed here since, as the
            // series did when last synced, its check-off here not sent yet (both stayed open,
            // found by an independent tester).
            guard let series, !matched.contains(series.id), let next = next(of: series) else { continue }
            if other.doneAt == nil {
                guard let counted = other.recurrence?.rule,
                      counted == rule(after: series) || counted == lastSyncedRule(series.id) else { continue }
            }
            // Due on or after the one after the next task made here, it is that one's next (another
            // laptop's, which sent the next one checked off with it), or the other's next task
            // re-dated there that far: only the latter replaces the one made here, never removed.
            let inTurn = Self.isBefore(other.due, theOneAfter: next, timeZone: timeZone)
            guard inTurn || server.fetched[next.id] == nil else { continue }
            // Re-dated there, or checked off, the other's carries a change the one made here lacks.
            let untouched = next.modifiedAt == nil && !next.isDone && server.fetched[next.id] == nil
            if untouched, other.doneAt != nil || !isSynced(next.id) || Self.moment(other.due) != Self.moment(next.due) {
                replaced[next.id] = id
            } else if inTurn, Set(other.tags) == Set(series.tags), other.isFavorite == series.isFavorite,
                      !ICalendarResource.saysMore(other.foreign["icalendar"], than: series.foreign["icalendar"]) {
                dropped.insert(id)
                // Re-dated there after the one here was changed: the one here takes that due, the
                // later change (it was lost, found by an independent tester).
                if let due = other.due, !next.isDone, Self.moment(due) != Self.moment(next.due),
                   !other.isUnchangedSinceMade, let changedThere = other.modifiedAt, changedThere > next.modifiedAt ?? next.createdAt {
                    caughtUp[next.id] = due
                }
            } else {
                continue
            }
            matched.insert(series.id)
        }
    }

    /// Whether `due` is before the due of the task after `next`, as its rule counts from its due
    /// (checked off that day); not later than its own when it does not repeat.
    private static func isBefore(_ due: Due?, theOneAfter next: TaskItem, timeZone: TimeZone) -> Bool {
        guard let recurrence = next.recurrence, let nextDue = next.due else { return !isLater(due, than: next.due) }
        let onItsDay = switch nextDue {
        case let .day(day): day.instant(hour: 12, minute: 0, in: recurrence.countingZone(timeZone))
        case let .instant(instant): instant
        }
        return moment(due) < moment(recurrence.next(after: nextDue, completed: onItsDay, in: timeZone))
    }

    /// Whether `due` is later than `series`' (a day's at its midnight in UTC, as todoman makes a day's
    /// next one a time then).
    private static func isLater(_ due: Due?, than series: Due?) -> Bool {
        guard let due, let series else { return due != nil && series == nil }
        return moment(due) > moment(series)
    }

    /// The moment of a due, a day's at its midnight in UTC; none: the earliest.
    private static func moment(_ due: Due?) -> Date {
        switch due {
        case let .day(day)?: day.instant(hour: 0, minute: 0, in: utc)
        case let .instant(instant)?: instant
        case nil: .distantPast
        }
    }

    private static let utc = TimeZone(identifier: "UTC")!
}
