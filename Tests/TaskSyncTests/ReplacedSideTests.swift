import Foundation
import TaskTestSupport
import Testing

/// A side that holds none of the tasks synced last time is more likely replaced (a store restored or
/// made anew, a new task list at the same address) than emptied task by task: a sync that would
/// remove every task of the other side changes nothing, and says so in one line. A store replaced
/// with a task added since emptied the server: the guard looked for an empty list only (found by an
/// independent tester; the prompt did it by itself, two seconds after the task was added).
@Suite(.loadsTheMachine) struct ReplacedSideTests {
    /// The store's file and what SQLite keeps beside it, removed: the pairing stays.
    private static func replaceStore(_ store: SyncedStore) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: store.folder.file("tasks.sqlite" + suffix))
        }
    }

    /// Changes a task on the server: the one whose summary is `summary` gets `newSummary`.
    private static func changeOnServer(_ store: SyncedStore, _ summary: String, to newSummary: String) async throws {
        let (name, calendar) = try #require(try await store.remote().first { SyncedStore.line("SUMMARY:", in: $0.value) == "SUMMARY:" + summary })
        let changed = calendar.replacingOccurrences(of: "SUMMARY:" + summary, with: "SUMMARY:" + newSummary)
        #expect(try await store.server.client().put(name, changed).status < 300)
    }

    /// With a task added since, and with a task changed on the server since, which came back while
    /// the others went (found by an independent tester).
    @Test(arguments: [("", false), ("add Pay rent\n", false), ("", true)])
    func aStoreReplacedDoesNotEmptyTheServer(addedSince: String, changedThere: Bool) async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\nadd Buy milk\nadd Water plants\n")
        try Self.replaceStore(store)
        if !addedSince.isEmpty { try await store.script(addedSince) }
        if changedThere { try await Self.changeOnServer(store, "Buy milk", to: "Buy oat milk") }

        let run = try await store.run("sync")

        #expect(run == ProgramRun(error: "sync: nothing synced: this list has none of the 3 tasks synced (help sync)\n", status: 1))
        #expect(try await store.remote().count == 3)
        // What the last sync left, said as past: the list here holds none of them now (it said "3
        // tasks on both sides", found by an independent tester).
        let status = try await store.statusWithoutFailure()
        #expect(status.status.hasSuffix("; 3 tasks were on both sides\n") && status.saysFailed)
        try await store.run("sync", "--unpair")
        try await store.pair()
        #expect(try await store.remote().count == (addedSince.isEmpty ? 3 : 4))
        #expect(try await store.list().split(separator: "\n").count == (addedSince.isEmpty ? 3 : 4))
    }

    /// With one task synced, a store replaced was not told from that task removed here: it was
    /// removed on the server (found by an independent tester). The store's history tells them apart.
    @Test(arguments: ["", "add Pay rent\n"])
    func aStoreReplacedWithOneTaskSyncedDoesNotRemoveItThere(addedSince: String) async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\n")
        try Self.replaceStore(store)
        if !addedSince.isEmpty { try await store.script(addedSince) }

        let run = try await store.run("sync")

        #expect(run == ProgramRun(error: "sync: nothing synced: this list lacks the one task synced (help sync)\n", status: 1))
        #expect(try await store.remote().values.map { SyncedStore.line("SUMMARY:", in: $0) } == ["SUMMARY:Call mom"])
    }

    /// Every task removed here, at once, one by one or by `clear`, is a change made here, which the
    /// store's history keeps: the server loses them too (it refused, taking the list for a store replaced).
    @Test(arguments: [("add Call mom\n", "rm 1\n"), ("add Call mom\nadd Buy milk\nadd Water plants\n", "rm 1-3\n"),
                      ("add Call mom\nadd Buy milk\n", "rm 2\nrm 1\n"), ("add Call mom\nadd Buy milk\n", "clear\n"),
                      ("add Call mom\nadd Buy milk\n", "rm 1-2\nadd Pay rent\n")])
    func everyTaskRemovedHereIsRemovedThere(tasks: String, removing: String) async throws {
        let store = try await SyncedStore.paired(.radicale, tasks)
        try await store.script(removing)

        let run = try await store.run("sync")

        #expect(run.status == 0 && run.error.isEmpty)
        #expect(try await store.remote().values.map { SyncedStore.line("SUMMARY:", in: $0) } == (removing.contains("add") ? ["SUMMARY:Pay rent"] : []))
    }

    /// An older copy of the store, holding one of the three tasks synced, put back: the other two
    /// were removed on the server, lost on both sides (found by an independent tester).
    @Test func aStoreReplacedByAnOlderCopyDoesNotRemoveTheTasksItNeverHeldThere() async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\n")
        let path = store.folder.file("tasks.sqlite")
        let copy = store.folder.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try await store.script("add Buy milk\nadd Water plants\n")
        #expect(try await store.run("sync").status == 0)
        try Self.replaceStore(store)
        try FileManager.default.moveItem(atPath: copy, toPath: path)

        let run = try await store.run("sync")

        #expect(run == ProgramRun(error: "sync: nothing synced: this list never held 2 tasks to remove there (help sync)\n", status: 1))
        #expect(try await store.remote().count == 3)
    }

    /// Tasks whose adding was undone, and then another change made: the next change forgets what
    /// undo could redo, and forgot the tasks too, so the sync took the list for a store replaced
    /// (found by an independent tester). Every one of them, or one of three.
    @Test(arguments: [("add Call mom\n", "undo\n"), ("add Call mom\nadd Buy milk\nadd Water plants\n", "undo\nundo\nundo\n"),
                      ("add Call mom\nadd Buy milk\nadd Water plants\n", "undo\n")])
    func tasksWhoseAddingWasUndoneAreRemovedThere(tasks: String, undoing: String) async throws {
        let store = try await SyncedStore.paired(.radicale, tasks)
        let script = try await ProgramRun(["--quiet"], input: undoing + "add Pay rent\n", in: store.folder, environment: store.environment())
        #expect(script.status == 0) // saying what each undo undid

        let run = try await store.run("sync")

        #expect(run.status == 0 && run.error.isEmpty)
        let kept = tasks.split(separator: "\n").dropLast(undoing.split(separator: "\n").count).map { "SUMMARY:" + $0.dropFirst(4) }
        #expect(Set(try await store.remote().values.compactMap { SyncedStore.line("SUMMARY:", in: $0) }) == Set(kept + ["SUMMARY:Pay rent"]))
    }

    @Test(arguments: [(false, false), (true, false), (false, true)])
    func aTaskListEmptiedOnTheServerDoesNotEmptyTheList(addedSince: Bool, changedHere: Bool) async throws {
        let store = try await SyncedStore.paired(.radicale, "add Call mom\nadd Buy milk\nadd Water plants\n")
        for name in try await store.remote().keys { _ = try await store.server.client().delete(name) }
        if addedSince { _ = try await store.server.client().put("rent.ics", SyncedStore.vtodo(uid: "rent", "SUMMARY:Pay rent")) }
        if changedHere { try await store.script("edit 2 Buy oat milk\n") }
        let here = try await store.list()

        let run = try await store.run("sync")

        #expect(run == ProgramRun(error: "sync: nothing synced: the server has none of the 3 tasks synced (help sync)\n", status: 1))
        #expect(try await store.list() == here)
    }
}
