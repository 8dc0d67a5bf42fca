import Foundation
import TaskInterchange
import TaskModel

/// What a sync is to do, task by task, decided before anything is written: each task merged
/// (`SyncMerge`) from its state at the last sync (the base), the list's, and the server's.
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

    /// The list's tasks by identity, as read for the plan.
    let local: [TaskItem.ID: TaskItem]
    /// Every task concerned, the list's in its order first.
    private(set) var order: [TaskItem.ID] = []
    private(set) var writes: [Write] = []
    /// What the list is to hold of each task it changes, and the tasks it loses.
    private(set) var localWrites: [TaskItem.ID: TaskImport] = [:]
    private(set) var localRemovals: [TaskItem.ID] = []
    /// The state to keep of each task the server is not written for (nil: forget it).
    private(set) var settled: [TaskItem.ID: SyncState.Item?] = [:]
    private(set) var conflicts: [TaskItem.ID: [SyncConflict]] = [:]

    init(list: TaskList, server: ServerTasks, state: SyncState, timeZone: TimeZone, now: Date) {
        var local: [TaskItem.ID: TaskItem] = [:]
        for task in list { local[task.id] = task }
        self.local = local
        order = list.map(\.id)
        let others = Set(state.items.keys.compactMap(UUID.init(uuidString:))).union(server.fetched.keys)
            .subtracting(local.keys)
        order += others.sorted { $0.uuidString < $1.uuidString }
        for id in order { plan(id, server: server, state: state, timeZone: timeZone, now: now) }
    }

    private mutating func plan(_ id: TaskItem.ID, server: ServerTasks, state: SyncState, timeZone: TimeZone, now: Date) {
        let key = id.uuidString.lowercased()
        let item = state.items[key]
        let base = item.flatMap { try? ICalendarResource.read(Array($0.base.utf8), timeZone: timeZone, now: now) }
        let localTask = local[id]
        let fetched = server.fetched[id]
        // Not fetched: as the last sync left it, unless removed (or never there).
        let remoteTask = fetched?.task ?? (server.removed.contains(id) || item == nil ? nil : base)
        let merge = SyncMerge.merge(base: base.map(SyncFields.init), local: localTask.map(SyncFields.init),
                                    localChangedAt: localTask.map { $0.modifiedAt ?? $0.createdAt } ?? now,
                                    remote: remoteTask.map(SyncFields.init), remoteChangedAt: remoteTask?.modifiedAt)
        if !merge.conflicts.isEmpty { conflicts[id] = merge.conflicts }
        // The properties tasks does not model come from the server when it sent the task again.
        let foreign = fetched?.task.foreign["icalendar"] ?? localTask?.foreign["icalendar"] ?? base?.foreign["icalendar"]
        let createdAt = localTask?.createdAt ?? remoteTask?.createdAt ?? now
        let href = item?.href ?? fetched?.href ?? state.pairing.url.appendingPathComponent(key + ".ics").path

        guard let fields = merge.fields else {
            if localTask != nil, merge.writesLocal { localRemovals.append(id) }
            if remoteTask != nil, merge.writesRemote {
                writes.append(Write(id: id, href: href, body: nil, etag: fetched?.etag ?? item?.etag, isNew: false))
            } else if item != nil {
                settled[id] = .some(nil)
            }
            return
        }
        if merge.writesLocal || localTask.map({ !Self.sameProperties($0.foreign["icalendar"], foreign) }) ?? true {
            localWrites[id] = TaskImport(id: id, text: fields.text, isFavorite: fields.isFavorite, doneAt: fields.doneAt,
                                         createdAt: createdAt, foreign: ["icalendar": foreign ?? ""], due: fields.due,
                                         tags: fields.tags, recurrence: fields.recurrence,
                                         modifiedAt: remoteTask?.modifiedAt ?? now)
        }
        if merge.writesRemote {
            let task = TaskItem(id: id, text: fields.text, isFavorite: fields.isFavorite, doneAt: fields.doneAt,
                                createdAt: createdAt, foreign: foreign.map { ["icalendar": $0] } ?? [:], due: fields.due,
                                tags: fields.tags, recurrence: fields.recurrence, modifiedAt: localTask?.modifiedAt ?? now)
            writes.append(Write(id: id, href: href, body: ICalendarResource.render(task, timeZone: timeZone),
                                etag: remoteTask == nil ? nil : fetched?.etag ?? item?.etag, isNew: remoteTask == nil))
        } else if let fetched {
            settled[id] = SyncState.Item(href: fetched.href, etag: fetched.etag, base: fetched.data)
        }
    }

    /// Whether two tasks' kept iCalendar properties are the same but for `DTSTAMP`, which a server
    /// writes when it stores a to-do and which says nothing about the task.
    static func sameProperties(_ first: String?, _ second: String?) -> Bool {
        func meaningful(_ text: String?) -> [Substring] {
            (text ?? "").split(separator: "\n").filter { !$0.hasPrefix("DTSTAMP") }
        }
        return meaningful(first) == meaningful(second)
    }
}
