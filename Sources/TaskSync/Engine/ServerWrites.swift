import Foundation
import TaskInterchange
import TaskModel

/// A sync's writes to the task list on the server: each conditional on what was read
/// (`If-Match`, or `If-None-Match: *` for a new one), a batch sent side by side, one the server
/// failed sent again, and one it applied before failing confirmed.
struct ServerWrites {
    let session: DAVSession
    /// The task list's address, which the writes' hrefs are relative to.
    let collection: URL
    /// How the server's copies are read (`sameTask`).
    let timeZone: TimeZone
    let now: Date

    /// The answers to `batch`'s writes, in its order. One answered 500 or 503 is sent again, one at
    /// a time, up to twice, a moment later: a server taking several writes at once may fail one of
    /// them (Xandikos' git store, two commits at a time: "FileLocked"). A write the server did
    /// apply before failing is then refused by its condition (412), or a removal finds nothing
    /// (404): it is answered as sent when what the server holds says so (`confirmation`).
    func send(_ batch: [SyncPlan.Write]) throws(SyncError) -> [HTTPAnswer] {
        var answers = try session.transport.sendAll(batch.map(request))
        for (index, write) in batch.enumerated() {
            var retried = false
            for pause in [0.2, 1.0] where [500, 503].contains(answers[index].status) {
                Thread.sleep(forTimeInterval: pause)
                let again = request(write)
                answers[index] = try session.transport.send(again.method, again.url, headers: again.headers, body: again.body)
                retried = true
            }
            if retried, answers[index].status == 412 || (answers[index].status == 404 && write.body == nil) {
                answers[index] = try confirmation(of: write) ?? answers[index]
            }
        }
        return answers
    }

    private func request(_ write: SyncPlan.Write) -> (method: String, url: URL, headers: [(String, String)], body: [UInt8]?) {
        var headers: [(String, String)] = []
        if let etag = write.etag { headers.append(("If-Match", etag)) } else if write.body != nil { headers.append(("If-None-Match", "*")) }
        if write.body != nil { headers.append(("Content-Type", "text/calendar; charset=utf-8")) }
        return (write.body == nil ? "DELETE" : "PUT", SyncRun.url(write.href, in: collection), headers, write.body)
    }

    /// Whether the server's copy of a task is the text sent: the same bytes, or the same fields,
    /// order value and other properties (a server may store it rewritten: Radicale writes the
    /// properties in an order of its own). A note another client added meanwhile is not the text sent.
    static func sameTask(_ held: [UInt8], _ sent: [UInt8], timeZone: TimeZone, now: Date) -> Bool {
        if held == sent { return true }
        guard let heldTask = try? ICalendarResource.read(held, timeZone: timeZone, now: now),
              let sentTask = try? ICalendarResource.read(sent, timeZone: timeZone, now: now) else { return false }
        let (heldProperties, sentProperties) = (heldTask.foreign["icalendar"], sentTask.foreign["icalendar"])
        return SyncFields(heldTask) == SyncFields(sentTask)
            && SortOrder.value(in: heldProperties) == SortOrder.value(in: sentProperties)
            && SyncPlan.meaningful(heldProperties).sorted() == SyncPlan.meaningful(sentProperties).sorted()
    }

    /// The answer `write` would have had, had the server not failed it (500) after applying it:
    /// what the server holds now is what it wrote (the same bytes, or nothing for a removal).
    /// Nil when it is not: the write was refused, or the task changed there meanwhile.
    private func confirmation(of write: SyncPlan.Write) throws(SyncError) -> HTTPAnswer? {
        let url = SyncRun.url(write.href, in: collection)
        let held = try session.transport.send("GET", url, limit: HTTPTransport.listLimit)
        if held.status == 401 { try session.check(held, "GET", url) }
        switch (write.body, held.status) {
        case (nil, 404), (nil, 410):
            return HTTPAnswer(status: 204, headers: [], body: [])
        case let (body?, 200) where Self.sameTask(held.body, body, timeZone: timeZone, now: now):
            return HTTPAnswer(status: 204, headers: held.header("ETag").map { [("ETag", $0)] } ?? [], body: [])
        default:
            return nil
        }
    }
}
