import Foundation
import TaskInterchange
import TaskModel

/// One sync of a paired list: what changed on the server is fetched (`ServerTasks`), each task is
/// merged against the state both sides last agreed on (`SyncPlan`), the server is written (every
/// write conditional on what was read), and only then the list, in one step of its history. A sync
/// cut short before the list is written leaves it as it was; what reached the server is found
/// again by the next sync, equal on both sides, so that nothing is lost or doubled.
struct SyncRun {
    var state: SyncState
    let session: DAVSession
    let storage: any TaskStorage
    let timeZone: TimeZone
    let now: Date
    /// The list's version (`externalVersion()`, on this connection) after this connection's last
    /// sync, when that one left nothing to do: a sync that finds it so, and no news on the server,
    /// does not read the list (an open prompt syncs every minute).
    let knownVersion: Int?
    /// Reads the base of an item `state` holds without it (`PairingFile.base(of:)`).
    let bases: (String) throws(SyncError) -> String?
    /// Keeps a state in the pairing file while the sync runs (`checkpoint`): the pairing and the
    /// items of these keys.
    let keep: (SyncState, [String]) throws(SyncError) -> Void
    /// The list's version as this sync found it, when it left nothing for the next one to finish.
    private(set) var cleanVersion: Int?

    /// The tasks left for the next sync: changed on the server (or here) meanwhile, or refused.
    private var postponed: Set<TaskItem.ID> = []
    private var report = SyncReport()
    /// The resources this sync put on the server, by path.
    private var put: [String] = []

    init(state: SyncState, session: DAVSession, storage: any TaskStorage, timeZone: TimeZone, now: Date,
         knownVersion: Int? = nil, bases: @escaping (String) throws(SyncError) -> String? = { _ in nil },
         keep: @escaping (SyncState, [String]) throws(SyncError) -> Void = { _, _ in }) {
        self.state = state
        self.bases = bases
        self.keep = keep
        self.session = session
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
        let server = try ServerTasks.read(since: state, session: session, timeZone: timeZone, now: now)
        report.skipped = server.skipped
        if let knownVersion, knownVersion == version, server.fetched.isEmpty, server.removed.isEmpty, server.leftAlone.isEmpty {
            // Neither side changed since a sync that left nothing to do: neither is written. (A task
            // the server now gives a copy tasks cannot read is not nothing: the pairing keeps that.)
            state.syncToken = server.token
            state.putSinceToken = nil
            state.lastSync = now
            cleanVersion = version
            return report
        }
        let list: TaskList
        do { list = try storage.read { try $0.allTasks() } } catch { throw .store(error) }
        let plan = try SyncPlan(list: list, server: server, state: state, timeZone: timeZone, now: now, bases: bases)
        // An empty list here that was not empty at the last sync is more likely a store replaced
        // (a new file, a restore) than every task removed one by one: emptying the server from it
        // would lose every task there.
        let removals = plan.writes.count { $0.body == nil }
        if list.isEmpty, removals >= 2, removals == state.syncedCount {
            throw .wouldEmptyServer(removals)
        }
        // The same the other way: a task list emptied on the server (a new collection at the same
        // address, a server restored empty) would empty the list here.
        let lost = plan.localRemovals.count
        if server.fetched.isEmpty, lost >= 2, lost == list.count, lost == state.syncedCount {
            throw .wouldEmptyList(lost)
        }
        var settled = plan.settled
        report.notSent = plan.notSent
        // The server first: a sync that fails there has changed nothing here.
        try write(plan, settling: &settled, names: { plan.local[$0]?.text ?? server.fetched[$0]?.task.text ?? "" })
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
                item.fingerprint = now.map { SyncState.fingerprint(of: $0.0, properties: $0.1) }
                if let base = item.base { item.sortValue = SortOrder.value(in: base) }
                return item
            }
        }
        let leftAlone = state.items.values.count { $0.unreadableThere == true }
        state.leftAlone = leftAlone == 0 ? nil : leftAlone
        // The token was read before this sync's writes: the next sync is asked what changed since, and
        // told which resources this one put, which a server may leave out when they are gone since.
        state.syncToken = postponed.isEmpty ? server.token : nil
        state.putSinceToken = put.isEmpty ? nil : put
        state.lastSync = now
        cleanVersion = postponed.isEmpty ? version : nil
        return report
    }

    /// Sends the plan's writes, 64 at a time (the transport keeps a few in flight, the next one
    /// starting as soon as one is answered), keeps what each one left on the server in `settled`,
    /// and after each batch what the pairing may know already (`checkpoint`).
    private mutating func write(_ plan: SyncPlan, settling settled: inout [TaskItem.ID: SyncState.Item?],
                                names: (TaskItem.ID) -> String) throws(SyncError) {
        let writes = plan.writes
        let collection = state.pairing.url
        var checkpointed = state
        let removedHere = Set(plan.localRemovals)
        var start = 0
        while start < writes.count {
            let batch = Array(writes[start..<min(start + 64, writes.count)])
            start += batch.count
            try markSending(batch, of: plan, removedHere: removedHere, into: &checkpointed)
            let answers = try send(batch, to: collection)
            for (write, (answer, retried)) in zip(batch, answers) {
                var answer = answer
                if retried, answer.status == 412 || (answer.status == 404 && write.body == nil) {
                    answer = try confirmation(of: write, in: collection) ?? answer
                }
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
                    if write.body != nil { put.append(HrefPath.of(write.href, in: collection)) }
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
            try checkpoint(batch, of: plan, removedHere: removedHere, settled: settled, into: &checkpointed)
        }
    }

    /// Keeps in the pairing file what `batch` left on the server of the tasks the list keeps as
    /// it was read (the sync writes nothing of them here): a sync cut short afterwards leaves the
    /// pairing knowing them, so that a task removed here before the next sync is removed there
    /// rather than come back as the server's new one (found by an independent tester). The
    /// others wait for the end: their base is what the list is yet to hold.
    private func checkpoint(_ batch: [SyncPlan.Write], of plan: SyncPlan, removedHere: Set<TaskItem.ID>,
                            settled: [TaskItem.ID: SyncState.Item?], into kept: inout SyncState) throws(SyncError) {
        var keys: [String] = []
        for write in batch {
            guard let item = settled[write.id], Self.keepsAsRead(write.id, plan, removedHere) else { continue }
            let key = write.id.uuidString.lowercased()
            kept.items[key] = item.map { item in
                var item = item
                // Nil: the next sync merges it against its base, which is what the list holds.
                item.fingerprint = nil
                if let base = item.base { item.sortValue = SortOrder.value(in: base) }
                return item
            }
            keys.append(key)
        }
        guard !keys.isEmpty else { return }
        // The next sync lists the whole task list: a server that leaves out of its changes a
        // member made and removed since the token (Xandikos) cannot hide one this sync put.
        kept.syncToken = nil
        kept.putSinceToken = nil
        try keep(kept, keys)
    }

    /// Keeps in the pairing file, before `batch` is sent, the new tasks it sends that the list
    /// keeps as read, marked `sending`: a sync cut short while the batch is under way leaves the
    /// pairing knowing what may have arrived (`checkpoint` records what did, once answered).
    private func markSending(_ batch: [SyncPlan.Write], of plan: SyncPlan, removedHere: Set<TaskItem.ID>,
                             into kept: inout SyncState) throws(SyncError) {
        var keys: [String] = []
        for write in batch where write.isNew && Self.keepsAsRead(write.id, plan, removedHere) {
            guard let body = write.body else { continue }
            let base = String(decoding: body, as: UTF8.self)
            let key = write.id.uuidString.lowercased()
            kept.items[key] = SyncState.Item(href: write.href, etag: nil, base: base,
                                             sortValue: SortOrder.value(in: base), sending: true)
            keys.append(key)
        }
        guard !keys.isEmpty else { return }
        kept.syncToken = nil
        kept.putSinceToken = nil
        try keep(kept, keys)
    }

    /// Whether the sync writes nothing of this task to the list (`removedHere`: the plan's local
    /// removals): what it sends is what the list holds.
    private static func keepsAsRead(_ id: TaskItem.ID, _ plan: SyncPlan, _ removedHere: Set<TaskItem.ID>) -> Bool {
        plan.localWrites[id] == nil && !removedHere.contains(id)
    }

    /// The answers to `batch`'s writes, each with whether it was sent again. One answered 500 or
    /// 503 is sent again, one at a time, up to twice, a moment later: a server taking several
    /// writes at once may fail one of them (Xandikos' git store, two commits at a time:
    /// "FileLocked"). A write the server did apply before failing is then refused by its
    /// condition (412), or a removal finds nothing (404): `confirmation` tells.
    private func send(_ batch: [SyncPlan.Write], to collection: URL) throws(SyncError) -> [(HTTPAnswer, retried: Bool)] {
        func request(_ write: SyncPlan.Write) -> (method: String, url: URL, headers: [(String, String)], body: [UInt8]?) {
            var headers: [(String, String)] = []
            if let etag = write.etag { headers.append(("If-Match", etag)) } else if write.body != nil { headers.append(("If-None-Match", "*")) }
            if write.body != nil { headers.append(("Content-Type", "text/calendar; charset=utf-8")) }
            return (write.body == nil ? "DELETE" : "PUT", Self.url(write.href, in: collection), headers, write.body)
        }
        var answers = try session.transport.sendAll(batch.map(request)).map { ($0, retried: false) }
        for (index, write) in batch.enumerated() {
            for pause in [0.2, 1.0] where [500, 503].contains(answers[index].0.status) {
                Thread.sleep(forTimeInterval: pause)
                let again = request(write)
                answers[index] = (try session.transport.send(again.method, again.url, headers: again.headers, body: again.body),
                                  retried: true)
            }
        }
        return answers
    }

    /// The answer `write` would have had, had the server not failed it (500) after applying it:
    /// what the server holds now is what it wrote (the same bytes, or nothing for a removal).
    /// Nil when it is not: the write was refused, or the task changed there meanwhile.
    private func confirmation(of write: SyncPlan.Write, in collection: URL) throws(SyncError) -> HTTPAnswer? {
        let url = Self.url(write.href, in: collection)
        let held = try session.transport.send("GET", url, limit: HTTPTransport.listLimit)
        if held.status == 401 { try session.check(held, "GET", url) }
        switch (write.body, held.status) {
        case (nil, 404), (nil, 410):
            return HTTPAnswer(status: 204, headers: [], body: [])
        case let (body?, 200) where held.body == body:
            return HTTPAnswer(status: 204, headers: held.header("ETag").map { [("ETag", $0)] } ?? [], body: [])
        default:
            return nil
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
                // Other programs' properties coming back are no news.
                if SyncFields(before) != SyncFields(task) { report.received.updated += 1 }
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
