import Foundation
import TaskModel

/// What a sync keeps in the pairing file while it writes the server, batch by batch (`SyncRun`),
/// so that one cut short (killed, the connection lost) leaves the pairing knowing what may have
/// reached the server: before each batch, each task's write in flight (`SyncState.InFlight`): the
/// new tasks it sends, the text of each changed one and each one it removes; after it, what the batch
/// left on the server. Only the tasks the list keeps as it was read are kept so (the sync writes
/// nothing of them here): the others wait for the end, their base being what the list is yet to
/// hold.
struct SyncCheckpoints {
    /// The state the pairing file holds: the state read, then each checkpoint kept.
    private(set) var kept: SyncState
    private let plan: SyncPlan
    private let removedHere: Set<TaskItem.ID>
    /// Writes to the pairing file the pairing and the items of these keys (`SyncRun.keep`).
    private let keep: (SyncState, [String]) throws(SyncError) -> Void

    init(state: SyncState, plan: SyncPlan, keep: @escaping (SyncState, [String]) throws(SyncError) -> Void) {
        kept = state
        self.plan = plan
        removedHere = Set(plan.localRemovals)
        self.keep = keep
    }

    /// Before `batch` is sent: its new tasks, marked `adding` (`SyncPlan` takes one the server
    /// names as synced, one it does not as new to it), the text sent of each changed one
    /// (`changing`: taken as synced when the server holds it), and each one it removes
    /// (`removing`: gone from the server, taken as removed). A task removed here, then, is removed
    /// there rather than come back as changed on the server, and one an undo brings back is sent
    /// again rather than removed here as removed on the server.
    mutating func markSending(_ batch: [SyncPlan.Write]) throws(SyncError) {
        var keys: [String] = []
        for write in batch where keepsAsRead(write.id) {
            let key = write.id.uuidString.lowercased()
            guard let body = write.body else {
                guard kept.items[key] != nil else { continue }
                kept.items[key]?.inFlight = .removing
                keys.append(key)
                continue
            }
            let text = String(decoding: body, as: UTF8.self)
            if write.isNew {
                // One put there again (removed there, changed here) keeps the base both sides last
                // agreed on (nil here: the file keeps it), and is marked `puttingBack` with the text
                // sent: another copy of the list may put it there at once, and what it sent is
                // merged against that base (taken for this one's, it replaced this side's change
                // whole: found by an independent tester); and should this sync be cut short, the
                // next says it was kept.
                let previous = kept.items[key]
                let base = previous == nil ? text : previous?.base
                kept.items[key] = SyncState.Item(href: write.href, etag: nil, base: base, sortValue: SortOrder.value(in: text),
                                                 inFlight: previous == nil || previous?.inFlight == .adding ? .adding : .puttingBack(text))
            } else {
                guard kept.items[key] != nil else { continue }
                kept.items[key]?.inFlight = .changing(text)
            }
            keys.append(key)
        }
        try write(keys)
    }

    /// After `batch` was answered: what it left on the server (`settled`), so that a task removed
    /// here before the next sync is removed there rather than come back as the server's new one
    /// (found by an independent tester).
    mutating func record(_ batch: [SyncPlan.Write], settled: [TaskItem.ID: SyncState.Item?]) throws(SyncError) {
        var keys: [String] = []
        for write in batch {
            guard let item = settled[write.id], keepsAsRead(write.id) else { continue }
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
        try write(keys)
    }

    /// Keeps the items of `keys`, when there are any. The next sync lists the whole task list: a
    /// server that leaves out of its changes a member made and removed since the token (Xandikos)
    /// cannot hide one this sync put.
    private mutating func write(_ keys: [String]) throws(SyncError) {
        guard !keys.isEmpty else { return }
        kept.syncToken = nil
        kept.writtenSinceToken = nil
        try keep(kept, keys)
    }

    /// Whether the sync writes nothing of this task to the list: what it sends is what the list holds.
    private func keepsAsRead(_ id: TaskItem.ID) -> Bool {
        plan.localWrites[id] == nil && !removedHere.contains(id)
    }
}
