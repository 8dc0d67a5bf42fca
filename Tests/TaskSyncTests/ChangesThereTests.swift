import Foundation
import TaskTestSupport
import Testing

/// How a sync asks what changed on the server since the last one: one `sync-collection` report
/// that gives each change's data where the server can (Radicale), a `calendar-multiget` of the
/// changes where it leaves the data out (Xandikos), and each change alone where the answer with
/// the data cannot be read.
@Suite(.loadsTheMachine) struct ChangesThereTests {
    /// A sync of a task changed on the server asks Radicale once: the change's data comes with the
    /// report (it took a second `REPORT`, a `calendar-multiget`, about a tenth of the sync's time).
    @Test func aChangeOnTheServerComesWithTheSyncReport() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\nadd Call mom\n")
        let (name, calendar) = try #require(try await store.remote().first { $0.value.contains("SUMMARY:Call mom") })
        let changed = calendar.replacingOccurrences(of: "SUMMARY:Call mom", with: "SUMMARY:Call mom back")
        #expect((200..<300).contains(try await store.server.client().put(name, changed).status))
        let before = store.server.log.count

        let synced = try await store.run("sync")

        #expect(synced == ProgramRun(output: "synced: received 1 changed\n"))
        #expect(try await store.list() == "  1   Buy milk\n  2   Call mom back\n")
        let requests = String(store.server.log.dropFirst(before)).components(separatedBy: "\n").filter { $0.contains("request for") }
        #expect(requests.count == 1, "\(requests)")
        #expect(requests.first?.contains("REPORT request for '/alice/tasks/' with depth '0'") == true, "\(requests)")
    }

    /// Xandikos answers the report with each change's ETag but not its data: the changes are
    /// fetched, and arrive as well.
    @Test func aChangeTheServerGivesWithoutItsDataIsFetched() async throws {
        let store = try await SyncedStore.paired(.xandikos, "add Buy milk\nadd Call mom\n")
        let (name, calendar) = try #require(try await store.remote().first { $0.value.contains("SUMMARY:Call mom") })
        let changed = calendar.replacingOccurrences(of: "SUMMARY:Call mom", with: "SUMMARY:Call mom back")
        #expect((200..<300).contains(try await store.server.client().put(name, changed).status))
        _ = try await store.server.client().put("bread.ics", SyncedStore.vtodo(uid: "bread", "SUMMARY:Buy bread"))

        let synced = try await store.run("sync")

        #expect(synced == ProgramRun(output: "synced: received 1 new, 1 changed\n"))
        #expect(try await store.list() == "  1   Buy milk\n  2   Call mom back\n  3   Buy bread\n")
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }

    /// Radicale writes a control character raw in the report that gives a change's data, which XML
    /// 1.0 forbids: the report is asked again without the data, and each change fetched; the
    /// to-do Radicale cannot put in XML arrives with the others.
    @Test func aChangeRadicaleCannotPutInXMLArrivesWithTheOthers() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Buy milk\nadd Call mom\n")
        let (name, calendar) = try #require(try await store.remote().first { $0.value.contains("SUMMARY:Call mom") })
        let changed = calendar.replacingOccurrences(of: "SUMMARY:Call mom", with: "SUMMARY:Call mom back")
        let client = store.server.client()
        #expect((200..<300).contains(try await client.put(name, changed).status))
        _ = try await client.put("bell.ics", SyncedStore.vtodo(uid: "bell", "SUMMARY:Ring\u{07}bell"))

        let synced = try await store.run("sync")

        #expect(synced == ProgramRun(output: "synced: received 1 new, 1 changed\n"))
        #expect(try await store.list() == "  1   Buy milk\n  2   Call mom back\n  3   Ring\\x07bell\n")
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }
}

/// A task's member on the server taken by another to-do: another client removed the task and put a
/// new one under its name, or wrote another to-do over it (Xandikos lets it; Radicale refuses it).
/// The task is removed here, or, changed here meanwhile, put there again under a name of its own;
/// the old one stayed here with each sync saying "nothing changed", and once changed here was
/// refused every sync (found by an independent tester).
@Suite(.loadsTheMachine) struct MemberTakenThereTests {
    static let cases: [(CalDAVTestServer.Kind, Bool)] = [(.radicale, false), (.xandikos, false), (.xandikos, true)]

    /// Puts a to-do of another UID where "Call mom" was: removed first, or written over it.
    static func takeMember(_ store: SyncedStore, overwriting: Bool) async throws {
        let client = store.server.client()
        let (name, _) = try #require(try await store.remote().first { $0.value.contains("SUMMARY:Call mom") })
        if overwriting {
            let etag = try #require(try await client.list().first { $0.name == name }?.etag)
            #expect((200..<300).contains(try await client.put(name, SyncedStore.vtodo(uid: "other", "SUMMARY:Water plants"),
                                                                ifMatch: etag).status))
        } else {
            #expect((200..<300).contains(try await client.delete(name).status))
            #expect(try await client.put(name, SyncedStore.vtodo(uid: "other", "SUMMARY:Water plants")).status == 201)
        }
    }

    @Test(arguments: cases)
    func aTaskWhoseMemberAnotherToDoTookIsRemovedHere(kind: CalDAVTestServer.Kind, overwriting: Bool) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\nadd Call mom\n")
        try await Self.takeMember(store, overwriting: overwriting)

        let synced = try await store.run("sync")

        #expect(synced == ProgramRun(output: "synced: received 1 new, 1 removed\n"))
        #expect(try await store.list() == "  1   Buy milk\n  2   Water plants\n")
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
        #expect(try await store.remote().values.map { SyncedStore.line("SUMMARY:", in: $0) ?? "" }.sorted()
                == ["SUMMARY:Buy milk", "SUMMARY:Water plants"])
    }

    /// (Xandikos refuses the task under a name of its own after another to-do was written over
    /// it: its index still holds the task's UID. The sync says so, and keeps the change.)
    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos], [false])
    func aTaskChangedHereWhoseMemberAnotherToDoTookIsPutThereAgain(kind: CalDAVTestServer.Kind, overwriting: Bool) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\nadd Call mom\n")
        try await Self.takeMember(store, overwriting: overwriting)
        try await store.script("edit 2 Call mom back\n")

        let synced = try await store.run("sync")

        #expect(synced == ProgramRun(output: "synced: received 1 new; sent 1 new\n"
                                     + "removed on the server and changed here: \"Call mom back\" is kept\n"))
        #expect(try await store.list() == "  1   Buy milk\n  2   Call mom back\n  3   Water plants\n")
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
        #expect(try await store.remote().values.map { SyncedStore.line("SUMMARY:", in: $0) ?? "" }.sorted()
                == ["SUMMARY:Buy milk", "SUMMARY:Call mom back", "SUMMARY:Water plants"])
    }

    /// A task changed here that another client moved to another name (removed, and put under a
    /// new one): the change is written where the task is now. It was written under the old name,
    /// refused, and said "changed on the server during this sync" every sync (found by an
    /// independent tester).
    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aTaskChangedHereThatAnotherClientMovedIsWrittenWhereItIs(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\nadd Call mom\n")
        let client = store.server.client()
        let (name, calendar) = try #require(try await store.remote().first { $0.value.contains("SUMMARY:Call mom") })
        #expect((200..<300).contains(try await client.delete(name).status))
        #expect(try await client.put("moved.ics", calendar).status == 201)
        try await store.script("edit 2 Call mom back\n")

        let synced = try await store.run("sync")

        #expect(synced == ProgramRun(output: "synced: sent 1 changed\n"))
        let remote = try await store.remote()
        #expect(remote.keys.sorted().last == "moved.ics")
        #expect(remote["moved.ics"].flatMap { SyncedStore.line("SUMMARY:", in: $0) } == "SUMMARY:Call mom back")
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }

    /// A task new here whose name (`UUID.ics`) another client's to-do took before it was sent
    /// goes under `UUID-2.ics`. It was refused, "changed on the server", every sync (found by an
    /// independent tester).
    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func aNewTaskWhoseNameAnotherToDoTookGoesUnderAnother(kind: CalDAVTestServer.Kind) async throws {
        let store = try await SyncedStore.paired(kind, "add Buy milk\n")
        try await store.script("add Fresh\n")
        let uid = try #require(try await store.run("export", "--format", "ics").output.components(separatedBy: "\r\n")
            .filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }.last)
        #expect(try await store.server.client().put("\(uid).ics", SyncedStore.vtodo(uid: "squatter", "SUMMARY:Squatter")).status == 201)

        let synced = try await store.run("sync")

        #expect(synced == ProgramRun(output: "synced: received 1 new; sent 1 new\n"))
        let remote = try await store.remote()
        #expect(remote["\(uid)-2.ics"].flatMap { SyncedStore.line("SUMMARY:", in: $0) } == "SUMMARY:Fresh")
        #expect(remote.count == 3)
        #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
    }

    /// A task removed on the server and changed here is put back under its own name; another
    /// client's to-do taking that name between the sync's report and its PUT has the PUT refused,
    /// and the next sync puts the task under a name of its own beside the other to-do. The sync is
    /// stopped (SIGSTOP) as soon as Radicale's log says the report was answered; an attempt whose
    /// PUT was sent first is made again.
    @Test func aTaskPutBackUnderANameTakenMeanwhileGoesUnderAnotherAtTheNextSync() async throws {
        for _ in 1...5 {
            let store = try await SyncedStore.paired(.radicale, "add Buy milk\nadd Call mom\n")
            let client = store.server.client()
            let (name, _) = try #require(try await store.remote().first { $0.value.contains("SUMMARY:Call mom") })
            #expect((200..<300).contains(try await client.delete(name).status))
            try await store.script("edit 2 Call mom back\n")
            let before = store.server.log.utf8.count
            let pid = try ChildProcess.start(TasksBinary.path, ["--db", store.folder.file("tasks.sqlite"), "sync"],
                                             environment: TasksBinary.environment(in: store.folder, store.environment()),
                                             output: store.folder.file("sync.out"), error: store.folder.file("sync.err"))
            let deadline = ContinuousClock.now + .seconds(120)
            var since = ""
            while !since.contains("REPORT response"), ContinuousClock.now < deadline { // no pause: the PUT follows in milliseconds
                since = String(decoding: store.server.log.utf8.dropFirst(before), as: UTF8.self)
            }
            kill(pid, SIGSTOP)
            since = String(decoding: store.server.log.utf8.dropFirst(before), as: UTF8.self)
            let inTime = since.contains("REPORT response") && !since.contains("PUT request")
            if inTime {
                #expect(try await client.put(name, SyncedStore.vtodo(uid: "other", "SUMMARY:Water plants")).status == 201)
            }
            kill(pid, SIGCONT)
            let status = try await ChildProcess.exitStatus(of: pid, path: TasksBinary.path)
            guard inTime else { continue }
            let said = (store.folder.contents(of: "sync.out") ?? "", store.folder.contents(of: "sync.err") ?? "")
            // Not an error: the next sync takes it; but not all was done (exit status 1).
            #expect(status == 1 && said == ("synced: 1 change not sent\n"
                                            + "1 task was changed on the server during this sync: the next sync takes it\n", ""),
                    "\(status) \(said)")

            let synced = try await store.run("sync")

            #expect(synced == ProgramRun(output: "synced: received 1 new; sent 1 new\n"
                                         + "removed on the server and changed here: \"Call mom back\" is kept\n"))
            #expect(try await store.list() == "  1   Buy milk\n  2   Call mom back\n  3   Water plants\n")
            #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
            let remote = try await store.remote()
            #expect(remote[name].flatMap { SyncedStore.line("SUMMARY:", in: $0) } == "SUMMARY:Water plants")
            #expect(remote.values.map { SyncedStore.line("SUMMARY:", in: $0) ?? "" }.sorted()
                    == ["SUMMARY:Buy milk", "SUMMARY:Call mom back", "SUMMARY:Water plants"])
            return
        }
        Issue.record("in five attempts, the sync's PUT was sent before it could be stopped")
    }

    /// Two stores on the list each change a task whose name another client's to-do took: the one
    /// that syncs first puts it under a name of its own, and the other's change is written there
    /// and merged (it was refused every sync: found by an independent tester).
    @Test(arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func twoStoresChangingATaskWhoseNameWasTakenMergeTheirChanges(kind: CalDAVTestServer.Kind) async throws {
        let first = try await SyncedStore.paired(kind, "add Buy milk\nadd Call mom\n")
        let second = try SyncedStore(first.server)
        try await second.pair()
        try await Self.takeMember(first, overwriting: false)
        try await first.script("edit 2 Call mom back\n")
        try await second.script("fav 2\n")

        try await second.run("sync").expectSuccess()
        let synced = try await first.run("sync")

        #expect(synced.status == 0, "\(synced)")
        try await second.run("sync").expectSuccess()
        for store in [first, second] {
            #expect(try await store.list() == "  1   Buy milk\n  2 ★ Call mom back\n  3   Water plants\n")
            #expect(try await store.run("sync") == ProgramRun(output: "synced: nothing changed\n"))
        }
        #expect(try await first.remote().count == 3)
    }
}
