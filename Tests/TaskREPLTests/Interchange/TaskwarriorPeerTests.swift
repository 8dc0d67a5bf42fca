import Foundation
import TaskTestSupport
import Testing

/// Taskwarrior JSON with the real `task` (Debian's taskwarrior 2.6).
@Suite struct TaskwarriorPeerTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try Peers.configure(folder)
    }

    func tasks(_ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> ProgramRun {
        try await ProgramRun(arguments, input: input, in: folder, environment: environment)
    }

    /// The tasks of a `task export`, each as its members other than `id` and `urgency` (which
    /// Taskwarrior computes), sorted by identity, in JSON with sorted keys.
    static func comparable(_ json: String) throws -> [String] {
        let tasks = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return try tasks.filter { $0["status"] as? String != "deleted" }
            .sorted { ($0["uuid"] as? String ?? "") < ($1["uuid"] as? String ?? "") }
            .map { task in
                let kept = task.filter { $0.key != "id" && $0.key != "urgency" }
                return String(decoding: try JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys]), as: UTF8.self)
            }
    }

    @Test func taskImportOfOurExportHasOurTextsStatusesAndFavourites() async throws {
        _ = try await tasks(["--quiet"], input: "add Buy milk\nadd Pay \"rent\" ☕\nadd Call mom\nfav 3\ndone 2\n")
        _ = try await tasks(["--quiet", "export", folder.file("ours.json")])
        #expect(try await Peers.task(["import", folder.file("ours.json")], in: folder).status == 0)
        let exported = try await Peers.task(["export"], in: folder)
        let theirs = try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [[String: Any]] ?? []
        let summary = theirs.map { "\($0["description"] ?? "") \($0["status"] ?? "") \($0["priority"] ?? "-")" }.sorted()
        #expect(summary == ["Buy milk pending -", "Call mom pending H", "Pay \"rent\" ☕ completed -"], "\(exported)")
    }

    @Test func tagsProjectDueAndAnnotationsComeBackThroughTaskImportUnchanged() async throws {
        for arguments in [["add", "Buy milk", "+shop", "project:home", "due:2026-12-01"],
                          ["add", "Call mom", "priority:M", "+family", "+phone"], ["add", "Pay rent", "priority:H"],
                          ["1", "annotate", "oat, not cow"], ["add", "Deleted one"], ["+LATEST", "delete"],
                          ["add", "Finished"], ["+LATEST", "done"]] {
            #expect(try await Peers.task(arguments, in: folder).status == 0, "\(arguments)")
        }
        let original = try await Peers.task(["export"], in: folder)
        try original.output.write(toFile: folder.file("theirs.json"), atomically: true, encoding: .utf8)
        let imported = try await tasks(["import", folder.file("theirs.json")])
        #expect(imported.output.hasSuffix("4 added, 0 updated, 0 unchanged, 1 skipped (1 deleted in Taskwarrior)\n"), "\(imported)")
        _ = try await tasks(["--quiet", "export", folder.file("ours.json")])
        try FileManager.default.removeItem(atPath: folder.file("taskdata"))
        #expect(try await Peers.task(["import", folder.file("ours.json")], in: folder).status == 0)
        let again = try await Peers.task(["export"], in: folder)
        #expect(try Self.comparable(again.output) == Self.comparable(original.output))
        #expect(try Self.comparable(again.output).count == 4)
    }

    @Test func aTaskCheckedOffHereReachesTaskModifiedWhenItWasCheckedOff() async throws {
        try #"[{"uuid":"019a0000-0000-7000-8000-000000000001","description":"Pay rent","entry":"20240101T000000Z","modified":"20240103T000000Z","status":"pending"}]"#
            .write(toFile: folder.file("theirs.json"), atomically: true, encoding: .utf8)
        #expect(try await tasks(["--quiet", "import", folder.file("theirs.json")]).status == 0)
        let before = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        #expect(try await tasks(["--quiet", "done", "1"]).status == 0)
        let after = Date()
        #expect(try await tasks(["--quiet", "export", folder.file("ours.json")]).status == 0)
        #expect(try await Peers.task(["import", folder.file("ours.json")], in: folder).status == 0)
        let exported = try await Peers.task(["export"], in: folder)
        let theirs = try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [[String: Any]] ?? []
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let modified = try #require(theirs.first?["modified"] as? String, "\(exported)")
        let time = try #require(formatter.date(from: modified), "\(modified)")
        #expect(theirs.first?["status"] as? String == "completed")
        #expect(time >= before && time <= after, "\(modified)")
    }

    @Test func theirExportTasksAndOursAgainGiveTheSameBytes() async throws {
        _ = try await Peers.task(["add", "Buy milk", "+shop", "due:2026-12-01"], in: folder)
        _ = try await Peers.task(["1", "annotate", "a note"], in: folder)
        let original = try await Peers.task(["export"], in: folder)
        try original.output.write(toFile: folder.file("theirs.json"), atomically: true, encoding: .utf8)
        _ = try await tasks(["--quiet", "import", folder.file("theirs.json")])
        let first = try await tasks(["export", "--format", "json"])
        _ = try await ProgramRun(["--quiet", "import", "-"], input: first.output, in: folder,
                                 environment: ["TASKS_DB": folder.file("second.sqlite")], database: false)
        let second = try await ProgramRun(["export", "--format", "json"], in: folder,
                                          environment: ["TASKS_DB": folder.file("second.sqlite")], database: false)
        #expect(second.outputBytes == first.outputBytes)
        #expect(first.output.contains(#""tags":["shop"]"#) && first.output.contains(#""description":"a note""#))
    }

    @Test func taskImportOfOurExportShowsOurDueDatesTagsAndRecurrenceAsItsOwn() async throws {
        try """
            2026-11-20 Pay rent +home @desk due:2026-12-01 rec:+1m
            2026-11-20 Call mom due:2026-12-02 due-time:17:30+00:00

            """.write(toFile: folder.file("start.txt"), atomically: true, encoding: .utf8)
        _ = try await tasks(["--quiet", "import", folder.file("start.txt")], environment: ["TZ": "UTC"])
        _ = try await tasks(["--quiet", "export", folder.file("ours.json")], environment: ["TZ": "UTC"])
        #expect(try await Peers.task(["import", folder.file("ours.json")], in: folder).status == 0)
        let exported = try await Peers.task(["export"], in: folder)
        let theirs = try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [[String: Any]] ?? []
        let summary = theirs.map { task in
            ["description", "status", "due", "recur"].map { "\(task[$0] ?? "-")" }.joined(separator: " ")
                + " " + ((task["tags"] as? [String]) ?? []).joined(separator: ",")
        }.sorted()
        // One instance of the recurring task (ours), and its template: Taskwarrior made no other.
        #expect(summary == [
            "Call mom pending 20261202T173000Z - ", "Pay rent pending 20261201T000000Z monthly @desk,home",
            "Pay rent recurring 20261201T000000Z monthly @desk,home",
        ], "\(exported)")
        let listed = try await Peers.task(["rc.report.next.columns=description,due,tags", "rc.report.next.labels=D,Due,Tags",
                                           "rc.dateformat=Y-M-D", "next"], in: folder)
        #expect(listed.output.contains("Pay rent 2026-12-01 @desk home"), "\(listed)")
    }

    @Test func ourTasksComeBackFromTaskwarriorWithTheirDueDatesTagsAndRecurrence() async throws {
        let start = "2026-11-20 Pay rent +home @desk due:2026-12-01 rec:+1m\n2026-11-20 Call mom due:2026-12-02 due-time:17:30+00:00\n"
        try start.write(toFile: folder.file("start.txt"), atomically: true, encoding: .utf8)
        _ = try await tasks(["--quiet", "import", folder.file("start.txt")], environment: ["TZ": "UTC"])
        _ = try await tasks(["--quiet", "export", folder.file("ours.json")], environment: ["TZ": "UTC"])
        _ = try await Peers.task(["import", folder.file("ours.json")], in: folder)
        let theirs = try await Peers.task(["export"], in: folder)
        _ = try await ProgramRun(["--quiet", "import", "-"], input: theirs.output, in: folder,
                                 environment: ["TASKS_DB": folder.file("second.sqlite"), "TZ": "UTC"], database: false)
        let again = try await ProgramRun(["export", "--format", "todotxt"], in: folder,
                                         environment: ["TASKS_DB": folder.file("second.sqlite"), "TZ": "UTC"], database: false)
        // Taskwarrior keeps tags sorted.
        #expect(Peers.withoutIdentities(again.output) == start.replacing("+home @desk", with: "@desk +home"), "\(again)")
    }
}
