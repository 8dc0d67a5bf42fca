import Foundation
import TaskTestSupport
import Testing

/// todo.txt with the real todo.sh (Debian's todotxt-cli).
@Suite struct TodoTxtPeerTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try Peers.configure(folder)
    }

    func tasks(_ arguments: [String], input: String = "") async throws -> ProgramRun {
        try await ProgramRun(arguments, input: input, in: folder, environment: ["TZ": "UTC"])
    }

    @Test func todoShListsOurExportFavouritesFirstWithDoneLines() async throws {
        try "Pay rent\nCall mom +family\n".write(toFile: folder.file("start.txt"), atomically: true, encoding: .utf8)
        _ = try await tasks(["--quiet", "import", folder.file("start.txt")])
        _ = try await tasks(["--quiet"], input: "add (A) x looks like syntax\nfav 2\ndone 1\n")
        #expect(try await tasks(["--quiet", "export", folder.file("todo/todo.txt")]).status == 0)
        let listed = try await Peers.todo(["ls"], in: folder)
        let day = Self.today
        let lines = listed.output.split(separator: "\n").map { Peers.withoutIdentities(String($0)) }
        #expect(lines == [
            "2 (A) \(day) Call mom +family", "3 \(day) (A) x looks like syntax", "1 x \(day) \(day) Pay rent", "--",
            "TODO: 3 of 3 tasks shown",
        ], "\(listed)")
        let prioritized = try await Peers.todo(["lsp"], in: folder)
        #expect(prioritized.output.hasPrefix("2 (A) \(day) Call mom +family"), "\(prioritized)")
    }

    @Test func whatTodoShWroteWithAddPriAndDoImportsAsFavouritesAndDoneTasks() async throws {
        for arguments in [["add", "Buy milk @store"], ["add", "Water the plants +home"], ["add", "Call mom"],
                          ["pri", "2", "A"], ["pri", "3", "C"], ["do", "1"]] {
            #expect(try await Peers.todo(arguments, in: folder).status == 0)
        }
        let imported = try await tasks(["import", folder.file("todo/todo.txt")])
        #expect(imported.output.hasSuffix("Imported \(folder.file("todo/todo.txt")) (todo.txt): 3 added, 0 updated, 0 unchanged\n"),
                "\(imported)")
        let exported = try await tasks(["export", "--format", "todotxt"])
        let day = Self.today
        #expect(Peers.withoutIdentities(exported.output) == """
            x \(day) \(day) Buy milk @store
            (A) \(day) Water the plants +home
            (C) \(day) Call mom

            """)
    }

    @Test func aDoneTaskCheckedOffInTodoShUpdatesOurTask() async throws {
        _ = try await tasks(["--quiet"], input: "add Pay rent\nadd Call mom\n")
        _ = try await tasks(["--quiet", "export", folder.file("todo/todo.txt")])
        #expect(try await Peers.todo(["do", "2"], in: folder).status == 0)
        let imported = try await tasks(["import", folder.file("todo/todo.txt")])
        #expect(imported.output.hasPrefix("  1   Pay rent\n  2   ✓ Call mom\n"), "\(imported)")
        #expect(imported.output.hasSuffix("0 added, 1 updated, 1 unchanged\n"), "\(imported)")
    }

    @Test func todoShListsOurDueDatesRecurrencesAndTagsAsItsProjectsAndContexts() async throws {
        try """
            2026-11-20 Pay rent +home @desk due:2026-12-01 rec:+1m
            2026-11-20 Call mom due:2026-12-01 due-time:17:00+00:00 rec:2w

            """.write(toFile: folder.file("start.txt"), atomically: true, encoding: .utf8)
        _ = try await tasks(["--quiet", "import", folder.file("start.txt")])
        #expect(try await tasks(["--quiet", "export", folder.file("todo/todo.txt")]).status == 0)
        let listed = try await Peers.todo(["ls"], in: folder)
        #expect(listed.output.split(separator: "\n").map { Peers.withoutIdentities(String($0)) } == [
            "2 2026-11-20 Call mom due:2026-12-01 due-time:17:00+00:00 rec:2w",
            "1 2026-11-20 Pay rent +home @desk due:2026-12-01 rec:+1m", "--", "TODO: 2 of 2 tasks shown",
        ], "\(listed)")
        #expect(try await Peers.todo(["listproj"], in: folder).output == "+home\n")
        #expect(try await Peers.todo(["listcon"], in: folder).output == "@desk\n")
    }

    @Test func tagsAndDueDatesTodoShWroteInTheMiddleOfALineComeOutOfTheText() async throws {
        #expect(try await Peers.todo(["add", "Call @phone Mom due:2026-12-01 about +party"], in: folder).status == 0)
        _ = try await tasks(["--quiet", "import", folder.file("todo/todo.txt")])
        let exported = try await tasks(["export", "--format", "todotxt"])
        #expect(Peers.withoutIdentities(exported.output) == "\(Self.today) Call Mom about @phone +party due:2026-12-01\n")
    }

    static var today: String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
