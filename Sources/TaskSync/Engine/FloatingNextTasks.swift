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
    /// How a sync counts such a next task again.
    struct Counted {
        /// The zone whose clock the series' due was counted in, when the system knows it (this
        /// machine's too: the check-off may have been in another): the next task's due is counted
        /// there (`due`), and its time of day there is its time here (`ICalendarResource.recounted`;
        /// read in Berlin and checked off in Tokyo, the next task was written at the time its
        /// moment is in Tokyo: found by an independent tester).
        var zone: TimeZone?
        /// The next task's due, counted in `zone` from the series' due there when it was made here
        /// from that due and not changed since. Counted here, a weekly series due on Sundays at
        /// 23:00 read in Berlin, its moment 07:00 on Monday in Tokyo, was followed on a Saturday
        /// (found by an independent tester). One changed here was typed in this zone (`zone` nil).
        var due: Due?
    }

    /// The tasks of `list` never synced that follow such a series (`NextTask.follows`), or follow
    /// one of those (the next task checked off here too), each as a sync counts it again.
    static func of(list: TaskList, state: SyncState, timeZone: TimeZone) -> [TaskItem.ID: Counted] {
        let new = list.filter { task in
            // One the server holds already, sent by another laptop that checked the series off too, as well.
            guard case .instant? = task.due, state.items[task.id.uuidString.lowercased()] == nil else { return false }
            return !ICalendarResource.isFloating(task)
        }
        guard !new.isEmpty else { return [:] }
        // Each series checked off, with its due counted where it was read: its own, which that
        // zone's clock reads. One checked off and then back on (a plain task since, changed since
        // the last sync) left its next task: it was written in this zone (found by an independent tester).
        let lastSync = state.lastSync ?? .distantPast
        // Counted there when that is this zone too: the check-off may have been in another (this
        // machine's zone then), and its next task was written as counted there, a day off (found by
        // an independent tester: read in Honolulu, checked off in Tokyo, synced in Honolulu).
        var series = list.filter { task in
            (task.isDone || (task.recurrence == nil && (task.modifiedAt ?? task.createdAt) > lastSync)) && ICalendarResource.isFloating(task)
        }.map { task in
            (task, Counted(zone: ICalendarResource.floatingZone(task), due: task.due))
        }
        // A next task's rule: one checked off here too keeps it no more (nor once checked back on,
        // a plain task since), its own next task does (found by an independent tester: counted at
        // its moment, it was a day off, and its next task a week early).
        func rule(of task: TaskItem) -> Recurrence? {
            var task = task
            for _ in 0...new.count {
                guard task.recurrence == nil else { return task.recurrence }
                guard let next = new.first(where: { checkOffZones(of: $0, series: task, read: nil, timeZone: timeZone) != nil }) else {
                    return nil
                }
                task = next
            }
            return nil
        }
        var found: [TaskItem.ID: Counted] = [:]
        while !series.isEmpty {
            var next: [(TaskItem, Counted)] = []
            for task in new where found[task.id] == nil {
                guard let (checkedOff, counted, zones) = series.lazy.compactMap({ series, counted in
                    checkOffZones(of: task, series: series, read: counted.zone, timeZone: timeZone).map { (series, counted, $0) }
                }).first else { continue }
                let recounted = Self.counted(task, by: rule(of: task), following: checkedOff, checkedOffIn: zones,
                                             counted: counted)
                found[task.id] = recounted
                next.append((task, recounted))
            }
            series = next
        }
        return found
    }

    /// The zones whose clock may have counted `next` as the next task of `series` checked off here,
    /// when it is: the one whose clock gave it its identity (`NextTask.isFollower`), this
    /// machine's or `read` (the series') first, else the named zones of the offset from UTC that
    /// did (the machine has moved since: found by an independent tester, the next task changed
    /// before the sync, or the series checked back on, was counted at its moment here, or not
    /// known as the next task at all); this machine's when it follows by its making alone (its
    /// identity was taken).
    private static func checkOffZones(of next: TaskItem, series: TaskItem, read: TimeZone?, timeZone: TimeZone) -> [TimeZone]? {
        func gaveIdentity(_ zone: TimeZone) -> Bool {
            NextTask.isFollower(next, series: series.id, checkedOffWhenDue: series.due, timeZone: zone)
        }
        if let zone = ([timeZone] + (read.map { [$0] } ?? [])).first(where: gaveIdentity) { return [zone] }
        // Its check-off changed the series when it made `next`: one unchanged since cannot be its.
        if (series.modifiedAt ?? series.createdAt) >= next.createdAt, case let .instant(due)? = series.due {
            var tried: Set<Int> = []
            for zone in namedZones {
                let offset = zone.secondsFromGMT(for: due)
                guard tried.insert(offset).inserted, let fixed = TimeZone(secondsFromGMT: offset), gaveIdentity(fixed) else { continue }
                return namedZones.filter { $0.secondsFromGMT(for: due) == offset }
            }
        }
        // Known by its making alone (its identity was taken) only then: the series and it have one
        // text and moment in any zone, and this one's clock, taken first, made a next task starred
        // since its check-off in another zone a day off (found by an independent tester).
        return NextTask.follows(next, series: series.id, checkedOffWhenDue: series.due, as: series, timeZone: timeZone)
            ? [timeZone] : nil
    }

    /// The zones this system names, made when first needed.
    private static let namedZones = TimeZone.knownTimeZoneIdentifiers.compactMap(TimeZone.init(identifier:))

    /// `next`, whose series' rule is `rule`, counted in the zone its series (`series`, `counted`
    /// so) was: from the series' due there, when `next` is as its check-off here made it (never
    /// changed since, or due when a check-off in one of `zones` makes it due, at its making: the
    /// series may be open again); else in this zone (changed here), or, its rule gone, at its
    /// moment there.
    private static func counted(_ next: TaskItem, by rule: Recurrence?, following series: TaskItem,
                                checkedOffIn zones: [TimeZone], counted: Counted) -> Counted {
        guard let zone = counted.zone else { return Counted(zone: nil, due: next.due) }
        guard let rule else { return Counted(zone: zone, due: next.due) }
        let done = next.createdAt
        guard next.modifiedAt == nil || zones.contains(where: { checkOffZone in
            SyncFields.sameDue(following(series.due, by: rule, checkedOffAt: done, in: checkOffZone), next.due)
        }) else {
            return Counted(zone: nil, due: next.due)
        }
        return Counted(zone: zone, due: following(counted.due, by: rule, checkedOffAt: done, in: zone))
    }

    /// The due of the task that follows one due `due` by `rule`, checked off at `done`, counted in
    /// `zone`, as a check-off counts it (`toggleDone`).
    private static func following(_ due: Due?, by rule: Recurrence, checkedOffAt done: Date, in zone: TimeZone) -> Due {
        var rule = rule
        rule.minuteOfDay = nil
        let anchored = rule.anchored(on: due?.day(in: rule.countingZone(zone)) ?? CalendarDay(done, in: zone))
        return anchored.following(due, completed: done, in: zone).due
    }
}
