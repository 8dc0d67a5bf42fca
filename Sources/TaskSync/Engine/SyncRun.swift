import Foundation
import TaskInterchange
import TaskModel

/// One sync of a paired list: what changed on the server is fetched, each task is merged against
/// the state both sides last agreed on (`SyncMerge`), the server is written (every write
/// conditional on what was read), and only then the list, in one step of its history. A sync cut
/// short before the list is written leaves it as it was; what reached the server is found again
/// by the next sync, equal on both sides, so that nothing is lost or doubled.
struct SyncRun {
    var state: SyncState
    let session: DAVSession
    let storage: any TaskStorage
    let timeZone: TimeZone
    let now: Date

    /// A task's resource as fetched.
    private struct Remote {
        var href: String
        var etag: String?
        var data: String
        var task: TaskImport
    }

    /// A write to the server.
    private struct Write {
        var id: TaskItem.ID
        var href: String
        /// The body of a PUT; nil for a DELETE.
        var body: [UInt8]?
        /// The ETag it must still have; nil: it must not exist (PUT) or is unknown (DELETE).
        var etag: String?
        var isNew: Bool
    }

    mutating func run() throws(SyncError) -> SyncReport {
        let collection = state.pairing.url
        var report = SyncReport()
        let changes = try RemoteChanges.since(state.syncToken, in: collection, session: session)
        var idByPath: [String: String] = [:]
        for (id, item) in state.items { idByPath[HrefPath.of(item.href, in: collection)] = id }
        let stale = changes.changed.filter { member in
            guard let id = idByPath[HrefPath.of(member.href, in: collection)], let known = state.items[id]?.etag else { return true }
            return member.etag == nil || member.etag != known
        }
        var remote: [TaskItem.ID: Remote] = [:]
        for resource in try RemoteChanges.fetch(stale, from: collection, session: session) {
            do {
                let task = try ICalendarResource.read(Array(resource.data.utf8), timeZone: timeZone, now: now)
                guard let id = task.id else { continue }
                remote[id] = Remote(href: resource.href, etag: resource.etag, data: resource.data, task: task)
            } catch {
                // An event or a journal beside the to-dos is not a task: left alone, silently.
                if error.problem != .noTaskItems { report.skipped.append(.init(href: resource.href, problem: error)) }
            }
        }
        var removed = Set(changes.removed.compactMap { idByPath[HrefPath.of($0, in: collection)].flatMap(UUID.init(uuidString:)) })
        if changes.isComplete {
            let listed = Set(changes.changed.map { HrefPath.of($0.href, in: collection) })
            for (path, id) in idByPath where !listed.contains(path) { UUID(uuidString: id).map { removed.insert($0) } }
        }
        let storage = storage
        let list: TaskList
        do { list = try storage.read { try $0.allTasks() } } catch { throw Self.storeError(error) }

        var order: [TaskItem.ID] = list.map(\.id)
        var local: [TaskItem.ID: TaskItem] = [:]
        for task in list { local[task.id] = task }
        let others = Set(state.items.keys.compactMap(UUID.init(uuidString:))).union(remote.keys).subtracting(local.keys)
        order += others.sorted { $0.uuidString < $1.uuidString }

        var writes: [Write] = []
        var localWrites: [TaskItem.ID: TaskImport] = [:]
        var localRemovals: [TaskItem.ID] = []
        var settled: [TaskItem.ID: SyncState.Item?] = [:] // the new state of each task not written to the server
        var conflicts: [TaskItem.ID: [SyncConflict]] = [:]
        for id in order {
            let key = id.uuidString.lowercased()
            let item = state.items[key]
            let base = item.flatMap { try? ICalendarResource.read(Array($0.base.utf8), timeZone: timeZone, now: now) }
            let localTask = local[id]
            let fetched = remote[id]
            let remoteTask: TaskImport? = fetched?.task ?? (removed.contains(id) || item == nil ? nil : base)
            let merge = SyncMerge.merge(base: base.map(SyncFields.init), local: localTask.map(SyncFields.init),
                                        localChangedAt: localTask.map { $0.modifiedAt ?? $0.createdAt } ?? now,
                                        remote: remoteTask.map(SyncFields.init), remoteChangedAt: remoteTask?.modifiedAt)
            if !merge.conflicts.isEmpty { conflicts[id] = merge.conflicts }
            // The properties tasks does not model come from the server when it sent the task again.
            let foreign = fetched?.task.foreign["icalendar"] ?? localTask?.foreign["icalendar"] ?? base?.foreign["icalendar"]
            if let fields = merge.fields {
                let changedHere = merge.writesLocal || localTask.map { !Self.sameProperties($0.foreign["icalendar"], foreign) } ?? true
                if changedHere {
                    localWrites[id] = TaskImport(id: id, text: fields.text, isFavorite: fields.isFavorite, doneAt: fields.doneAt,
                                                 createdAt: localTask?.createdAt ?? remoteTask?.createdAt ?? now,
                                                 foreign: ["icalendar": foreign ?? ""], due: fields.due, tags: fields.tags,
                                                 recurrence: fields.recurrence, modifiedAt: remoteTask?.modifiedAt ?? now)
                }
            } else if localTask != nil, merge.writesLocal {
                localRemovals.append(id)
            }
            let href = item?.href ?? fetched?.href ?? collection.appendingPathComponent(key + ".ics").path
            if let fields = merge.fields {
                if merge.writesRemote {
                    let task = TaskItem(id: id, text: fields.text, isFavorite: fields.isFavorite, doneAt: fields.doneAt,
                                        createdAt: localTask?.createdAt ?? remoteTask?.createdAt ?? now,
                                        foreign: foreign.map { ["icalendar": $0] } ?? [:], due: fields.due, tags: fields.tags,
                                        recurrence: fields.recurrence, modifiedAt: localTask?.modifiedAt ?? now)
                    writes.append(Write(id: id, href: href, body: ICalendarResource.render(task, timeZone: timeZone),
                                        etag: remoteTask == nil ? nil : fetched?.etag ?? item?.etag, isNew: remoteTask == nil))
                } else if let fetched {
                    settled[id] = SyncState.Item(href: fetched.href, etag: fetched.etag, base: fetched.data)
                }
            } else if remoteTask != nil, merge.writesRemote {
                writes.append(Write(id: id, href: href, body: nil, etag: fetched?.etag ?? item?.etag, isNew: false))
            } else if item != nil {
                settled[id] = .some(nil)
            }
        }

        // The server first: a sync that fails there has changed nothing here.
        var postponed: Set<TaskItem.ID> = []
        var start = 0
        while start < writes.count {
            let batch = Array(writes[start..<min(start + HTTPTransport.connectionsPerHost, writes.count)])
            start += batch.count
            let answers = try session.transport.sendAll(batch.map { write in
                var headers: [(String, String)] = []
                if let etag = write.etag { headers.append(("If-Match", etag)) } else if write.body != nil { headers.append(("If-None-Match", "*")) }
                if write.body != nil { headers.append(("Content-Type", "text/calendar; charset=utf-8")) }
                return (write.body == nil ? "DELETE" : "PUT", Self.url(write.href, in: collection), headers, write.body)
            })
            for (write, answer) in zip(batch, answers) {
                switch answer.status {
                case 412:
                    postponed.insert(write.id)
                case 404 where write.body == nil:
                    settled[write.id] = .some(nil)
                default:
                    try session.check(answer, write.body == nil ? "DELETE" : "PUT", Self.url(write.href, in: collection))
                    if let body = write.body {
                        settled[write.id] = SyncState.Item(href: write.href, etag: answer.header("ETag"), base: String(decoding: body, as: UTF8.self))
                        if write.isNew { report.sent.added += 1 } else { report.sent.updated += 1 }
                    } else {
                        settled[write.id] = .some(nil)
                        report.sent.removed += 1
                    }
                }
            }
        }
        report.postponed = postponed.count

        // Then the list, in one step; a task changed here meanwhile is left for the next sync.
        let imports = order.compactMap { postponed.contains($0) ? nil : localWrites[$0] }
        let removals = localRemovals.filter { !postponed.contains($0) }
        if !imports.isEmpty || !removals.isEmpty {
            do {
                try storage.write { transaction in
                    try transaction.importTasks(imports, removing: removals, from: .sync, at: now)
                }
            } catch {
                throw Self.storeError(error)
            }
            for task in imports {
                guard let id = task.id else { continue }
                if let before = local[id] {
                    // Other programs' properties coming back are no news.
                    if SyncFields(before) != SyncFields(task) { report.received.updated += 1 }
                } else {
                    report.received.added += 1
                }
            }
            report.received.removed = removals.count
        }
        for id in order where !postponed.contains(id) {
            guard let found = conflicts[id] else { continue }
            let text = localWrites[id]?.text ?? local[id]?.text ?? remote[id]?.task.text ?? ""
            report.conflicts.append(.init(text: text, conflicts: found))
        }
        for (id, item) in settled where !postponed.contains(id) {
            state.items[id.uuidString.lowercased()] = item
        }
        if postponed.isEmpty { state.syncToken = changes.token }
        state.lastSync = now
        return report
    }

    /// Whether two tasks' kept iCalendar properties are the same but for `DTSTAMP`, which a server
    /// writes when it stores a to-do and which says nothing about the task.
    static func sameProperties(_ first: String?, _ second: String?) -> Bool {
        func meaningful(_ text: String?) -> [Substring] {
            (text ?? "").split(separator: "\n").filter { !$0.hasPrefix("DTSTAMP") }
        }
        return meaningful(first) == meaningful(second)
    }

    static func url(_ href: String, in collection: URL) -> URL {
        URL(string: href, relativeTo: collection)?.absoluteURL ?? collection
    }

    static func storeError(_ error: Error) -> SyncError {
        .store(error)
    }
}
