import Foundation
import TaskTestSupport
import Testing

/// Every field of a task crosses a sync both ways: text, done, favourite, due (all-day and timed),
/// tags, recurrence, and removal; what tasks cannot read in a to-do is kept when it writes it back.
@Suite(.loadsTheMachine) struct FieldSyncTests {
    static let servers: [CalDAVTestServer.Kind] = [.radicale, .xandikos]

    /// The to-do lines of each field as tasks writes them, for the tasks `everyField` makes here.
    static let everyField = """
        add Buy milk +home due:2031-12-01 every:week
        fav 1
        add Call mom due:2031-12-02 17:00
        add Pay rent
        done 3

        """

    @Test(arguments: servers)
    func everyFieldMadeHereReachesTheServer(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        try await store.script(Self.everyField)

        try await store.pair()

        let calendars = try await Self.bySummary(store.remote())
        let milk = try #require(calendars["Buy milk"])
        #expect(SyncedStore.line("PRIORITY:", in: milk) == "PRIORITY:1")
        #expect(SyncedStore.line("DUE", in: milk) == "DUE;VALUE=DATE:20311201")
        #expect(SyncedStore.line("RRULE:", in: milk) == "RRULE:FREQ=WEEKLY")
        #expect(SyncedStore.line("CATEGORIES:", in: milk) == "CATEGORIES:home")
        #expect(SyncedStore.line("STATUS:", in: milk) == "STATUS:NEEDS-ACTION")
        let mom = try #require(calendars["Call mom"])
        #expect(SyncedStore.line("DUE", in: mom) == "DUE:20311202T170000Z")
        #expect(SyncedStore.line("PRIORITY:", in: mom) == nil)
        let rent = try #require(calendars["Pay rent"])
        #expect(SyncedStore.line("STATUS:", in: rent) == "STATUS:COMPLETED")
        #expect(SyncedStore.line("COMPLETED:", in: rent) != nil)
    }

    /// A task this list sent comes back from the server with the properties the server keeps
    /// (its `DTSTAMP`, the `X-APPLE-SORT-ORDER` sent): that is no change here, so the list is not
    /// written, nor redrawn at an open prompt, and `undo` still takes back the last change made here.
    @Test(arguments: servers)
    func whatThisListSentComingBackChangesNothingHere(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Call Anna\nadd Buy milk\n")
        #expect(try await store.run("done", "1").status == 0)

        let synced = try await store.run("sync")
        let again = try await store.run("sync")

        #expect(synced.output.hasSuffix(": sent 1 changed\n") && synced.error.isEmpty, "\(synced)")
        #expect(again.output.hasSuffix(": nothing changed\n") && again.error.isEmpty, "\(again)")
        #expect(try await store.run("undo") == ProgramRun(output: "Undid: done “Call Anna” (now not done)\n"))
    }

    @Test(arguments: servers)
    func everyFieldMadeOnTheServerArrivesHere(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        let client = store.server.client()
        _ = try await client.put("milk.ics", SyncedStore.vtodo(uid: "milk", "SUMMARY:Buy milk", "PRIORITY:1",
                                                               "DUE;VALUE=DATE:20311201", "RRULE:FREQ=WEEKLY",
                                                               "CATEGORIES:home"))
        _ = try await client.put("mom.ics", SyncedStore.vtodo(uid: "mom", "SUMMARY:Call mom", "DUE:20311202T170000Z"))
        _ = try await client.put("rent.ics", SyncedStore.vtodo(uid: "rent", "SUMMARY:Pay rent", "STATUS:COMPLETED",
                                                               "COMPLETED:20261120T100000Z"))
        let reference = try SyncedStore(store.server)
        try await reference.script(Self.everyField)

        try await store.pair()

        // Tasks new from the server come in no order of their own: the rows compared without numbers.
        let (here, expected) = (Self.rows(try await store.list()), Self.rows(try await reference.list()))
        #expect(here == expected)
    }

    /// A text with control characters (a bell) goes whole both ways: Radicale refused the to-do
    /// while its exact text was written with `ENCODING=BASE64` (found by an independent tester).
    @Test(arguments: servers)
    func aTextWithControlCharactersArrivesWhole(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        try await store.script("add Call mom\n")
        #expect(try await store.run("--quiet", "add", "tab\there and bell\u{7} here") == ProgramRun())
        try await store.pair()
        let other = try SyncedStore(store.server)

        try await other.pair()

        #expect(try await store.remote().count == 2)
        let list = try await store.list()
        #expect(list.contains("bell"))
        #expect(try await other.list() == list)
    }

    @Test(arguments: servers)
    func everyFieldChangedOnTheServerIsChangedHere(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\nadd Call mom +work due:2031-12-02 every:day\nfav 2\n")
        let client = store.server.client()
        let calendars = try await Self.bySummary(store.remote(), names: true)
        let (milk, mom) = (try #require(calendars["Buy milk"]), try #require(calendars["Call mom"]))
        let uid = { (calendar: String) in String(SyncedStore.line("UID:", in: calendar)?.dropFirst(4) ?? "") }

        _ = try await client.put(milk.name, SyncedStore.vtodo(uid: uid(milk.text), "SUMMARY:Buy oat milk",
                                                               "DUE:20311203T090000Z", "CATEGORIES:shop,errand",
                                                               "PRIORITY:1", "RRULE:FREQ=MONTHLY"))
        _ = try await client.put(mom.name, SyncedStore.vtodo(uid: uid(mom.text), "SUMMARY:Call mom",
                                                              "STATUS:COMPLETED", "COMPLETED:20261120T100000Z"))
        let synced = try await store.run("sync")

        let reference = try SyncedStore(store.server)
        try await reference.script("add Buy oat milk +shop +errand due:2031-12-03 09:00 every:month\nfav 1\nadd Call mom\ndone 2\n")
        #expect(synced == ProgramRun(output: "synced: received 2 changed\n"))
        #expect(try await store.list() == (try await reference.list()))
    }

    @Test(arguments: servers)
    func aTaskRemovedOnEitherSideIsRemovedOnTheOther(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\nadd Call mom\n")
        let calendars = try await Self.bySummary(store.remote(), names: true)

        #expect(try await store.run("rm", "1") == ProgramRun())
        let sent = try await store.run("sync")
        #expect([200, 204].contains(try await store.server.client().delete(try #require(calendars["Call mom"]).name).status))
        let received = try await store.run("sync")

        #expect(sent == ProgramRun(output: "synced: sent 1 removed\n"))
        #expect(received == ProgramRun(output: "synced: received 1 removed\n"))
        #expect(try await store.remote().isEmpty)
        #expect(try await store.list() == "No tasks. Add one with: tasks add TEXT\n")
    }

    /// Xandikos answers sync-collection with the difference between two states of its store: a
    /// member made and removed since the token asked about is not named. The token a sync keeps
    /// must not be older than the tasks it sent.
    @Test(arguments: servers)
    func aTaskSentByTheFirstSyncAndRemovedOnTheServerIsRemovedHere(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\nadd Call mom\n")
        let calendars = try await Self.bySummary(store.remote(), names: true)
        #expect([200, 204].contains(try await store.server.client().delete(try #require(calendars["Call mom"]).name).status))

        let received = try await store.run("sync")

        #expect(received == ProgramRun(output: "synced: received 1 removed\n"))
        #expect(try await store.list() == "  1   Buy milk\n")
    }

    @Test(arguments: servers)
    func whatTasksCannotReadInAToDoIsKeptWhenItIsChangedHere(kind: CalDAVTestServer.Kind) async throws {
        let store = try SyncedStore(try await CalDAVTestServer.start(kind))
        let foreign = ["DESCRIPTION:Two litres\\, semi-skimmed", "X-PHONE-COLOUR:blue", "BEGIN:VALARM", "ACTION:DISPLAY",
                       "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM"]
        _ = try await store.server.client().put("milk.ics", SyncedStore.vtodo(uid: "milk", "SUMMARY:Buy milk", foreign[0],
                                                                               foreign[1], foreign[2], foreign[3],
                                                                               foreign[4], foreign[5], foreign[6]))
        try await store.pair()

        #expect(try await store.run("edit", "1", "Buy oat milk") == ProgramRun())
        #expect(try await store.run("done", "1") == ProgramRun())
        try await store.run("sync").expectSuccess()

        let text = try #require(try await store.remote()["milk.ics"])
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.contains("SUMMARY:Buy oat milk"))
        #expect(lines.contains("STATUS:COMPLETED"))
        // Kept, and the alarm whole; the order of a to-do's properties means nothing.
        #expect(Set(lines.filter { foreign.contains($0) }) == Set(foreign), "\(text)")
        #expect(text.contains(foreign[2...].joined(separator: "\r\n")), "\(text)")
    }

    /// The rows of a list without their numbers, sorted.
    static func rows(_ list: String) -> [String] {
        list.split(separator: "\n").map { String($0.drop { $0 == " " }.drop(while: \.isNumber)) }.sorted()
    }

    /// The calendars by their summary.
    static func bySummary(_ calendars: [String: String]) -> [String: String] {
        bySummary(calendars, names: true).mapValues(\.text)
    }

    /// The calendars and their resources' names by their summary.
    static func bySummary(_ calendars: [String: String], names: Bool) -> [String: (name: String, text: String)] {
        var found: [String: (name: String, text: String)] = [:]
        for (name, text) in calendars {
            if let summary = SyncedStore.line("SUMMARY:", in: text) { found[String(summary.dropFirst(8))] = (name, text) }
        }
        return found
    }
}

extension ProgramRun {
    /// Records an issue unless the run exited 0 and wrote nothing on standard error.
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0 && error.isEmpty, "\(self)", sourceLocation: sourceLocation)
    }
}
