import Foundation
import TaskTestSupport
import Testing

/// `import` and `export` through the built binary, on an SQLite file and on a shared list alike:
/// the same output byte for byte, and a shared list's export read back unchanged in every format,
/// with the fields of other programs that tasks keeps for them.
@Suite struct SharedListImportTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// A Taskwarrior export: tags, a project, a due date, a UDA, a completed task and a deleted one.
    static let taskwarrior = """
        [{"uuid":"0190a2b4-0000-7000-8000-00000000000a","description":"Water the plants","status":"pending",\
        "entry":"20251122T080000Z","tags":["home"],"project":"garden","due":"20990101T000000Z","estimate":"2h",\
        "priority":"H","urgency":9.1},
        {"uuid":"0190a2b4-0000-7000-8000-00000000000b","description":"Pay rent","status":"completed",\
        "entry":"20251120T080000Z","end":"20251121T090000Z","modified":"20251121T090000Z"},
        {"uuid":"0190a2b4-0000-7000-8000-00000000000c","description":"Gone","status":"deleted",\
        "entry":"20251120T080000Z"}]

        """

    /// A todo.txt file as todo.sh writes it: a priority tasks keeps (B) and one it shows (A).
    static let todoTxt = "(B) 2025-11-20 Call mom +family\n(A) 2025-11-21 Book the room @work\n"

    /// An iCalendar file with properties tasks keeps: a due date, categories, an alarm.
    static let iCalendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//peer//EN", "BEGIN:VTODO",
        "UID:0190a2b4-0000-7000-8000-00000000000d", "DTSTAMP:20251122T080000Z", "CREATED:20251122T080000Z",
        "SUMMARY:Renew passport", "DUE;VALUE=DATE:20260301", "CATEGORIES:papers,travel",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P1D", "DESCRIPTION:soon", "END:VALARM", "END:VTODO", "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()

    @Test(arguments: TestStore.Kind.allCases) func importingAFileShowsTheSameOnBothBackends(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        try Self.taskwarrior.write(toFile: folder.file("tasks.json"), atomically: true, encoding: .utf8)
        _ = try await store.run(["add", "Buy milk"])
        #expect(try await store.run(["import", folder.file("tasks.json")]) == ProgramRun(output: """
              1   Buy milk
              2 ★ Water the plants  +home  1 jan 2099 00:00
              3   ✓ Pay rent
            Imported \(folder.file("tasks.json")) (Taskwarrior JSON): 2 added, 0 updated, 0 unchanged, \
            1 skipped (1 deleted in Taskwarrior)

            """))
        #expect(try await store.run(["--quiet", "import", folder.file("tasks.json")]) == ProgramRun(output: """
            Imported \(folder.file("tasks.json")) (Taskwarrior JSON): nothing added or updated, \
            its 2 tasks are already in the list, 1 skipped (1 deleted in Taskwarrior)

            """))
        let edited = Self.taskwarrior.replacingOccurrences(of: "Pay rent", with: "Pay the rent")
        #expect(try await store.run(["--quiet", "import", "-"], input: edited) == ProgramRun(output: """
            Imported standard input (Taskwarrior JSON): 0 added, 1 updated, 1 unchanged, 1 skipped (1 deleted in Taskwarrior)

            """))
        #expect(try await store.run(["undo"]) == ProgramRun(output: """
              1   Buy milk
              2 ★ Water the plants  +home  1 jan 2099 00:00
              3   ✓ Pay rent
            Undid: import “Pay rent”

            """))
        #expect(try await store.run(["undo"]) == ProgramRun(output: "  1   Buy milk\nUndid: import (2 tasks)\n"))
        #expect(try await store.run(["redo"]).output.hasSuffix("  3   ✓ Pay rent\nRedid: import (2 tasks)\n"))
    }

    @Test(arguments: ["todotxt", "json", "markdown", "ics"])
    func aSharedListsExportImportsBackAndExportsTheSameBytes(_ format: String) async throws {
        let source = try TestStore(.sqlite, in: folder)
        for (name, contents) in [("a.json", Self.taskwarrior), ("b.txt", Self.todoTxt), ("c.ics", Self.iCalendar)] {
            try contents.write(toFile: folder.file(name), atomically: true, encoding: .utf8)
            #expect(try await source.run(["--quiet", "import", folder.file(name)]).status == 0)
        }
        let script = "add (A) x\nadd - [ ] +tag @home due:2026-01-01\nadd BEGIN:VTODO\nadd Café ☕ 日本 \\ back; slash, comma\n"
            + "add \u{1B}[31mred\nfav 7\ndone 8\nmv 9 1\n"
        #expect(try await source.run(["--quiet"], input: script) == ProgramRun())
        let first = try await source.run(["export", "--format", format])
        let shared = try TestStore(.postgres, in: folder)
        #expect(try await shared.run(["--quiet", "import", "--format", format, "-"], input: first.output)
                == ProgramRun(output: "Imported standard input (\(Self.formatNames[format] ?? "")): 10 added, 0 updated, 0 unchanged\n"))
        let second = try await shared.run(["export", "--format", format])
        #expect(second.status == 0 && first.status == 0)
        #expect(second.outputBytes == first.outputBytes, "\(first.output)\n\(second.output)")
        #expect(try await shared.run(["--quiet", "import", "--format", format, "-"], input: second.output)
                == ProgramRun(output: "Imported standard input (\(Self.formatNames[format] ?? "")): nothing added or updated, its 10 tasks are already in the list\n"))
    }

    static let formatNames = ["todotxt": "todo.txt", "json": "Taskwarrior JSON", "markdown": "Markdown", "ics": "iCalendar"]
}
