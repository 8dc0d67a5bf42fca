import Foundation
import TaskTestSupport
import Testing

/// A todo.txt or Markdown file that another program wrote (no identities) imported again through
/// the built executable: nothing is added twice, and the report says so.
@Suite struct ReimportTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func tasks(_ arguments: [String], input: String = "") async throws -> ProgramRun {
        try await ProgramRun(arguments, input: input, in: folder, environment: ["TZ": "UTC"])
    }

    static let list = """
          1 ★ Call mom  +family
          2   Pay rent  +flat
          3   ✓ Water the plants  @home
          4   Buy milk

        """

    @Test(arguments: [
        ("todo.txt", "todo.txt", "(A) 2026-11-20 Call mom +family\n(B) Pay rent +flat\nx 2026-11-22 Water the plants @home\nBuy milk\n"),
        ("list.md", "Markdown", "# Home\n- [ ] ★ Call mom +family\n- [ ] Pay rent +flat\n- [x] Water the plants @home\n* [ ] Buy milk\n"),
    ])
    func aFileImportedTwiceAddsItsTasksOnce(name: String, format: String, contents: String) async throws {
        let file = folder.file(name)
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try await tasks(["import", file])
                == ProgramRun(output: Self.list + "Imported \(file) (\(format)): 4 added, 0 updated, 0 unchanged\n"))
        #expect(try await tasks(["import", file]) == ProgramRun(
            output: Self.list + "Imported \(file) (\(format)): nothing added or updated, its 4 tasks are already in the list\n"))
        #expect(try await tasks(["--quiet", "import", "--dry-run", file]) == ProgramRun(
            output: "Dry run of \(file) (\(format)): nothing to add or update, its 4 tasks are already in the list; nothing was changed\n"))
        #expect(try await tasks(["undo"]) == ProgramRun(output: "No tasks. Add one with: tasks add TEXT\nUndid: import (4 tasks)\n"))
    }

    @Test func aLineChangedBetweenImportsIsTheOnlyOneAdded() async throws {
        let file = folder.file("todo.txt")
        try "Pay rent\nCall mom\nCall mom\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try await tasks(["--quiet", "import", file])
                == ProgramRun(output: "Imported \(file) (todo.txt): 3 added, 0 updated, 0 unchanged\n"))
        try "Pay rent\nCall mom\nCall dad\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try await tasks(["import", file]) == ProgramRun(output: """
              1   Pay rent
              2   Call mom
              3   Call mom
              4   Call dad
            Imported \(file) (todo.txt): 1 added, 0 updated, 2 unchanged

            """))
    }
}
