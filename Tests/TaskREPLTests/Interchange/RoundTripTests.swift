import Foundation
import TaskTestSupport
import Testing

/// The built binary: export, import into an empty store, export again: the same bytes, in every format.
@Suite struct InterchangeRoundTripTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test(arguments: ["todotxt", "json", "markdown", "ics"])
    func exportImportIntoAnEmptyStoreAndExportAgainGivesTheSameBytes(_ format: String) async throws {
        let script = "add Call mom\nadd (A) x\nadd - [ ] +tag @home due:2026-01-01\nadd BEGIN:VTODO\nadd x leading\n"
            + "add Café ☕ 日本 \\ back; slash, comma\nadd \u{1B}[31mred\nfav 1\ndone 2\ndone 6\nmv 5 1\n"
        _ = try await ProgramRun(["--quiet"], input: script, in: folder)
        let first = try await ProgramRun(["export", "--format", format], in: folder)
        let environment = ["TASKS_DB": folder.file("empty-\(format).sqlite")]
        let imported = try await ProgramRun(["--quiet", "import", "--format", format, "-"], input: first.output, in: folder,
                                            environment: environment, database: false)
        #expect(imported.status == 0 && imported.error.isEmpty && imported.output.hasSuffix(": 7 added, 0 updated, 0 unchanged\n"))
        let second = try await ProgramRun(["export", "--format", format], in: folder, environment: environment, database: false)
        #expect(second.status == 0 && first.status == 0)
        #expect(second.outputBytes == first.outputBytes, "\(first.output)\n\(second.output)")
        #expect(first.outputBytes.count > 100)
    }

    @Test func exportToAPipeWritesTheRawBytesAndAMalformedImportNamesItsLine() async throws {
        _ = try await ProgramRun(["--quiet", "add", "a\u{1B}b"], in: folder)
        let exported = try await ProgramRun(["export", "--format", "json"], in: folder)
        #expect(exported.output.contains(#""description":"a\u001bb""#))
        let bad = try await ProgramRun(["import", "--format", "ics", "-"], input: "BEGIN:VCALENDAR\nBEGIN:VTODO\nno colon\n",
                                       in: folder)
        #expect(bad == ProgramRun(error: "import --format ics -: standard input is not valid iCalendar: line 3: "
                                  + "not an iCalendar line (NAME:value); nothing was imported\n", status: 1))
    }
}
