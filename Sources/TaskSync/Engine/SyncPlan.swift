import Foundation
import TaskInterchange
import TaskModel

/// What a sync is to do, task by task, decided before anything is written: each task merged
/// (`SyncMerge`) from its state at the last sync (the base), the list's, and the server's; then the
/// order (`SortOrder`): tasks the server moved are placed here, and tasks moved here get new
/// `X-APPLE-SORT-ORDER` values there.
struct SyncPlan {
    /// A write to the server.
    struct Write {
        var id: TaskItem.ID
        var href: String
        /// The body of a PUT; nil for a DELETE.
        var body: [UInt8]?
        /// The ETag the resource must still have; nil: it must not exist (a PUT) or is unknown.
        var etag: String?
        var isNew: Bool
    }

    /// A task the server is to hold after the sync: what a PUT of it would send, and where.
    private struct Kept {
        var task: TaskItem
        var href: String
        var etag: String?
        /// Whether its fields need writing, whatever its order.
        var writes: Bool
        /// What its order is read from: its value on the server now (or at the last sync) and
        /// then, and whether it was moved there or here, as its times say (`movedHere`). After
        /// `planOrder` reads the moves (`readMoves`), `movedThere` says whether it takes the
        /// server's place, and `movedHere` whether it keeps its place here: one with no value is
        /// written with one, and one out of order given a new one.
        var order: SyncMoves.Task

        /// Whether the server does not hold it: a PUT makes it.
        var isNew: Bool { !order.onServer }
    }

    /// The list's tasks by identity, as read for the plan.
    let local: [TaskItem.ID: TaskItem]
    /// Every task concerned, the list's in its order first.
    private(set) var order: [TaskItem.ID] = []
    private(set) var writes: [Write] = []
    /// What the list is to hold of each task it changes, and the tasks it loses.
    private(set) var localWrites: [TaskItem.ID: TaskImport] = [:]
    /// What the list holds of a task after the first of its two steps, where the server's side won
    /// a conflict over a value here (`SyncMerge.keepingLocal`): this side's values of those fields
    /// (nil: not in the list, a task removed here); the second step writes `localWrites`' values,
    /// so that `undo` takes back just what the conflicts replaced.
    private(set) var beforeConflicts: [TaskItem.ID: TaskImport?] = [:]
    private(set) var localRemovals: [TaskItem.ID] = []
    /// Where tasks go in the list, in this order, after the writes: those the server moved or added.
    private(set) var placements: [(id: TaskItem.ID, place: Placement)] = []
    /// The state to keep of each task the server is not written for (nil: forget it).
    private(set) var settled: [TaskItem.ID: SyncState.Item?] = [:]
    private(set) var conflicts: [TaskItem.ID: [SyncConflict]] = [:]
    /// Tasks changed here since the last sync that are left alone, the server's copy being one
    /// tasks cannot read (`ServerTasks.leftAlone`).
    private(set) var notSent = 0
    private var kept: [TaskItem.ID: Kept] = [:]
    /// The tasks that hold each member's path, here (the items) or there (fetched): worked out when
    /// a task first needs a new member (`freeHref`).
    private var holders: [String: [TaskItem.ID]]?
    /// New tasks here that follow a series checked off here whose copy on the server is left alone
    /// (`heldBack(list:local:server:state:timeZone:dueOf:)`): not sent while the check-off is not.
    private var heldBack: Set<TaskItem.ID> = []
    /// Series checked off here and on another client since the last sync.
    private let checkOffs: DoubleCheckOff
    /// New tasks here that follow a series due at a floating time: written floating, counted again
    /// from the zone the series was read in, if another (`FloatingNextTasks`).
    private let floating: [TaskItem.ID: FloatingNextTasks.Counted]
    /// Next tasks of a series changed on one side while the other checked it off.
    private let seriesChanges: SeriesChangedWhileCheckedOff

    /// The plan for `list` and the `server`'s changes since `state`; `bases` reads the base of an
    /// item that was loaded without it (by the task's identity, lower case), `remembered` the base
    /// a task had before the list was unpaired (`SyncRun.remembered`).
    init(list: TaskList, server: ServerTasks, state: SyncState, timeZone: TimeZone, now: Date,
         bases: (String) throws(SyncError) -> String? = { _ in nil },
         remembered: (String) -> SyncRun.Remembered? = { _ in nil }) throws(SyncError) {
        var local: [TaskItem.ID: TaskItem] = [:]
        local.reserveCapacity(list.count)
        for task in list { local[task.id] = task }
        self.local = local
        order = list.map(\.id)
        let others = Set(state.items.keys.compactMap(UUID.init(uuidString:))).union(server.fetched.keys)
            .union(server.leftAlone.keys).subtracting(local.keys)
        // The server's new tasks by when they were made: those with no order value are appended so.
        let made = { (id: TaskItem.ID) in Self.made(server.fetched[id]?.task.createdAt, id) }
        order += others.sorted { made($0) < made($1) }
        // Every task is planned, most of them kept as they are (a sync of 1,000 tasks spent a
        // millisecond growing these).
        kept.reserveCapacity(order.count)
        settled.reserveCapacity(order.count)
        // A task as it was last synced, read from its base: few are asked for.
        func lastSynced(_ id: TaskItem.ID) -> TaskImport? {
            let key = id.uuidString.lowercased()
            guard let base = state.items[key]?.base ?? (try? bases(key)) ?? nil else { return nil }
            return try? ICalendarResource.read(Array(base.utf8), timeZone: timeZone, now: now)
        }
        // A series removed here is known by the due it had when last synced.
        heldBack = Self.heldBack(list: list, local: local, server: server, state: state, timeZone: timeZone) { id in
            if let task = local[id] { return task.due }
            return lastSynced(id)?.due
        }
        checkOffs = DoubleCheckOff(list: list, local: local, server: server, state: state, timeZone: timeZone,
                                   lastSynced: lastSynced)
        floating = FloatingNextTasks.of(list: list, state: state, timeZone: timeZone)
        seriesChanges = SeriesChangedWhileCheckedOff(list: list, local: local, server: server, state: state, timeZone: timeZone,
                                                     lastSynced: lastSynced)
        for id in order {
            try plan(id, server: server, state: state, timeZone: timeZone, now: now, bases: bases, remembered: remembered)
        }
        planOrder(listed: list.map(\.id), timeZone: timeZone) { lastSynced($0)?.modifiedAt }
    }

    /// The tasks made here that follow a series whose copy on the server is left alone (the phone
    /// excluded a date), checked off here: the check-off is not sent, and sent without it, the next
    /// task made a second series there, beside the phone's, still open (found by an independent
    /// tester). So does it once the series is cleared, removed or checked off again here, which
    /// are not sent either (found by another). So is the one after it. They are sent with the
    /// series' changes, once the server's copy reads again. A next task is known as such by
    /// `NextTask.follows`, of the series' due (`dueOf`).
    private static func heldBack(list: TaskList, local: [TaskItem.ID: TaskItem], server: ServerTasks,
                                 state: SyncState, timeZone: TimeZone, dueOf: (TaskItem.ID) -> Due?) -> Set<TaskItem.ID> {
        var series = Set(state.items.compactMap { $0.value.unreadableThere == true ? UUID(uuidString: $0.key) : nil })
            .union(server.leftAlone.keys).filter { server.fetched[$0] == nil && !server.removed.contains($0) }
        guard !series.isEmpty else { return [] }
        let new = list.filter { $0.due != nil && state.items[$0.id.uuidString.lowercased()] == nil && server.fetched[$0.id] == nil }
        var held: Set<TaskItem.ID> = []
        while !series.isEmpty {
            let next = new.filter { task in
                !held.contains(task.id) && series.contains { id in
                    NextTask.follows(task, series: id, checkedOffWhenDue: dueOf(id), as: local[id], timeZone: timeZone)
                }
            }
            held.formUnion(next.map(\.id))
            series = Set(next.map(\.id))
        }
        return held
    }

    /// The zone `task`'s due was counted in when it is floating and that is another zone than
    /// `timeZone`: it is counted here again (`plan`), though neither side changed it, so that it
    /// shows here at the time of day it has there (found by an independent tester: it showed at
    /// its moment in Berlin in Tokyo until it was changed).
    private static func floatingElsewhere(_ task: TaskItem, timeZone: TimeZone) -> TimeZone? {
        guard case .instant? = task.due, let zone = ICalendarResource.floatingZone(task),
              zone.identifier != timeZone.identifier else { return nil }
        return zone
    }

    /// The path of a new member for the task `id` (of `key`): `KEY.ics` in the task list, or when
    /// another task holds that name here or there, the first of `KEY-2.ics`, `KEY-3.ics`… that
    /// none holds. A task put under a name another client's to-do holds was refused every sync
    /// (found by an independent tester).
    private mutating func freeHref(_ id: TaskItem.ID, key: String, server: ServerTasks, state: SyncState) -> String {
        let collection = state.pairing.url
        if holders == nil {
            var found: [String: [TaskItem.ID]] = [:]
            for (other, fetched) in server.fetched { found[HrefPath.of(fetched.href, in: collection), default: []].append(other) }
            for (other, item) in state.items {
                if let other = UUID(uuidString: other) { found[HrefPath.of(item.href, in: collection), default: []].append(other) }
            }
            holders = found
        }
        var number = 1
        while true {
            let href = collection.appendingPathComponent(number == 1 ? key + ".ics" : "\(key)-\(number).ics").path
            if holders?[HrefPath.of(href, in: collection)]?.allSatisfy({ $0 == id }) ?? true { return href }
            number += 1
        }
    }

    /// The fields of the one of two copies of a task that was never changed since it was made (no
    /// `modifiedAt` here; a `LAST-MODIFIED` of its `CREATED` second there), when the other was.
    private static func untouched(local: TaskItem?, remote: TaskImport?) -> SyncFields? {
        guard let local, let remote else { return nil }
        let localUntouched = local.modifiedAt == nil
        let remoteUntouched = remote.isUnchangedSinceMade
        guard localUntouched != remoteUntouched else { return nil }
        return localUntouched ? SyncFields(local) : SyncFields(remote)
    }

    private mutating func plan(_ id: TaskItem.ID, server: ServerTasks, state: SyncState, timeZone: TimeZone, now: Date,
                               bases: (String) throws(SyncError) -> String?, remembered: (String) -> SyncRun.Remembered?) throws(SyncError) {
        let key = id.uuidString.lowercased()
        let fetched = server.fetched[id]
        // A new task a cut sync was sending that the server does not name did not arrive: forgotten,
        // unless it is sent again below.
        let stored = state.items[key]
        var item = stored.flatMap { $0.inFlight?.isAdding == true && fetched == nil ? nil : $0 }
        if stored != nil, item == nil { settled[id] = .some(nil) }
        // A change a cut sync was sending, or a task it was putting back (the server had removed
        // it): the server holding what was sent, it arrived, and is the base both sides agree on;
        // else a change is merged again against the base it was sent over, and a task put back
        // against what was sent, but for the fields the server holds as agreed before
        // (`SyncFields.putBackBase`: another client changed it since, or another copy put it back).
        var putBackHeldOtherwise: String?
        switch item?.inFlight {
        case let .changing(sent)?, let .puttingBack(sent)?:
            if let fetched, ServerWrites.sameTask(Array(fetched.data.utf8), Array(sent.utf8), timeZone: timeZone, now: now) {
                item = SyncState.Item(href: fetched.href, etag: fetched.etag, base: fetched.data, sortValue: SortOrder.value(in: fetched.data))
            } else if case .puttingBack? = item?.inFlight {
                putBackHeldOtherwise = sent
            }
            item?.inFlight = nil
            settled[id] = .some(item)
        case .adding?, .removing?, nil:
            break
        }
        // A removal a cut sync was sending: the server no longer holding the task, it arrived, and
        // the task is new to the server if the list holds it again (an undo since); else as before.
        if item?.inFlight == .removing {
            item?.inFlight = nil
            if fetched == nil, server.removed.contains(id) { item = nil }
            settled[id] = .some(item)
        }
        var localTask = local[id]
        if let counted = floating[id], let task = localTask {
            if let zone = counted.zone, case let .instant(instant)? = counted.due {
                localTask?.due = .instant(ICalendarResource.recounted(instant, from: zone, in: timeZone))
            }
            localTask?.foreign["icalendar"] = ICalendarResource.floating(task, in: timeZone)
        }
        if let taken = checkOffs.caughtUp[id] { localTask = localTask.map(taken.applied) }
        let left = server.leftAlone[id]
        // A to-do never synced that tasks cannot read is kept with no base: when the server changes
        // it into one tasks can read, it comes as a new task.
        if let item = item ?? left.map({ SyncState.Item(href: $0.href, etag: $0.etag, base: "") }), fetched == nil,
           !server.removed.contains(id), let unreadable = left?.unreadable ?? item.unreadableThere {
            // The server's copy is one tasks cannot read (or could not fetch now): neither side is
            // written, not even for its order, until the server changes it again; a change made
            // here stays here, said once.
            let fingerprint = localTask.map { SyncState.fingerprint(of: SyncFields($0), properties: $0.foreign["icalendar"]) }
            if fingerprint != item.fingerprint { notSent += 1 }
            var kept = item
            kept.unreadableThere = unreadable ? true : nil
            if let etag = left?.etag { kept.etag = etag }
            settled[id] = .some(kept)
            return
        }
        // The next task of a series left alone: not sent, nor kept, until the series' check-off is.
        if item == nil, heldBack.contains(id) { return }
        // The next task made here of a series another client checked off too, and made its own: that one stays.
        if checkOffs.replaced[id] != nil {
            localRemovals.append(id)
            if let item { writes.append(Write(id: id, href: item.href, body: nil, etag: item.etag, isNew: false)) }
            return
        }
        // The other client's next task of a series checked off on both, whose next task here was
        // sent or changed already: the one made here stays.
        if checkOffs.dropped.contains(id), let fetched {
            writes.append(Write(id: id, href: fetched.href, body: nil, etag: fetched.etag, isNew: false))
            return
        }
        if let item, let localTask, fetched == nil, !server.removed.contains(id), let fingerprint = item.fingerprint,
           SyncState.fingerprint(of: SyncFields(localTask), properties: localTask.foreign["icalendar"]) == fingerprint,
           Self.floatingElsewhere(localTask, timeZone: timeZone) == nil {
            // As both sides left it: only its order may change.
            let moved = try Self.movedHere(localTask, lastSync: state.lastSync) { () throws(SyncError) -> TaskImport? in
                let text: String?
                if let base = item.base { text = base } else { text = try bases(key) }
                return text.flatMap { try? ICalendarResource.read(Array($0.utf8), timeZone: timeZone, now: now) }
            }
            kept[id] = Kept(task: localTask, href: item.href, etag: item.etag, writes: false,
                            order: SyncMoves.Task(id: id, baseValue: item.sortValue, value: item.sortValue, movedThere: false,
                                                  changedThere: false, onServer: true, movedHere: moved, editedHere: false,
                                                  changedAt: localTask.modifiedAt ?? localTask.createdAt, changedThereAt: nil))
            return
        }
        var baseText = item?.base
        if baseText == nil, item != nil { baseText = try bases(key) }
        // Paired again with the task list it was paired with before: a task both sides hold merges
        // against what they last agreed on then, when it changed here since. (One that only one
        // side holds is the other's to take, as on a first pairing: a side replaced meanwhile gets
        // its tasks back. One that differs here though unchanged since is an older copy, a store
        // restored from a backup: its values were taken for changes here, and put back on the
        // server over later ones (found by an independent tester); with no base, each field goes
        // to the side changed later.)
        if item == nil, let localTask, fetched != nil, let former = remembered(key),
           former.agreedAt.map({ (localTask.modifiedAt ?? localTask.createdAt) >= $0 }) ?? false {
            baseText = former.base
        }
        let base = baseText.flatMap { try? ICalendarResource.read(Array($0.utf8), timeZone: timeZone, now: now) }
        // A floating due (09:00 wherever one is) read in another zone than this machine's is the
        // same due here, unless changed since: its moment counted in that zone is counted here.
        // It was taken for changed here, and written at the time that moment is here (found by an
        // independent tester: read in Berlin, renamed in Tokyo, the server's 09:00 became 17:00).
        if let task = localTask, let zone = Self.floatingElsewhere(task, timeZone: timeZone),
           let baseText, let there = try? ICalendarResource.read(Array(baseText.utf8), timeZone: zone, now: now),
           SyncFields.sameDue(there.due, task.due), let base {
            localTask?.due = base.due
            localTask?.foreign["icalendar"] = ICalendarResource.floating(task, in: timeZone)
        }
        // Not fetched: as the last sync left it, unless removed (or never there).
        var remoteTask = fetched?.task ?? (server.removed.contains(id) || item == nil ? nil : base)
        // A series checked off here that the other client moved on to a later due stays checked off
        // on its due here, and is written so: the next task is the one made here.
        if let checked = checkOffs.movedOn[id] {
            remoteTask?.due = checked.due
            remoteTask?.doneAt = checked.doneAt
            remoteTask?.recurrence = checked.recurrence
        }
        // With no base, a copy never changed since it was made (the next task of a recurring one both
        // copies checked off) is what both started from: the other copy's changes are kept, not
        // taken for conflicts that the copy made later won (found by an independent tester).
        let startedFrom = base == nil ? Self.untouched(local: localTask, remote: remoteTask) : nil
        // A series made here counts in the zone it is written in, on every copy of the list.
        let pin = SeriesZonePin(timeZone: timeZone)
        var baseFields = base.map(SyncFields.init) ?? startedFrom
        if let sent = putBackHeldOtherwise, let agreed = baseFields, let held = fetched?.task,
           let sentTask = try? ICalendarResource.read(Array(sent.utf8), timeZone: timeZone, now: now) {
            baseFields = SyncFields.putBackBase(agreed: agreed, sent: SyncFields(sentTask), held: SyncFields(held))
        }
        // Removed on one side, moved on the other: kept, as a change is.
        let baseValue = SortOrder.value(in: base?.foreign["icalendar"])
        let changedThere = remoteTask.map { base == nil || $0.modifiedAt != base?.modifiedAt } ?? false
        var movedBeforeRemoval: SyncSide?
        if let base, item != nil {
            if let localTask, remoteTask == nil, try Self.movedHere(localTask, lastSync: state.lastSync, base: { base }) {
                movedBeforeRemoval = .local
            } else if localTask == nil, let remoteTask, changedThere,
                      SortOrder.value(in: remoteTask.foreign["icalendar"]) != baseValue {
                movedBeforeRemoval = .remote
            }
        }
        let changedHereAt = localTask.map { $0.modifiedAt ?? $0.createdAt } ?? now
        var merge = SyncMerge.merge(base: baseFields.map { pin.pinned($0, foreign: base?.foreign["icalendar"]) },
                                    local: localTask.map { pin.pinned(SyncFields($0), foreign: $0.foreign["icalendar"]) },
                                    localChangedAt: changedHereAt,
                                    remote: remoteTask.map { pin.pinned(SyncFields($0), foreign: $0.foreign["icalendar"]) },
                                    remoteChangedAt: remoteTask?.modifiedAt, moved: movedBeforeRemoval)
        if !merge.conflicts.isEmpty { conflicts[id] = merge.conflicts }
        if let found = checkOffs.conflicts[id] { conflicts[id, default: []] += found }
        // A task a sync cut short was putting back, the server having removed it, is said kept now,
        // unless a change both sides made says more: which one was kept, which undo takes back
        // (the line of the removal hid it: found by an independent tester).
        if case .puttingBack? = stored?.inFlight, localTask != nil, conflicts[id] == nil {
            conflicts[id] = [.removal(on: .remote)]
        }
        // The server's copy of a series moved on there is open: written checked off.
        if checkOffs.movedOn[id] != nil, merge.fields != nil { merge.writesRemote = true }
        // So is a next task here that takes what the other client's says more (a note).
        if checkOffs.caughtUp[id]?.properties != nil, merge.fields != nil { merge.writesRemote = true }
        // The properties tasks does not model come from the server when it sent the task again.
        // A next task here that takes what the other client's says more (a note) takes it into those.
        var foreign = fetched?.task.foreign["icalendar"] ?? localTask?.foreign["icalendar"] ?? base?.foreign["icalendar"]
        if fetched != nil, let properties = checkOffs.caughtUp[id]?.properties {
            foreign = ICalendarResource.taking(properties, into: foreign)
        }
        merge.fields = merge.fields.map { pin.pinned($0, foreign: foreign) }
        // The next task of a series changed on the other side while this one checked it off (or
        // the reverse) takes that change too, on both sides.
        if let carried = seriesChanges.carried[id], let fields = merge.fields, carried.applied(to: fields) != fields {
            merge.fields = carried.applied(to: fields)
            merge.keepingLocal = merge.fields
            merge.writesLocal = true
            merge.writesRemote = true
        }
        merge.keepingLocal = merge.keepingLocal.map { pin.pinned($0, foreign: localTask?.foreign["icalendar"] ?? foreign) }
        let createdAt = localTask?.createdAt ?? remoteTask?.createdAt ?? now
        // Where the server holds it now (another client may have moved it: written under its old
        // name, each sync was refused); one new there (new here, or removed there and changed
        // here) under a name no other task holds.
        let href: String
        if let fetched {
            href = fetched.href
        } else if let item, !server.removed.contains(id) {
            href = item.href
        } else {
            href = freeHref(id, key: key, server: server, state: state)
        }
        let etag = remoteTask == nil ? nil : fetched?.etag ?? item?.etag

        guard let fields = merge.fields else {
            if localTask != nil, merge.writesLocal { localRemovals.append(id) }
            if remoteTask != nil, merge.writesRemote {
                writes.append(Write(id: id, href: href, body: nil, etag: etag, isNew: false))
            } else if item != nil {
                settled[id] = .some(nil)
            }
            return
        }
        // A series pinned to its zone here (`SeriesZonePin`), and a next task written floating or
        // caught up with the other client's series or next task, are written here too, whatever
        // else the merge says.
        if merge.writesLocal || local[id].map({ !Self.sameProperties($0.foreign["icalendar"], foreign) || $0.recurrence != fields.recurrence
                                                    || $0.due != fields.due }) ?? true || checkOffs.caughtUp[id] != nil {
            func imported(_ fields: SyncFields, foreign: String?, modifiedAt: Date?) -> TaskImport {
                TaskImport(id: id, text: fields.text, isFavorite: fields.isFavorite, doneAt: fields.doneAt,
                           createdAt: createdAt, foreign: ["icalendar": foreign ?? ""], due: fields.due,
                           tags: fields.tags, recurrence: fields.recurrence, modifiedAt: modifiedAt)
            }
            localWrites[id] = imported(fields, foreign: foreign, modifiedAt: remoteTask?.modifiedAt ?? now)
            if merge.replacesLocal {
                // Still this side's change as far as the fields the server won go, and its own
                // properties unless the server's say more than when they were stored and in which order.
                let kept = localTask?.foreign["icalendar"]
                let properties = Self.sameProperties(kept, foreign) ? kept : foreign
                beforeConflicts[id] = merge.keepingLocal.map { imported($0, foreign: properties, modifiedAt: localTask?.modifiedAt ?? now) }
            } else if let partial = checkOffs.beforeConflicts[id], let original = local[id] {
                // A next task here that took the other client's next task's later change of a field
                // its user changed too.
                let before = partial.applied(to: original)
                beforeConflicts[id] = imported(SyncFields(before), foreign: before.foreign["icalendar"],
                                               modifiedAt: original.modifiedAt ?? now)
            }
        }
        let task = TaskItem(id: id, text: fields.text, isFavorite: fields.isFavorite, doneAt: fields.doneAt,
                            createdAt: createdAt, foreign: foreign.map { ["icalendar": $0] } ?? [:], due: fields.due,
                            tags: fields.tags, recurrence: fields.recurrence,
                            // A task never changed here says so there: LAST-MODIFIED is its making, not
                            // this sync (`untouched(local:remote:)` reads it so).
                            modifiedAt: changedHereAt)
        let remoteValue = fetched.map { SortOrder.value(in: $0.task.foreign["icalendar"]) } ?? baseValue
        // Moved here, as its times say when its fields are as they were (the list's order says
        // whether one changed here was moved too: `SyncMoves`).
        var moved = false
        var edited = false
        if let localTask, item != nil, let baseFields, let lastSync = state.lastSync {
            if SyncFields(localTask) == baseFields {
                moved = try Self.movedHere(localTask, lastSync: lastSync, base: { () throws(SyncError) -> TaskImport? in base })
            } else {
                edited = changedHereAt > lastSync
            }
        }
        kept[id] = Kept(task: task, href: href, etag: etag, writes: merge.writesRemote,
                        order: SyncMoves.Task(
                            id: id, baseValue: item == nil ? nil : baseValue, value: remoteValue,
                            // New from the server, or back from it (removed here, changed there): placed
                            // by its value (one back was put at the end, and written there: found by an
                            // independent tester); one both sides hold but never synced (a first sync cut
                            // short) keeps its place here.
                            movedThere: remoteValue != nil && (localTask == nil || (item != nil && remoteValue != baseValue)),
                            changedThere: changedThere, onServer: remoteTask != nil, movedHere: moved, editedHere: edited,
                            changedAt: changedHereAt, changedThereAt: remoteTask?.modifiedAt))
        if !merge.writesRemote, let fetched {
            settled[id] = SyncState.Item(href: fetched.href, etag: fetched.etag, base: fetched.data)
        } else if !merge.writesRemote, let item, localTask != nil {
            // As both sides left it, though its fingerprint did not say so (one kept by another
            // version): kept again, so that the run renews the fingerprint and the next sync need
            // not read its base.
            settled[id] = .some(item)
        }
    }

    /// The order both ways, then the writes of the tasks the server keeps: first the moves are read
    /// (`readMoves`), and each task the server moved (or added with a value) is placed among the
    /// list's by value, those moved here staying where they are (`SyncMoves.arrange`); then the
    /// values are made to follow the list's order, and a task whose value changes is written for
    /// that alone.
    private mutating func planOrder(listed: [TaskItem.ID], timeZone: TimeZone, modifiedThere: (TaskItem.ID) -> Date?) {
        let removed = Set(localRemovals)
        readMoves(listed: listed.filter { !removed.contains($0) })
        let kept = kept
        // The list's tasks that stay, in its order: the other client's next task of a series checked
        // off on both takes the place of the one made here.
        var staying: [TaskItem.ID] = []
        var substituted: Set<TaskItem.ID> = []
        for id in listed {
            if let other = checkOffs.replaced[id], let task = kept[other], !task.order.movedThere {
                substituted.insert(other)
                staying.append(other)
            } else if !removed.contains(id) {
                staying.append(id)
            }
        }
        if !substituted.isEmpty {
            let unmoved = staying.filter { kept[$0]?.order.movedThere != true }
            for (index, id) in unmoved.enumerated() where substituted.contains(id) {
                if index > 0 {
                    placements.append((id, .after(unmoved[index - 1])))
                } else if let first = unmoved.first(where: { !substituted.contains($0) }) {
                    placements.append((id, .before(first)))
                }
            }
        }
        // Tasks the server added are appended by the import: each one placed (with those it moved) by value.
        // The first of those the import appends with no value: on a first sync, a task with one
        // goes before them, as on the copies of the list they reached later (it stayed among them,
        // where the import put it: found by an independent tester).
        let made = { (id: TaskItem.ID) in Self.made(kept[id]?.task.createdAt, id) }
        let firstWithNone = kept.filter { !$0.value.order.movedThere && local[$0.key] == nil }.keys.min { made($0) < made($1) }
        // Another app's to-do, as the server holds it: with no value.
        let noneThere = { (id: TaskItem.ID) in kept[id].map { $0.order.onServer && $0.order.value == nil } ?? false }
        // A task added here (or back) keeps its place, as one moved here does: placed among the tasks
        // that have a value, it went before another app's to-dos that the other copy of the list
        // had given values after it (found by an independent tester).
        let arranged = SyncMoves.arrange(local: staying,
                                         movedThere: kept.compactMap { id, task in task.order.movedThere ? task.order.value.map { (id, $0) } : nil },
                                         movedHere: Set(kept.filter { $0.value.order.movedHere || ($0.value.isNew && local[$0.key] != nil) }.keys),
                                         firstWithNone: firstWithNone, value: { kept[$0]?.order.value },
                                         noneThere: noneThere)
        placements += arranged.placements
        var sequence = arranged.sequence
        let placed = Set(sequence)
        // The tasks the server added with no value go among the to-dos at the list's end that keep
        // none (one moved here is given one; the next task of a series keeps the place of the one
        // made here), by when they were made (then by UID), where a new copy of the list has them
        // too. Appended as they came, they were in another order on each copy (found by an
        // independent tester).
        let staysWithNone = { (id: TaskItem.ID) in
            noneThere(id) && kept[id]?.order.movedHere != true && !substituted.contains(id)
        }
        var tail = sequence.endIndex
        while tail > 0, staysWithNone(sequence[tail - 1]) { tail -= 1 }
        var ending = sequence[tail...]
        var merged: [TaskItem.ID] = []
        var others: [TaskItem.ID] = []
        for id in kept.keys.filter({ !placed.contains($0) }).sorted(by: { made($0) < made($1) }) {
            guard local[id] == nil, kept[id]?.order.value == nil else {
                others.append(id)
                continue
            }
            while let first = ending.first, made(first) < made(id) {
                merged.append(first)
                ending = ending.dropFirst()
            }
            if let first = ending.first { placements.append((id, .before(first))) }
            merged.append(id)
        }
        sequence = Array(sequence[..<tail]) + merged + ending + others
        let tasks = sequence.map { kept[$0] }
        let values = SortOrder.assign(Self.known(tasks))
        let pinned = Self.pinned(tasks)
        for (index, (id, value)) in zip(sequence, values).enumerated() {
            // A task another program made without a value (one that keeps no manual order) is not
            // rewritten for one alone: it takes one when it was moved here, or when a task with one
            // comes after it (`pinned`).
            guard let task = kept[id],
                  task.writes || (task.order.value == nil ? pinned.contains(index) : task.order.value != value) else { continue }
            // Written for a change of its fields, such a to-do stays with none: its value placed it
            // on the other copies after or before the others that have none, another place in
            // each (found by an independent tester).
            let keepsNone = task.order.value == nil && !task.isNew && !pinned.contains(index)
            // Written for its order alone, given room or pinning another task's move down, it keeps
            // the `LAST-MODIFIED` the server holds (none, if none): it was not moved, and the other
            // copies took the new one for a move there (found by an independent tester).
            var written = task.task
            if !task.writes, !task.order.movedHere, !task.isNew { written.modifiedAt = task.order.changedThereAt ?? modifiedThere(id) }
            writes.append(Write(id: id, href: task.href,
                                body: ICalendarResource.render(written, extra: keepsNone ? [] : ["\(SortOrder.property):\(value)"],
                                                               timeZone: timeZone),
                                etag: task.etag, isNew: task.isNew))
            settled[id] = nil
        }
    }

    /// Which tasks keep their place here and which take the server's (`SyncMoves`); a task moved to
    /// other places on both sides is said (`SyncConflict.moved`).
    private mutating func readMoves(listed: [TaskItem.ID]) {
        let inList = Set(listed)
        let moves = SyncMoves(listed: listed.compactMap { kept[$0]?.order },
                              others: kept.values.filter { !inList.contains($0.order.id) }.map(\.order))
        let read = kept.filter {
            $0.value.order.movedHere != moves.movedHere.contains($0.key)
                || $0.value.order.movedThere != moves.movedThere.contains($0.key)
        }
        for id in read.keys {
            kept[id]?.order.movedHere = moves.movedHere.contains(id)
            kept[id]?.order.movedThere = moves.movedThere.contains(id)
        }
        for (id, later) in moves.bothMoved { conflicts[id, default: []].append(.moved(kept: later)) }
    }

    /// What orders the to-dos that have no value, as every copy of the list has them: when each was
    /// made, then its UID.
    private static func made(_ date: Date?, _ id: TaskItem.ID) -> (Date, String) {
        (date ?? .distantPast, id.uuidString)
    }

    /// The values `SortOrder.assign` keeps where it can: each task's but a task's moved here whose
    /// value is out of order with the tasks that have one before and after it, which is given a
    /// new one. Which of two tasks out of order moved was the value's guess: moved below another
    /// app's to-dos that have no value, a task kept its value and the one before it was given a new
    /// one, and the other copies of the list put the moved one before those to-dos (found by an
    /// independent tester).
    private static func known(_ tasks: [Kept?]) -> [Int64?] {
        var known = tasks.map { $0?.order.value }
        var before = Array(repeating: Int64?.none, count: tasks.count)
        var after = before
        for index in tasks.indices.dropFirst() { before[index] = known[index - 1] ?? before[index - 1] }
        for index in tasks.indices.reversed().dropFirst() { after[index] = known[index + 1] ?? after[index + 1] }
        for (index, task) in tasks.enumerated() {
            guard let task, task.order.movedHere, let value = task.order.value else { continue }
            if before[index].map({ $0 >= value }) ?? false || after[index].map({ $0 <= value }) ?? false { known[index] = nil }
        }
        return known
    }

    /// The places of the tasks with no value (another app's to-dos) that are given one: each moved
    /// here, and each before the last task that has one, or is given one. A new copy of the list
    /// puts the tasks with no value after all that have one, and the others place a task sent with
    /// one so: a task added here after such to-dos, or moved among them, took another place there
    /// (found by independent testers).
    private static func pinned(_ tasks: [Kept?]) -> Set<Int> {
        var pinned = Set(tasks.indices.filter { tasks[$0].map { $0.order.movedHere && $0.order.value == nil } ?? false })
        let last = tasks.indices.last { index in
            pinned.contains(index) || tasks[index].map { $0.order.value != nil || $0.isNew } ?? false
        }
        for index in 0..<(last ?? 0) where tasks[index]?.order.value == nil { pinned.insert(index) }
        return pinned
    }

    /// Whether `task` (its fields as the server holds them) was moved here since the last sync:
    /// changed here since (a move is a change), at another time than the server's copy says it was
    /// (`base`, read only then: a task received takes the time of its `LAST-MODIFIED`, to the
    /// second, which another machine's clock may put after the sync, or years ahead; a move made in
    /// the same second was taken for it). A move of one with no value was never sent, and the other
    /// copies of the list kept it in its old place (found by an independent tester).
    private static func movedHere(_ task: TaskItem, lastSync: Date?,
                                  base: () throws(SyncError) -> TaskImport?) throws(SyncError) -> Bool {
        guard let lastSync, let changed = task.modifiedAt, changed > lastSync else { return false }
        guard let there = try base()?.modifiedAt else { return true }
        return changed != there
    }

    /// Whether two tasks' kept iCalendar properties are the same but for `DTSTAMP`, which a server
    /// writes when it stores a to-do and which says nothing about the task, and
    /// `X-APPLE-SORT-ORDER`, which the order's own pass reads and writes (`planOrder`).
    static func sameProperties(_ first: String?, _ second: String?) -> Bool {
        meaningful(first) == meaningful(second)
    }

    static func meaningful(_ text: String?) -> [Substring] {
        (text ?? "").split(separator: "\n").filter { !$0.hasPrefix("DTSTAMP") && !$0.uppercased().hasPrefix(SortOrder.property) }
    }
}

extension TaskImport {
    /// Whether the client that made this copy of a task never changed it since: no `LAST-MODIFIED`,
    /// or one of its `CREATED` second.
    var isUnchangedSinceMade: Bool {
        modifiedAt.map { SyncFields.second(of: $0) == SyncFields.second(of: createdAt) } ?? true
    }
}
