import Foundation
import TaskTestSupport
import Testing

/// The built binary: the format told by a file's name, a byte-order mark skipped, a file that is no
/// task list refused, and tasks with no text skipped, each said exactly.
@Suite struct ImportDetectionTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file(name)))
        return folder.file(name)
    }

    @Test func aMarkdownPageOfNotesIsRefusedAndNothingIsImported() async throws {
        let path = try write(Array("# Notes\n\nCall the bank\nBuy milk\n".utf8), "notes.md")
        // The command is echoed cut to 60 characters, as every error echoes it.
        let command = "import \(path)"
        let echoed = command.count > 60 ? command.prefix(59) + "…" : command[...]
        #expect(try await ProgramRun(["import", path], in: folder) == ProgramRun(
            error: "\(echoed): \(path) has no Markdown task list item (`- [ ] text`); nothing was imported\n",
            status: 1))
        #expect(try await ProgramRun(["--quiet", "export", "--format", "todotxt"], in: folder) == ProgramRun())
    }

    /// Found by the independent tester: without an extension, or on standard input, such a page was
    /// imported as todo.txt, a task for each heading and bullet.
    @Test func aMarkdownPageOfNotesWithoutAnExtensionOrOnStandardInputIsRefusedToo() async throws {
        let notes = "# Notes\n\nSome notes.\n\n* a bullet\n"
        let path = try write(Array(notes.utf8), "notes")
        let command = "import \(path)"
        let echoed = command.count > 60 ? command.prefix(59) + "…" : command[...]
        #expect(try await ProgramRun(["import", path], in: folder) == ProgramRun(
            error: "\(echoed): \(path) has no Markdown task list item (`- [ ] text`); nothing was imported\n",
            status: 1))
        #expect(try await ProgramRun(["import", "-"], input: "# Shopping\n\n- milk\n", in: folder) == ProgramRun(
            error: "import -: standard input has no Markdown task list item (`- [ ] text`); nothing was imported\n",
            status: 1))
        // A line only todo.txt writes keeps a list with a dash in it todo.txt.
        #expect(try await ProgramRun(["--quiet", "import", "-"], input: "(A) Call mom\n- dash\n", in: folder)
                == ProgramRun(output: "Imported standard input (todo.txt): 2 added, 0 updated, 0 unchanged\n"))
    }

    @Test func aLowerCaseICalendarFileImportsItsToDos() async throws {
        let path = try write(Array("begin:vcalendar\r\nbegin:vtodo\r\nsummary:Pay rent\r\ndue;value=date:20261201\r\nend:vtodo\r\nend:vcalendar\r\n".utf8),
                             "cal.ics")
        let run = try await ProgramRun(["--quiet", "import", path], in: folder)
        #expect(run == ProgramRun(output: "Imported \(path) (iCalendar): 1 added, 0 updated, 0 unchanged\n"))
        let exported = try await ProgramRun(["export", "--format", "json"], in: folder)
        #expect(exported.output.contains(#""description":"Pay rent""#) && exported.output.contains(#""due":"#), "\(exported)")
    }

    @Test func aByteOrderMarkIsSkippedAndNeverExported() async throws {
        let path = try write([0xEF, 0xBB, 0xBF] + Array("(A) 2026-11-20 Call mom\n".utf8), "todo")
        #expect(try await ProgramRun(["import", path], in: folder) == ProgramRun(
            output: "  1 ★ Call mom\nImported \(path) (todo.txt): 1 added, 0 updated, 0 unchanged\n"))
        let exported = try await ProgramRun(["export", "--format", "todotxt"], in: folder, environment: ["TZ": "UTC"])
        #expect(Peers.withoutIdentities(exported.output) == "(A) 2026-11-20 Call mom\n")
    }

    @Test func tasksWithNoTextAreSkippedAndNamed() async throws {
        let path = try write(Array("- [ ]\n- [ ] kept\n```\n- [ ] code\n```\n- [x] \n".utf8), "list.md")
        #expect(try await ProgramRun(["--quiet", "import", "--dry-run", path], in: folder) == ProgramRun(
            output: "would add: kept\nwould skip: line 1 (with no text)\nwould skip: line 6 (with no text)\n"
                + "Dry run of \(path) (Markdown): 1 to add, 0 to update, 0 unchanged, 2 skipped (2 with no text on lines 1 and 6); "
                + "nothing was changed\n"))
        #expect(try await ProgramRun(["--quiet", "import", path], in: folder) == ProgramRun(
            output: "Imported \(path) (Markdown): 1 added, 0 updated, 0 unchanged, 2 skipped (2 with no text on lines 1 and 6)\n"))
    }
}
