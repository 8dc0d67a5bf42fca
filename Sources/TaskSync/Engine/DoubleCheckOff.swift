import Foundation
import TaskInterchange
import TaskModel

/// A series checked off here and, before this sync, on another client too: each made the next task
/// its own way, and the list is to end with one. tasks makes a new task (`IdentityGenerator.follower`);
/// tasks.org moves the series' own to-do on to its next due, open; todoman completes it and makes a
/// new to-do. The list ended with two next tasks beside todoman, and beside tasks.org the series
/// checked off here showed the next due (found by an independent tester).
///
/// The other client's next task is known by its text, the series' (or, renamed there, by being a
/// copy of the series: todoman's), a due after the series' (and before the one after the next task
/// made here, unless the server holds no change of that one: another laptop's next-next comes with
/// it), and, open, the series' rule. The next task made here is known by its identity, renamed
/// since or not. Where the next task made here is as it was made, the other's takes its place when
/// it was checked off or re-dated there (todoman made the one after it; the phone's user moved it)
/// or the one here was never sent; else (sent already, checked off, changed here) the other's is
/// removed there, unless it says more than the series (a note, an alarm; or tags or a favourite
/// it was made with: a task of its own someone added), and the one here takes what its user
/// changed there (`taken(from:by:of:lastSynced:)`). It stayed beside it, open, and so it did where
/// the next task was checked off on either side, renamed on either, or re-dated there (found by
/// independent testers).
struct DoubleCheckOff {
    /// Series checked off here whose copy on the server the other client moved on to a later due,
    /// open: the server's copy is taken for checked off on the due it has here (the value), the
    /// one this sync writes there.
    private(set) var movedOn: [TaskItem.ID: TaskItem] = [:]
    /// Next tasks made here that take what the other client gave: as they were made, of a series
    /// it moved on past their due (its next one checked off there too, or the series re-dated),
    /// the series' due there; else what its user changed on its own next task there (`Taken`).
    private(set) var caughtUp: [TaskItem.ID: Taken] = [:]
    /// Next tasks made here that the other client's own next task of the same series replaces,
    /// by the identity of that one: removed here, and there when sent. One as it was made (never
    /// changed) gives way to one checked off there, and to an open one when it was never sent.
    private(set) var replaced: [TaskItem.ID: TaskItem.ID] = [:]
    /// The other client's next tasks of a series whose next task here was sent, or changed, since
    /// it was made, that say nothing the series did not but what their user changed (which the one
    /// here takes, `caughtUp`): removed there, never taken.
    private(set) var dropped: Set<TaskItem.ID> = []
    /// The fields of a next task here that its user and the other client's both changed: the later
    /// change wins (`caughtUp` holds the other's), and the sync says so.
    private(set) var conflicts: [TaskItem.ID: [SyncConflict]] = [:]
    /// What a next task here takes from the other client but the fields it won a conflict over:
    /// the list after the sync's first step, so that `undo` takes back just what the conflicts
    /// replaced.
    private(set) var beforeConflicts: [TaskItem.ID: Taken] = [:]

    /// What a next task made here takes from the other client: a due, a text, a favourite, tags,
    /// how it repeats.
    struct Taken: Equatable {
        var due: Due?
        var text: String?
        var isFavorite: Bool?
        var tags: [String]?
        var rule: Recurrence.Rule?
        /// The other's iCalendar lines, where they say more than the series' (a note its user added).
        var properties: String?

        /// These changes but those of `fields`.
        func without(_ fields: some Sequence<SyncField>) -> Taken {
            var taken = self
            for field in fields {
                switch field {
                case .text: taken.text = nil
                case .favorite: taken.isFavorite = nil
                case .tags: taken.tags = nil
                case .recurrence: taken.rule = nil
                case .due: taken.due = nil
                case .done: break
                }
            }
            return taken
        }

        func applied(to task: TaskItem) -> TaskItem {
            var task = task
            if let due { task.due = due }
            if let rule { task.recurrence?.rule = rule }
            if let text { task.text = text }
            if let isFavorite { task.isFavorite = isFavorite }
            if let tags { task.tags = tags }
            if let properties { task.foreign["icalendar"] = ICalendarResource.taking(properties, into: task.foreign["icalendar"]) }
            return task
        }
    }

    /// `lastSynced` gives a series checked off here as it was last synced (with its rule, which the
    /// check-off took off), nil when it was not.
    init(list: TaskList, local: [TaskItem.ID: TaskItem], server: ServerTasks, state: SyncState, timeZone: TimeZone,
         lastSynced: (TaskItem.ID) -> TaskImport?) {
        func isSynced(_ id: TaskItem.ID) -> Bool { state.items[id.uuidString.lowercased()] != nil }
        // Series checked off here that the server changed too, and series (or tasks checked off)
        // another client made: few, whatever the size of the list.
        let changedThere = server.fetched.keys.compactMap { local[$0] }.filter { $0.isDone && isSynced($0.id) }
        let arrived = server.fetched.values.map(\.task).filter { (task: TaskImport) -> Bool in
            guard let id = task.id, local[id] == nil, !isSynced(id) else { return false }
            return task.doneAt != nil || task.recurrence != nil
        }
        guard !changedThere.isEmpty || !arrived.isEmpty else { return }
        // The tasks here of those texts: the series checked off, and their next tasks.
        let texts = Set(arrived.map(\.text) + changedThere.map(\.text))
        var byText: [String: [TaskItem]] = [:]
        for task in list where texts.contains(task.text) { byText[task.text, default: []].append(task) }
        // Series checked off here, by the second they were made, that an open task new there copies:
        // todoman makes a series' next task a copy of it, its `CREATED` too. So known, it is the
        // series' next task whatever its user changed since (a new name: both stayed open), and
        // comes before a task someone added there with the series' text due the same day (which
        // was taken for it, and removed; found by independent testers).
        var copied: [Double: [TaskItem]] = [:]
        let seconds = Set(arrived.filter { $0.doneAt == nil }.compactMap { SyncFields.second(of: $0.createdAt) })
        if !seconds.isEmpty {
            for task in list where task.isDone {
                guard let second = SyncFields.second(of: task.createdAt), seconds.contains(second), isSynced(task.id) else { continue }
                copied[second, default: []].append(task)
            }
            let more = Set(copied.values.joined().map(\.text)).subtracting(texts)
            if !more.isEmpty { for task in list where more.contains(task.text) { byText[task.text, default: []].append(task) } }
        }
        // By due, copies first; those renamed there last, when the series of their texts are taken.
        let newThere = arrived.map { other in
            let copies = other.doneAt == nil ? SyncFields.second(of: other.createdAt).flatMap { copied[$0] } ?? [] : []
            return (other, copies.filter { Self.isLater(other.due, than: $0.due) })
        }.sorted { first, second in
            func key(_ task: (TaskImport, [TaskItem])) -> (Int, Date, Int, String) {
                ((byText[task.0.text] ?? []).contains(where: \.isDone) ? 0 : 1, Self.moment(task.0.due), task.1.isEmpty ? 1 : 0,
                 task.0.id?.uuidString ?? "")
            }
            return key(first) < key(second)
        }
        // The tasks made at the moment a series of those texts was checked off, read once when
        // asked: next tasks made so, whose text may have changed here since.
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
        // Each series' next task, once asked: by its identity, looked up where the series' zone is
        // this machine's or its due a day (asked of every series of a text, a long one's many
        // check-offs were each read through).
        var nextTasks: [TaskItem.ID: TaskItem?] = [:]
        func next(of series: TaskItem) -> TaskItem? {
            if let known = nextTasks[series.id] { return known }
            func isFollower(_ task: TaskItem) -> Bool {
                task.id != series.id && task.text == series.text
                    && NextTask.isFollower(task, series: series.id, checkedOffWhenDue: series.due, timeZone: timeZone)
            }
            func follows(_ task: TaskItem) -> Bool {
                task.id != series.id && NextTask.follows(task, series: series.id, checkedOffWhenDue: series.due, as: series, timeZone: timeZone)
            }
            // A timed due in another zone than this machine's names another identity: looked for.
            var isTimed = false
            if case .instant? = series.due { isTimed = true }
            let found = local[IdentityGenerator.follower(of: series.id, checkedOffWhenDue: series.due, in: timeZone)].flatMap {
                isFollower($0) ? $0 : nil
            } ?? (isTimed ? byText[series.text]?.first(where: isFollower) : nil)
                // Made at the check-off, of its text or renamed here since: its own, by its identity,
                // before another series' of its text checked off by the same command (taken for
                // it where its own was renamed: found by an independent tester).
                ?? series.doneAt.flatMap { time in
                    made(at: time).first { $0.id != series.id && NextTask.isFollower($0, series: series.id, checkedOffWhenDue: series.due,
                                                                                    timeZone: timeZone) }
                        ?? made(at: time).first(where: follows)
                }
            nextTasks[series.id] = .some(found)
            return found
        }
        // The task that stands for a series' next task now: itself, or, checked off here since,
        // the open one made then.
        func current(_ task: TaskItem) -> TaskItem {
            guard task.isDone, let after = next(of: task), !after.isDone else { return task }
            return after
        }
        // How the series goes on: the rule of the first task after it that still has one (renamed
        // since, of another text: the rule was not found, and both stayed open, found by an
        // independent tester).
        func rule(after series: TaskItem) -> Recurrence.Rule? {
            var task = series
            for _ in 0..<local.count {
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
                caughtUp[next.id] = Taken(due: due)
            }
        }
        var matched: Set<TaskItem.ID> = []
        // Next tasks here, checked off, whose counterpart the other client checked off too: the
        // series of that one's next task, though never synced (both stayed open where the series
        // was checked off twice on both sides, found by an independent tester).
        var checkedOffOnBoth: Set<TaskItem.ID> = []
        // Those that could be the next task of more than one series, tried again once the others
        // are matched.
        var ambiguous: [(TaskImport, [TaskItem])] = []
        for pass in 0..<2 { for (other, copies) in pass == 0 ? newThere : ambiguous {
            guard let id = other.id else { continue }
            // The series: checked off here before the other's next due, synced, that the server
            // holds checked off (or as last synced: the check-off sent), with a next task here.
            func mayBeSeries(_ task: TaskItem) -> Bool {
                task.isDone && !matched.contains(task.id) && (isSynced(task.id) || checkedOffOnBoth.contains(task.id))
                    && Self.isLater(other.due, than: task.due)
                    && (server.fetched[task.id].map { $0.task.doneAt != nil } ?? true) && next(of: task) != nil
            }
            let ofItsText = byText[other.text, default: []].filter(mayBeSeries)
            let copied = copies.filter(mayBeSeries)
            // Of its text, the one it copies, else the one whose next task here is due the same,
            // else the latest (a series checked off more than once), unless more than one has an
            // open next task; renamed there, the one it copies, or of those the one whose next
            // task is due the same. Where two series were made that second, or had one text, the
            // latest took the other's next task, or none did (found by an independent tester).
            let isCopy = { (task: TaskItem) in copied.contains { $0.id == task.id } }
            let open = ofItsText.filter { next(of: $0).map { !$0.isDone } ?? false }
            guard let series = Self.single(ofItsText.filter(isCopy))
                ?? Self.single(ofItsText.filter { Self.moment(next(of: $0)?.due) == Self.moment(other.due) })
                ?? (open.count > 1 ? nil : ofItsText.max(by: { Self.moment($0.due) < Self.moment($1.due) }))
                ?? Self.single(copied)
                ?? Self.single(copied.filter { Self.moment(next(of: $0)?.due) == Self.moment(other.due) })
                // Once the others are matched, copies that nothing tells apart, as todoman made them
                // of series of one text and day made the same second: each the first series left
                // (both stayed open: found by an independent tester).
                ?? (pass == 1 && Self.areAlike(ambiguous.map(\.0).filter { $0.text == other.text })
                    ? ofItsText.first { Self.moment(next(of: $0)?.due) == Self.moment(other.due) } : nil),
                let next = next(of: series) else {
                if pass == 0, open.count > 1 || copied.count > 1 { ambiguous.append((other, copies)) }
                continue
            }
            // An open one repeats as the series does (one checked off there may have lost its
            // rule): as its next task here does, or, that one's rule changed here since, as the
            // series did when last synced, its check-off here not sent yet (both stayed open,
            // found by an independent tester); a copy of the series, as its user says, where the
            // rule it was made with is known, to tell a change there (both stayed open).
            let asLastSynced = lastSynced(series.id)
            if other.doneAt == nil {
                let lastRule = asLastSynced?.recurrence?.rule
                guard let counted = other.recurrence?.rule,
                      counted == rule(after: series) || counted == lastRule
                        || (isCopy(series) && (lastRule != nil || next.modifiedAt == nil)) else { continue }
            }
            // Due on or after the one after the next task made here, it is that one's next (another
            // laptop's, which sent the next one checked off with it), or the other's next task
            // re-dated there that far: only the latter replaces the one made here, never removed.
            // The next task, or, checked off here too, the one made after it: it takes the other's
            // changes, and is the one whose turn the other's comes before (another laptop's task
            // after it would be that one: it has its identity). The other's, moved to a later day,
            // stayed open (found by independent testers).
            let standing = current(next)
            let inTurn = Self.isBefore(other.due, theOneAfter: standing, timeZone: timeZone)
            guard inTurn || server.fetched[next.id] == nil else { continue }
            // Re-dated there, or checked off, the other's carries a change the one made here lacks;
            // so does a copy of the series that says more (a note its user added: both stayed
            // open, or one synced there first took the place of the one here).
            let untouched = next.modifiedAt == nil && !next.isDone && server.fetched[next.id] == nil
            let saysMore = ICalendarResource.saysMore(other.foreign["icalendar"], than: series.foreign["icalendar"])
            var found: [SyncField: SyncSide] = [:]
            if untouched, other.doneAt != nil || !isSynced(next.id) || Self.moment(other.due) != Self.moment(next.due)
                || (isCopy(series) && saysMore) {
                replaced[next.id] = id
            } else if inTurn, !saysMore || isCopy(series),
                      var taken = Self.taken(from: other, by: standing, of: series, lastSynced: asLastSynced, timeZone: timeZone,
                                             conflicts: &found) {
                // A copy of the series that says more: what its user added there (a note; both
                // stayed open where the one here was renamed, found by an independent tester).
                if saysMore { taken.properties = other.foreign["icalendar"] }
                dropped.insert(id)
                if other.doneAt != nil, next.isDone { checkedOffOnBoth.insert(next.id) }
                // Checked off here too, the one after it takes all but the due (the other's day is
                // the one checked off), and the one checked off all but the due and the rule (the
                // change was lost).
                if standing.id != next.id {
                    taken.due = nil
                    var onTheDone = taken
                    onTheDone.rule = nil
                    if onTheDone != Taken() { caughtUp[next.id] = onTheDone }
                }
                if taken != Taken() { caughtUp[standing.id] = taken }
                if !found.isEmpty {
                    conflicts[standing.id] = SyncField.allCases.compactMap { field in found[field].map { .field(field, kept: $0) } }
                    let won = found.filter { $0.value == .remote }.keys
                    if !won.isEmpty { beforeConflicts[standing.id] = taken.without(won) }
                }
            } else {
                continue
            }
            matched.insert(series.id)
        } }
    }

    /// What `next`, made here, takes from `other`, the other client's next task of the same `series`
    /// (made by it from the series as last synced, or as the list holds it), when `other` is one:
    /// each of its due, text, favourite, tags and rule its user changed there, unless changed here later.
    /// Nil when `other` is a task of its own someone added there: never changed since it was made,
    /// with another favourite or tags than the series'. A due, favourite or tags changed there on
    /// the other's next task were lost, and with a favourite or tags both stayed open (found by
    /// independent testers).
    /// A field both users changed is in `conflicts`, with the side whose change won.
    private static func taken(from other: TaskImport, by next: TaskItem, of series: TaskItem, lastSynced: TaskImport?,
                              timeZone: TimeZone, conflicts: inout [SyncField: SyncSide]) -> Taken? {
        let made = lastSynced.map(SyncFields.init) ?? SyncFields(series)
        guard !other.isUnchangedSinceMade, let changedThere = other.modifiedAt else {
            let saysNoMore = [made, SyncFields(series)].contains { Set(other.tags) == Set($0.tags) && other.isFavorite == $0.isFavorite }
            return saysNoMore ? Taken() : nil
        }
        guard !next.isDone else { return Taken() }
        // A field changed here too (the next task made as the series was): the later change wins.
        let laterThere = changedThere > next.modifiedAt ?? next.createdAt
        var taken = Taken()
        // A due only when changed there later, from the one both were made with: the series',
        // counted on by its rule (a due changed here was lost to a later change of another field
        // there, found by an independent tester). Not otherwise: todoman writes a floating due
        // in its zone, another moment.
        if let due = other.due, Self.moment(due) != Self.moment(next.due), laterThere,
           Self.due(after: series.due, by: lastSynced?.recurrence ?? next.recurrence, timeZone: timeZone)
               .map({ Self.moment(due) != Self.moment($0) }) ?? true {
            taken.due = due
        }
        // Changed there from what both were made with, and here not, or earlier; changed on both
        // sides, a conflict.
        func isTaken<Value: Equatable>(_ field: SyncField, _ there: Value, made: Value, here: Value, series: Value) -> Bool {
            guard there != made, there != here else { return false }
            if here != series { conflicts[field] = laterThere ? .remote : .local }
            return here == series || laterThere
        }
        if isTaken(.text, other.text, made: made.text, here: next.text, series: series.text) { taken.text = other.text }
        if isTaken(.favorite, other.isFavorite, made: made.isFavorite, here: next.isFavorite, series: series.isFavorite) {
            taken.isFavorite = other.isFavorite
        }
        if isTaken(.tags, Set(other.tags), made: Set(made.tags), here: Set(next.tags), series: Set(series.tags)) {
            taken.tags = other.tags
        }
        // The series' rule as last synced (its check-off here, sent, took it off: the next task
        // here has it while it is as it was made).
        if let rule = other.recurrence?.rule, rule != next.recurrence?.rule {
            let madeRule = lastSynced?.recurrence?.rule
            let changedHere = madeRule.map { next.recurrence?.rule != $0 } ?? (next.modifiedAt != nil)
            if rule != madeRule, changedHere { conflicts[.recurrence] = laterThere ? .remote : .local }
            if rule != madeRule, !changedHere || laterThere { taken.rule = rule }
        }
        return taken
    }

    /// Whether `tasks` are alike in all a user may have changed: the fields tasks syncs, and what
    /// else they say (a note).
    private static func areAlike(_ tasks: [TaskImport]) -> Bool {
        guard let first = tasks.first else { return false }
        let (fields, kept) = (SyncFields(first), first.foreign["icalendar"])
        return tasks.allSatisfy {
            SyncFields($0) == fields && !ICalendarResource.saysMore($0.foreign["icalendar"], than: kept)
                && !ICalendarResource.saysMore(kept, than: $0.foreign["icalendar"])
        }
    }

    /// The one task of `tasks`; nil when there are none or more.
    private static func single(_ tasks: [TaskItem]) -> TaskItem? {
        tasks.count == 1 ? tasks.first : nil
    }

    /// Whether `due` is before the due of the task after `next`, as its rule counts from its due
    /// (checked off that day); not later than its own when it does not repeat.
    private static func isBefore(_ due: Due?, theOneAfter next: TaskItem, timeZone: TimeZone) -> Bool {
        guard let after = Self.due(after: next.due, by: next.recurrence, timeZone: timeZone) else { return !isLater(due, than: next.due) }
        return moment(due) < moment(after)
    }

    /// The due after `due` by `recurrence`, checked off that day; nil without either.
    private static func due(after due: Due?, by recurrence: Recurrence?, timeZone: TimeZone) -> Due? {
        guard let recurrence, let due else { return nil }
        let onItsDay = switch due {
        case let .day(day): day.instant(hour: 12, minute: 0, in: recurrence.countingZone(timeZone))
        case let .instant(instant): instant
        }
        return recurrence.next(after: due, completed: onItsDay, in: timeZone)
    }

    /// Whether `due` is later than `series`' (a day's at its midnight in UTC, as todoman makes a day's
    /// next one a time then).
    static func isLater(_ due: Due?, than series: Due?) -> Bool {
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
