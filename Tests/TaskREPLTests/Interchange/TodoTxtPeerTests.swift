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
        _ = try await tasks(["--quiet"], input: "add Pay rent\nadd Call mom +family\nadd (A) x looks like syntax\nfav 2\ndone 1\n")
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
        #expect(imported.output == """
              1   ✓ Buy milk @store
              2 ★ Water the plants +home
              3   Call mom
            Imported \(folder.file("todo/todo.txt")) (todo.txt): 3 added, 0 updated, 0 unchanged

            """, "\(imported)")
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

    static var today: String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
