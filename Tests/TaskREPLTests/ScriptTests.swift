import Foundation
import TaskTestSupport
import Testing

/// Script mode: commands piped on standard input.
@Suite struct ScriptTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    private func list() async throws -> String { try await ProgramRun(["list"], in: folder).output }

    @Test func theFinalListIsPrintedOnce() async throws {
        let run = try await ProgramRun([], input: "add Call mom\nadd Pay rent\nfav 1\n", in: folder)
        #expect(run == ProgramRun(output: "  1 ★ Call mom\n  2   Pay rent\n"))
    }

    @Test func anEmptyScriptPrintsTheEmptyList() async throws {
        #expect(try await ProgramRun([], input: "", in: folder) == ProgramRun(output: "No tasks. Add one with: tasks add TEXT\n"))
    }

    @Test func quietPrintsNothing() async throws {
        #expect(try await ProgramRun(["--quiet"], input: "add one\nadd two\n", in: folder) == ProgramRun())
        #expect(try await list() == "  1   one\n  2   two\n")
    }

    @Test func aFailingLineChangesNothingAndIsReportedWithItsNumber() async throws {
        _ = try await ProgramRun(["add", "kept"], in: folder)
        let run = try await ProgramRun([], input: "add one\nrm 9\nadd two\n", in: folder)
        #expect(run == ProgramRun(error: "line 2: rm 9: there is no task 9 (the list has 2)\n", status: 1))
        #expect(try await list() == "  1   kept\n")
    }

    @Test func keepGoingSkipsFailingLinesAndAppliesTheRest() async throws {
        let run = try await ProgramRun(["--keep-going"], input: "add one\nrm 9\nadd two\nfrobnicate\n", in: folder)
        #expect(run.output == "  1   one\n  2   two\n")
        #expect(run.error.hasPrefix("line 2: rm 9: there is no task 9 (the list has 1)\nline 4: "))
        #expect(run.status == 1)
    }

    @Test func blankLinesAndCommentsAreIgnored() async throws {
        let run = try await ProgramRun([], input: "\n# a comment\n   \nadd one\n", in: folder)
        #expect(run == ProgramRun(output: "  1   one\n"))
    }

    @Test func theLastLineNeedsNoNewline() async throws {
        #expect(try await ProgramRun([], input: "add one\nadd two", in: folder).output == "  1   one\n  2   two\n")
    }

    @Test func windowsLineEndingsWork() async throws {
        #expect(try await ProgramRun([], input: "add one\r\nadd two\r\n", in: folder).output == "  1   one\n  2   two\n")
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() async throws {
        #expect(try await ProgramRun([], input: "\u{FEFF}add one\n", in: folder) == ProgramRun(output: "  1   one\n"))
    }

    @Test func aCommentFirstAfterAByteOrderMarkIsIgnored() async throws {
        #expect(try await ProgramRun([], input: "\u{FEFF}# my list\nadd one\n", in: folder)
            == ProgramRun(output: "  1   one\n"))
    }

    @Test func aByteOrderMarkLaterOnIsText() async throws {
        #expect(try await ProgramRun([], input: "add one\nadd \u{FEFF}two\n", in: folder).output
            == "  1   one\n  2   \u{FEFF}two\n")
    }

    @Test func oldMacLineEndingsEndLines() async throws {
        #expect(try await ProgramRun([], input: "# mine\radd one\radd two\r", in: folder)
            == ProgramRun(output: "  1   one\n  2   two\n"))
    }

    @Test func oldMacLineEndingsNeedNoLastLineEnd() async throws {
        #expect(try await ProgramRun([], input: "add one\radd two", in: folder).output == "  1   one\n  2   two\n")
    }

    @Test func aCarriageReturnInsideALineOfAUnixScriptIsText() async throws {
        #expect(try await ProgramRun([], input: "add a\rb\n", in: folder).output == "  1   a\\rb\n")
    }

    @Test func invalidUTF8BecomesAReplacementCharacter() async throws {
        let run = try await ProgramRun([], inputBytes: Array("add caf".utf8) + [0xE9] + Array("\n".utf8), in: folder)
        #expect(run == ProgramRun(output: "  1   caf\u{FFFD}\n"))
    }

    @Test func aNulByteIsShownEscaped() async throws {
        let run = try await ProgramRun([], inputBytes: Array("add a".utf8) + [0] + Array("b\n".utf8), in: folder)
        #expect(run == ProgramRun(output: "  1   a\\0b\n"))
    }

    @Test func controlCharactersAreEscapedInTheList() async throws {
        let run = try await ProgramRun([], input: "add evil\u{1B}]0;pwned\u{7}\u{9B}2J\n", in: folder)
        #expect(run == ProgramRun(output: "  1   evil\\e]0;pwned\\x07\\u{9B}2J\n"))
    }

    @Test func controlCharactersAreEscapedOnStandardError() async throws {
        let run = try await ProgramRun([], input: "rm \u{1B}[31m\n", in: folder)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("line 1: "))
        #expect(run.error.contains("\\e[31m"))
        #expect(!run.error.contains("\u{1B}"))
    }

    @Test func aLineLongerThanTheReadBufferIsOneTask() async throws {
        let text = String(repeating: "x", count: 200_000)
        let run = try await ProgramRun([], input: "add \(text)\nadd short\n", in: folder)
        #expect(run == ProgramRun(output: "  1   \(text)\n  2   short\n"))
    }

    @Test func manyLinesRunAsOneScript() async throws {
        let count = 20_000
        let script = (1...count).map { "add task \($0)\n" }.joined()
        let run = try await ProgramRun([], input: script, in: folder)
        #expect(run.status == 0)
        #expect(run.error == "")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.first == "     1   task 1")
        #expect(lines.last == " 20000   task 20000")
    }

    @Test func colourIsNeverWrittenToAPipe() async throws {
        let run = try await ProgramRun([], input: "add one\nfav 1\n", in: folder, environment: ["TERM": "xterm-256color"])
        #expect(!run.output.contains("\u{1B}"))
    }
}
