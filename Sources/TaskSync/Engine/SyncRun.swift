import Foundation
import TaskInterchange
import TaskModel

/// One sync of a paired list: what changed on the server is fetched (`ServerTasks`), each task is
/// merged against the state both sides last agreed on (`SyncPlan`), the server is written
/// (`ServerWrites`: every write conditional on what was read; `SyncCheckpoints` keeps in the
/// pairing what may have reached it), and only then the list, in one step of its history. A sync
/// cut short before the list is written leaves it as it was; what reached the server is found
/// again by the next sync, equal on both sides, so that nothing is lost or doubled.
struct SyncRun {
    var state: SyncState
    let session: DAVSession
    /// The question sent the server ahead (`RemoteChanges.ask`), answered while the list is read.
    let asked: RemoteChanges.Question?
    let storage: any TaskStorage
    let timeZone: TimeZone
    let now: Date
    /// The list's version (`externalVersion()`, on this connection) after this connection's last
    /// sync, when that one left nothing to do: a sync that finds it so, and no news on the server,
    /// does not read the list (an open prompt syncs every minute).
    let knownVersion: Int?
    /// Reads the base of an item `state` holds without it (`PairingFile.base(of:)`).
    let bases: (String) throws(SyncError) -> String?
    /// Reads the base a task had before `sync --unpair`, the list being paired again with the same
    /// task list (`SyncState.unpair(at:)`); nil when none is kept.
    let remembered: (String) -> Remembered?

    /// A task's base kept from before `sync --unpair`, and when the last sync then ran.
    struct Remembered {
        var base: String
        var agreedAt: Date?
    }
    /// Keeps a state in the pairing file while the sync runs (`SyncCheckpoints`): the pairing and
    /// the items of these keys.
    let keep: (SyncState, [String]) throws(SyncError) -> Void
    /// The list's version as this sync found it, when it left nothing for the next one to finish.
    private(set) var cleanVersion: Int?

    /// The tasks left for the next sync: changed on the server (or here) meanwhile, or refused.
    private var postponed: Set<TaskItem.ID> = []
    private var report = SyncReport()
    /// The resources this sync wrote on the server (put or removed), by path.
    private var written: [String] = []

    init(state: SyncState, session: DAVSession, asked: RemoteChanges.Question? = nil, storage: any TaskStorage,
         timeZone: TimeZone, now: Date,
         knownVersion: Int? = nil, bases: @escaping (String) throws(SyncError) -> String? = { _ in nil },
         remembered: @escaping (String) -> Remembered? = { _ in nil },
         keep: @escaping (SyncState, [String]) throws(SyncError) -> Void = { _, _ in }) {
        self.state = state
        self.bases = bases
        self.remembered = remembered
        self.keep = keep
        self.session = session
        self.asked = asked
        self.storage = storage
        self.timeZone = timeZone
        self.now = now
        self.knownVersion = knownVersion
    }

    mutating func run() throws(SyncError) -> SyncReport {
        let storage = storage
        // Asked before the list is read, in a transaction of its own: a change committed after it
        // changes the version the next sync finds, even when this sync's reading saw it.
        let version: Int
        do { version = try storage.read { try $0.externalVersion() } } catch { throw .store(error) }
        // Read while the server answers the question sent ahead, unless this connection's last sync
        // left nothing to do at this version: then only news from the server has it read. And
        // planned meanwhile as though nothing changed there, the most common answer, which is then
        // the plan (a plan of 1,000 tasks takes a few milliseconds): the plan reads of the server's
        // answer only the tasks it fetched, found removed or leaves alone.
        func readList() throws(SyncError) -> TaskList {
            do { return try storage.read { try $0.allTasks() } } catch { throw .store(error) }
        }
        var read: TaskList?
        var planAhead: SyncPlan?
        if asked != nil, knownVersion != version {
            let list = try readList()
            read = list
            do throws(SyncError) {
                planAhead = try SyncPlan(list: list, server: ServerTasks(), state: state, timeZone: timeZone, now: now,
                                         bases: bases, remembered: remembered)
            } catch {
                // Planned again with the server's answer, which says what failed.
            }
        }
        let server = try ServerTasks.read(since: state, asked: asked, session: session, timeZone: timeZone, now: now)
        report.skipped = server.skipped
        if let knownVersion, knownVersion == version, server.namesNoTask {
            // Neither side changed since a sync that left nothing to do: neither is written. (A task
            // the server now gives a copy tasks cannot read is not nothing: the pairing keeps that.)
            state.syncToken = server.token
            state.writtenSinceToken = nil
            state.lastSync = now
            cleanVersion = version
            return report
        }
        let list: TaskList
        if let read { list = read } else { list = try readList() }
        let plan: SyncPlan
        if let planAhead, server.namesNoTask {
            plan = planAhead
        } else {
            plan = try SyncPlan(list: list, server: server, state: state, timeZone: timeZone, now: now, bases: bases,
                                remembered: remembered)
        }
        // A task synced that the list lacks is removed there only when the store holds a trace of
        // it (a row hidden by its removal, or by the undo of its adding): one it never held is a
        // store replaced (a new file, an older copy, another store; with perhaps a task added
        // since), and removing it there would lose it on both sides (found by independent testers:
        // the prompt did it by itself two seconds after a task was added; so did one task synced,
        // and an older copy holding one of three). Nor is it whatever the other side changed
        // meanwhile: a task changed there would come back, and every other go.
        let (synced, items) = (state.syncedCount, state.items)
        let isSynced = { (id: TaskItem.ID) in items[id.uuidString.lowercased()].map { $0.unreadableThere != true } ?? false }
        let bases = bases
        let removedHere = plan.writes.filter { $0.body == nil && plan.local[$0.id] == nil && isSynced($0.id) }.map(\.id)
        if !removedHere.isEmpty {
            let untraced: [TaskItem.ID]
            do { untraced = try storage.read { try $0.untraced(removedHere) } } catch { throw .store(error) }
            if !untraced.isEmpty {
                throw list.contains(where: { isSynced($0.id) }) ? .wouldRemoveUnheld(untraced.count) : .wouldEmptyServer(synced)
            }
        }
        // The same the other way: a task list emptied on the server (a new collection at the same
        // address, a server restored empty) would empty the list here.
        if synced >= 2, !plan.localRemovals.isEmpty, server.removed.count(where: isSynced) == synced,
           !server.fetched.keys.contains(where: isSynced) {
            throw .wouldEmptyList(synced)
        }
        var settled = plan.settled
        report.notSent = plan.notSent
        // The server first: a sync that fails there has changed nothing here.
        // A task removed here is named by the text both sides last agreed on (a refused removal was "").
        func agreedText(_ id: TaskItem.ID) -> String? {
            let key = id.uuidString.lowercased()
            guard let item = items[key], let base = item.base ?? (try? bases(key)) ?? nil else { return nil }
            return ICalendarResource.names(in: Array(base.utf8)).summary
        }
        try write(plan, settling: &settled, names: { plan.local[$0]?.text ?? server.fetched[$0]?.task.text ?? agreedText($0) ?? "" })
        let listed = try writeList(plan, settling: &settled)
        for id in plan.order where !postponed.contains(id) {
            guard let found = plan.conflicts[id] else { continue }
            let text = plan.localWrites[id]?.text ?? plan.local[id]?.text ?? server.fetched[id]?.task.text ?? ""
            report.conflicts.append(.init(text: text, conflicts: found))
        }
        for (id, item) in settled where !postponed.contains(id) {
            // What the list holds of it now, to know next time that it did not change.
            let now = listed[id].map { (SyncFields($0), $0.foreign["icalendar"]) } ?? plan.local[id].map { (SyncFields($0), $0.foreign["icalendar"]) }
            state.items[id.uuidString.lowercased()] = item.map { item in
                var item = item
                // One left alone keeps the state both sides last agreed on: a change here waits to be
                // sent, and each sync says so (the second said "nothing changed": found by an
                // independent tester).
                if item.unreadableThere != true || item.fingerprint == nil {
                    item.fingerprint = now.map { SyncState.fingerprint(of: $0.0, properties: $0.1) }
                }
                if let base = item.base { item.sortValue = SortOrder.value(in: base) }
                return item
            }
        }
        let leftAlone = state.items.values.count { $0.unreadableThere == true }
        state.leftAlone = leftAlone == 0 ? nil : leftAlone
        // The token was read before this sync's writes: the next sync is asked what changed since, and
        // told which resources this one wrote, which a server may leave out.
        state.syncToken = postponed.isEmpty ? server.token : nil
        state.writtenSinceToken = written.isEmpty ? nil : written
        state.lastSync = now
        // A change left unsent is not nothing to do: the next sync reads the list to say so again.
        cleanVersion = postponed.isEmpty && plan.notSent == 0 ? version : nil
        return report
    }

    /// Sends the plan's writes, 64 at a time (the transport keeps a few in flight, the next one
    /// starting as soon as one is answered), keeps what each one left on the server in `settled`,
    /// and around each batch what the pairing may know already (`SyncCheckpoints`).
    private mutating func write(_ plan: SyncPlan, settling settled: inout [TaskItem.ID: SyncState.Item?],
                                names: (TaskItem.ID) -> String) throws(SyncError) {
        let writes = plan.writes
        let collection = state.pairing.url
        let server = ServerWrites(session: session, collection: collection, timeZone: timeZone, now: now)
        var checkpoints = SyncCheckpoints(state: state, plan: plan, keep: keep)
        var start = 0
        while start < writes.count {
            let batch = Array(writes[start..<min(start + 64, writes.count)])
            start += batch.count
            try checkpoints.markSending(batch)
            let answers = try server.send(batch)
            for (write, answer) in zip(batch, answers) {
                switch answer.status {
                case 412:
                    postponed.insert(write.id)
                    report.postponed += 1
                case 404 where write.body == nil:
                    settled[write.id] = .some(nil)
                case 207, 400, 403, 409, 413, 415, 422:
                    // Refused for this task alone (Xandikos says so in a 207): the others go on, and
                    // this one is left as it is on both sides.
                    postponed.insert(write.id)
                    report.rejected.append(.init(text: names(write.id), status: answer.status))
                default:
                    try session.check(answer, write.body == nil ? "DELETE" : "PUT", Self.url(write.href, in: collection))
                    written.append(HrefPath.of(write.href, in: collection))
                    if let body = write.body {
                        settled[write.id] = SyncState.Item(href: write.href, etag: answer.header("ETag"),
                                                           base: String(decoding: body, as: UTF8.self))
                        if write.isNew { report.sent.added += 1 } else { report.sent.updated += 1 }
                    } else {
                        settled[write.id] = .some(nil)
                        report.sent.removed += 1
                    }
                }
            }
            // After the last batch the sync's own save follows: until then, the marks made before
            // the batch tell the next sync what may have arrived.
            if start < writes.count { try checkpoints.record(batch, settled: settled) }
        }
    }

    /// Writes the plan's changes to the list in one step, and the values of this side that the
    /// server's side won a conflict over in a second one of their own, so that `undo` brings back
    /// just those (and a second `undo` the rest of the sync). A task changed here (another prompt)
    /// since it was read keeps that change, and its last agreed state, so that the next sync
    /// merges the server's side again rather than take this side's older values for changes.
    /// Returns the tasks it wrote, by identity.
    @discardableResult
    private mutating func writeList(_ plan: SyncPlan, settling settled: inout [TaskItem.ID: SyncState.Item?]) throws(SyncError) -> [TaskItem.ID: TaskImport] {
        let postponed = postponed
        let imports = plan.order.compactMap { postponed.contains($0) ? nil : plan.localWrites[$0] }
        let removals = plan.localRemovals.filter { !postponed.contains($0) }
        let placements = plan.placements.filter { !postponed.contains($0.id) }
        guard !imports.isEmpty || !removals.isEmpty || !placements.isEmpty else { return [:] }
        let local = plan.local
        let beforeConflicts = plan.beforeConflicts
        let now = now
        let written: (imports: [TaskImport], removals: [TaskItem.ID], placed: Int)
        do {
            written = try storage.write { transaction in
                func unchanged(_ id: TaskItem.ID) throws -> Bool {
                    let current = try transaction.task(id: id)
                    guard let current, let before = local[id] else { return current == nil && local[id] == nil }
                    return SyncFields(current) == SyncFields(before) && current.foreign == before.foreign
                }
                let kept = (try imports.filter { try $0.id.map(unchanged) ?? false }, try removals.filter(unchanged))
                let first = kept.0.compactMap { task in task.id.flatMap { beforeConflicts[$0] } ?? task }
                let outcome = try transaction.importTasks(first, removing: kept.1, placing: placements, from: .sync, at: now)
                let conflicts = kept.0.filter { task in task.id.map { beforeConflicts[$0] != nil } ?? false }
                if !conflicts.isEmpty { try transaction.importTasks(conflicts, removing: [], placing: [], from: .sync, at: now) }
                return (kept.0, kept.1, outcome.placedCount)
            }
        } catch {
            throw .store(error)
        }
        for task in written.imports {
            guard let id = task.id else { continue }
            if let before = local[id] {
                // Other programs' properties coming back are no news, nor is a series pinned to its zone.
                if SeriesZonePin.isNews(task, over: before) { report.received.updated += 1 }
            } else {
                report.received.added += 1
            }
        }
        report.received.removed = written.removals.count
        // A task the server added is placed rather than appended: only the others moved.
        report.received.moved = max(0, written.placed - placements.count { local[$0.id] == nil })
        let meant = Set(imports.compactMap(\.id)).union(removals)
        for id in meant.subtracting(written.imports.compactMap(\.id)).subtracting(written.removals) {
            settled[id] = nil
            self.postponed.insert(id)
        }
        var byID: [TaskItem.ID: TaskImport] = [:]
        for task in written.imports { if let id = task.id { byID[id] = task } }
        return byID
    }

    static func url(_ href: String, in collection: URL) -> URL {
        URL(string: href, relativeTo: collection)?.absoluteURL ?? collection
    }
}
