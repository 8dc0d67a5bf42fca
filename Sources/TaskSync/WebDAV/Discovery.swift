import Foundation

/// Finding the user's task lists from a server's address (RFC 6764 §6, RFC 4791 §6): the address
/// itself when it is a task list; else its `current-user-principal` (or that of
/// `/.well-known/caldav`), that principal's `calendar-home-set`, and the calendars there that hold
/// to-dos.
enum Discovery {
    /// What an address turned out to be.
    enum Found: Sendable {
        case taskList(TaskListInfo)
        case lists([TaskListInfo])
    }

    private static let properties = "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>"
        + "<d:current-user-principal/><c:calendar-home-set/>"

    static func find(_ url: URL, session: DAVSession) throws(SyncError) -> Found {
        let status: Multistatus, answered: URL
        do {
            (status, answered) = try session.propfind(url, depth: 0, properties: properties)
        } catch let .status(code, method: _, path: _) where [404, 410].contains(code) {
            throw .nothingThere(url.absoluteString)
        }
        // Xandikos answers a missing path with a multistatus whose response is 404: nothing there
        // (rather than a server's address, which would lead on to the user's only list).
        if let own = status.responses.first, own.status == 404 { throw .nothingThere(url.absoluteString) }
        if let own = status.responses.first {
            if let list = taskList(own, base: answered) { return .taskList(list) }
            if isCalendar(own) { throw .notATaskList(url.absoluteString, found: []) }
        }
        var home = status.responses.first.flatMap { href($0.property(DAVElement.caldav, "calendar-home-set"), base: answered) }
        if home == nil {
            var principal = status.responses.first.flatMap { href($0.property(DAVElement.dav, "current-user-principal"), base: answered) }
            if principal == nil, let wellKnown = URL(string: "/.well-known/caldav", relativeTo: url)?.absoluteURL {
                let (known, at) = try session.propfind(wellKnown, depth: 0, properties: properties)
                principal = known.responses.first.flatMap { href($0.property(DAVElement.dav, "current-user-principal"), base: at) }
            }
            if let principal {
                let (found, at) = try session.propfind(principal, depth: 0, properties: properties)
                home = found.responses.first.flatMap { href($0.property(DAVElement.caldav, "calendar-home-set"), base: at) }
            }
        }
        guard let home else { throw .notATaskList(url.absoluteString, found: []) }
        let (members, at) = try session.propfind(home, depth: 1, properties: properties)
        let lists = members.responses.compactMap { taskList($0, base: at) }
            .sorted { $0.url.absoluteString < $1.url.absoluteString }
        return .lists(lists)
    }

    /// The response's resource as a task list: a calendar that may hold to-dos (one that names no
    /// components holds all).
    private static func taskList(_ response: Multistatus.Response, base: URL) -> TaskListInfo? {
        guard isCalendar(response), let url = URL(string: response.href, relativeTo: base)?.absoluteURL else { return nil }
        let components = response.property(DAVElement.caldav, "supported-calendar-component-set")?
            .children(DAVElement.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() } ?? []
        guard components.isEmpty || components.contains("VTODO") else { return nil }
        let name = response.property(DAVElement.dav, "displayname")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return TaskListInfo(url: url, name: name?.isEmpty == false ? name : nil)
    }

    private static func isCalendar(_ response: Multistatus.Response) -> Bool {
        response.property(DAVElement.dav, "resourcetype")?.child(DAVElement.caldav, "calendar") != nil
    }

    /// The URL in a property's `href`, resolved against `base`.
    private static func href(_ property: DAVElement?, base: URL) -> URL? {
        guard let text = property?.child(DAVElement.dav, "href")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else { return nil }
        return URL(string: text, relativeTo: base)?.absoluteURL
    }
}
