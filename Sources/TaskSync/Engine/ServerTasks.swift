import Foundation
import TaskInterchange
import TaskModel

/// What the server holds that the last sync did not see: the to-dos changed or added there (read),
/// those removed, and the members that hold a to-do tasks cannot read.
struct ServerTasks {
    /// A task's resource as fetched.
    struct Fetched {
        var href: String
        var etag: String?
        var data: String
        var task: TaskImport
    }

    var fetched: [TaskItem.ID: Fetched] = [:]
    var removed: Set<TaskItem.ID> = []
    var skipped: [SyncReport.Skipped] = []
    /// Members skipped now that the pairing keeps (`SyncState.Item.unreadableThere`), so that
    /// `sync --status` still names them after the sync that said so: tasks synced before, and
    /// to-dos with a `UID` tasks cannot read.
    var leftAlone: [TaskItem.ID: LeftAlone] = [:]

    /// A member skipped now, by the identity of its task.
    struct LeftAlone {
        /// Whether the server's copy is not one tasks can read (kept so until the server changes it
        /// again); false: it could not be fetched.
        var unreadable: Bool
        var href: String
        /// Its ETag as fetched, nil when it was not: a server listing every member each sync does
        /// not have it fetched and named again.
        var etag: String?
    }
    /// The token to ask from next time.
    var token: String?

    /// Whether no task is fetched, found removed or left alone: all that a plan reads of the server.
    var namesNoTask: Bool {
        fetched.isEmpty && removed.isEmpty && leftAlone.isEmpty
    }

    /// Asks the server what changed since `state`'s sync (`asked`: the question sent ahead), and
    /// fetches what the answer did not give.
    static func read(since state: SyncState, asked: RemoteChanges.Question? = nil, session: DAVSession,
                     timeZone: TimeZone, now: Date) throws(SyncError) -> ServerTasks {
        let collection = state.pairing.url
        let changes = try RemoteChanges.since(state.syncToken, in: collection, session: session, asked: asked)
        var server = ServerTasks(token: changes.token)
        // Nothing changed since the token, and nothing put since it to account for: the tasks'
        // paths need not be worked out (a URL parsed per task, every minute at an open prompt).
        if !changes.isComplete, changes.changed.isEmpty, changes.removed.isEmpty, state.writtenSinceToken?.isEmpty ?? true {
            return server
        }
        var idByPath: [String: TaskItem.ID] = [:]
        idByPath.reserveCapacity(state.items.count)
        // New tasks a cut sync was sending: not listed, they did not arrive, and are not removed there.
        var sending: Set<TaskItem.ID> = []
        for (key, item) in state.items {
            guard let id = UUID(uuidString: key) else { continue }
            idByPath[HrefPath.of(item.href, in: collection)] = id
            if item.inFlight?.isAdding == true { sending.insert(id) }
        }
        // A member whose ETag is the one the last sync wrote or read is as it was.
        let stale = changes.changed.filter { member in
            guard let id = idByPath[HrefPath.of(member.href, in: collection)],
                  let known = state.items[id.uuidString.lowercased()]?.etag else { return true }
            return member.etag == nil || member.etag != known
        }
        let unnamed = Self.unnamed(changes, state: state, sending: sending, idByPath: idByPath)
        // Those the last sync wrote and the server did not name are removed there when not there.
        let given = stale.compactMap { member in member.data.map { RemoteChanges.Resource(href: member.href, etag: member.etag, data: $0) } }
        let resources = try given + RemoteChanges.fetch(stale.filter { $0.data == nil } + unnamed.values, from: collection, session: session)
        // Tasks whose member now holds another to-do: another client removed the task and put a
        // new one under its name, or wrote another over it (Xandikos lets it). Each is removed
        // there unless this answer has it under another name: it was kept here, and each sync
        // said "nothing changed" (found by an independent tester).
        var displaced: Set<TaskItem.ID> = []
        for resource in resources {
            let path = HrefPath.of(resource.href, in: collection)
            let known = idByPath[path]
            // Written by the last sync, not named, and as that sync left it.
            if unnamed[path] != nil, let known, let etag = resource.etag,
               etag == state.items[known.uuidString.lowercased()]?.etag { continue }
            guard let data = resource.data else {
                server.skipped.append(.init(href: resource.href, reason: .notFetched(status: resource.status)))
                if let known { server.leftAlone[known] = LeftAlone(unreadable: false, href: resource.href) }
                continue
            }
            do {
                // A to-do repeating in a way tasks cannot follow is not taken as a one-off: checking
                // it off here would end the whole series there.
                let task = try ICalendarResource.read(data, timeZone: timeZone, now: now, refusingUnreadableRecurrence: true)
                guard let id = task.id else { continue }
                if let known, known != id { displaced.insert(known) }
                var taken = Fetched(href: resource.href, etag: resource.etag, data: String(decoding: data, as: UTF8.self), task: task)
                // Two members of one UUID (their UIDs in other letter cases, which a server holds
                // apart): the list takes one, the one it knows, else the first by path, and the
                // other is named, not taken. They were one task here, each sync taking either
                // (found by an independent tester).
                // (One member named twice in an answer, by its path and by its URL, is one.)
                if let other = server.fetched[id], HrefPath.of(other.href, in: collection) != path {
                    let otherPath = HrefPath.of(other.href, in: collection)
                    let keepsOther = idByPath[otherPath] == id || (idByPath[path] != id && otherPath < path)
                    if keepsOther { swap(&taken, &server.fetched[id]!) }
                    let left = server.fetched[id]!
                    server.fetched[id] = taken
                    server.skipped.append(.init(href: left.href, reason: .sameUID, summary: left.task.text))
                    continue
                }
                server.fetched[id] = taken
            } catch {
                // An event or a journal beside the to-dos is not a task: left alone, silently.
                guard error.problem != .noToDo else {
                    if let known { server.leftAlone[known] = LeftAlone(unreadable: true, href: resource.href, etag: resource.etag) }
                    continue
                }
                let names = ICalendarResource.names(in: data)
                server.skipped.append(.init(href: resource.href, reason: .unreadable(error), summary: names.summary))
                if let id = known ?? names.id {
                    server.leftAlone[id] = LeftAlone(unreadable: true, href: resource.href, etag: resource.etag)
                }
            }
        }
        server.removed = Set(changes.removed.compactMap { idByPath[HrefPath.of($0, in: collection)] })
        server.removed.formUnion(displaced.filter { server.fetched[$0] == nil && server.leftAlone[$0] == nil })
        // Written by the last sync, not named, and not there when asked for: removed since.
        let answered = Set(resources.map { HrefPath.of($0.href, in: collection) })
        for path in unnamed.keys where !answered.contains(path) {
            if let id = idByPath[path] { server.removed.insert(id) }
        }
        if changes.isComplete {
            // Everything was listed: a member known from the last sync and not listed is gone.
            let listed = Set(changes.changed.map { HrefPath.of($0.href, in: collection) })
            for (path, id) in idByPath where !listed.contains(path) && !sending.contains(id) { server.removed.insert(id) }
        }
        return server
    }

    /// The members the last sync wrote that the server, asked what changed since the token read
    /// before those writes, did not name, by path: each is asked for (`writtenSinceToken`). Taken
    /// for removed, one another client had put back as it was was removed here, though still on
    /// the server; and one removed here and put back there never came back (Xandikos: found by an
    /// independent tester).
    private static func unnamed(_ changes: RemoteChanges, state: SyncState, sending: Set<TaskItem.ID>,
                                idByPath: [String: TaskItem.ID]) -> [String: RemoteChanges.Member] {
        guard !changes.isComplete, let written = state.writtenSinceToken else { return [:] }
        let collection = state.pairing.url
        let named = Set((changes.changed.map(\.href) + changes.removed).map { HrefPath.of($0, in: collection) })
        var unnamed: [String: RemoteChanges.Member] = [:]
        for path in written where !named.contains(path) {
            let id = idByPath[path]
            if let id, sending.contains(id) { continue }
            // A removed one's path, as written (percent-encoded) for the request.
            let href = id.flatMap { state.items[$0.uuidString.lowercased()]?.href }
                ?? path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            unnamed[path] = RemoteChanges.Member(href: href, etag: nil)
        }
        return unnamed
    }
}
