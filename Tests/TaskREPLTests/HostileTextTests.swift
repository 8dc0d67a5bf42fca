import Foundation
import TaskTestSupport
import Testing

/// Task text made to drive a terminal (escape sequences, BEL, CR, backspace, DEL, C1 controls) is
/// stored exactly and shown escaped in every mode: no raw control byte from it reaches standard
/// output or error. Input that is not UTF-8, NUL bytes, huge lines and numbers, and digits other
/// than ASCII ones are handled without a crash, the output staying valid UTF-8.
@Suite struct HostileTextTests {
    /// Each kind of control character after a letter of its own: CSI clearing the screen, BEL, CR,
    /// backspace, DEL, a C1 CSI, OSC setting the window title ended by BEL, a tab.
    static let hostile = "A\u{1B}[2JB\u{7}C\rD\u{8}E\u{7F}F\u{9B}31mG\u{1B}]0;PWNED\u{7}H\tI"
    /// How `tasks` shows it.
    static let shown = #"A\e[2JB\x07C\rD\x08E\x7FF\u{9B}31mG\e]0;PWNED\x07H\tI"#

    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// Checks that neither output of `run` holds a raw control byte or invalid UTF-8.
    private func expectClean(_ run: ProgramRun, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(RawControlBytes.found(in: run.outputBytes) == [], "standard output", sourceLocation: sourceLocation)
        #expect(RawControlBytes.found(in: run.errorBytes) == [], "standard error", sourceLocation: sourceLocation)
    }

    /// The hex of the stored texts of the list, as sqlite3 reads them.
    private func storedTexts() async throws -> [String] {
        try await SQLiteShell.storedTexts(of: folder.file("tasks.sqlite"))
    }

    // MARK: Stored text, shown escaped

    @Test func aOneShotAddShowsTheTextEscaped() async throws {
        let run = try await ProgramRun(["add", Self.hostile], in: folder)
        #expect(run == ProgramRun(output: "  1   \(Self.shown)\n"))
        expectClean(run)
    }

    @Test func aScriptShowsTheTextEscaped() async throws {
        let run = try await ProgramRun([], input: "add \(Self.hostile)\nadd nul\u{0}byte\n", in: folder)
        #expect(run == ProgramRun(output: "  1   \(Self.shown)\n  2   nul\\0byte\n"))
        expectClean(run)
    }

    @Test func theTextIsStoredExactlyNulBytesIncluded() async throws {
        _ = try await ProgramRun(["--quiet", "add", Self.hostile], in: folder)
        _ = try await ProgramRun(["--quiet"], input: "add \(Self.hostile)\u{0}Z\n", in: folder)
        #expect(try await storedTexts() == [SQLiteShell.hex(Self.hostile.utf8), SQLiteShell.hex((Self.hostile + "\u{0}Z").utf8)])
    }

    @Test func undoAndRedoMessagesShowTheTextEscaped() async throws {
        _ = try await ProgramRun(["--quiet", "add", Self.hostile], in: folder)
        let undo = try await ProgramRun(["undo"], in: folder)
        #expect(undo == ProgramRun(output: ListText.emptyList + "Undid: add “\(Self.shown)”\n"))
        let redo = try await ProgramRun(["redo"], in: folder)
        #expect(redo == ProgramRun(output: "  1   \(Self.shown)\nRedid: add “\(Self.shown)”\n"))
        expectClean(undo)
        expectClean(redo)
    }

    @Test func anEditIsShownEscapedAndUndoneToTheExactOldText() async throws {
        _ = try await ProgramRun(["--quiet", "add", Self.hostile], in: folder)
        let edit = try await ProgramRun(["edit", "1", "plain"], in: folder)
        #expect(edit == ProgramRun(output: "  1   plain\n"))
        let undo = try await ProgramRun(["undo"], in: folder)
        #expect(undo == ProgramRun(output: "  1   \(Self.shown)\nUndid: edit “\(Self.shown)”\n"))
        #expect(try await storedTexts() == [SQLiteShell.hex(Self.hostile.utf8)])
    }

    // MARK: Errors quoting the input

    static let failingCommands = ["rm", "edit 9", "frobnicate", "help", "fav 1-"]

    @Test(arguments: failingCommands)
    func aOneShotErrorQuotingTheTextShowsItEscaped(command: String) async throws {
        _ = try await ProgramRun(["--quiet", "add", "one"], in: folder)
        let words = command.split(separator: " ").map(String.init)
        let run = try await ProgramRun(words + [Self.hostile], in: folder)
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.error.hasPrefix("\(command) \(Self.shown): "))
        #expect(run.error.filter { $0 == "\n" }.count == 1 && run.error.hasSuffix("\n"))
        expectClean(run)
    }

    @Test func scriptErrorsQuotingTheTextShowItEscaped() async throws {
        let script = Self.failingCommands.map { "\($0) \(Self.hostile)\n" }.joined()
        let run = try await ProgramRun(["--keep-going"], input: "add one\n" + script, in: folder)
        #expect(run.status == 1)
        #expect(run.output == "  1   one\n")
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == Self.failingCommands.count)
        for (index, command) in Self.failingCommands.enumerated() {
            #expect(lines[index].hasPrefix("line \(index + 2): \(command) \(Self.shown): "))
        }
        expectClean(run)
    }

    // MARK: The REPL

    /// The stored text's control characters, each with the letter before it, as raw UTF-8: none of
    /// these may reach the terminal (which receives the program's own escape sequences too).
    private static var rawSequences: [[UInt8]] {
        let scalars = Array(hostile.unicodeScalars)
        return scalars.indices.dropFirst().compactMap { index in
            let scalar = scalars[index]
            guard scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) else { return nil }
            return Array(String(String.UnicodeScalarView(scalars[(index - 1)...index])).utf8)
        }
    }

    @Test func theREPLShowsTheTextEscapedAndEditsItExactly() async throws {
        _ = try await ProgramRun(["--quiet", "add", Self.hostile], in: folder)
        let session = try await TerminalSession(in: folder, columns: 200)
        let recording = folder.file("terminal")
        try await session.record(to: recording)
        #expect(try await session.run("list") == ["  1   \(Self.shown)"])

        // Tab puts the stored text into the line being edited; the line editor shows it its own way.
        try await session.type("edit 1 ")
        try await session.press("Tab")
        try await session.waitFor { $0.last?.hasPrefix("tasks> edit 1 A") == true && $0.last?.hasSuffix("I") == true }
        try await session.type(" more")
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   \(Self.shown) more", "tasks>"])
        #expect(try await storedTexts() == [SQLiteShell.hex((Self.hostile + " more").utf8)])

        #expect(try await session.run("undo") == ["  1   \(Self.shown)", "Undid: edit “\(Self.shown)”"])
        #expect(try await storedTexts() == [SQLiteShell.hex(Self.hostile.utf8)])

        let deadline = ContinuousClock.now + TerminalSession.timeout
        var bytes: [UInt8] = []
        while ContinuousClock.now < deadline {
            bytes = FileManager.default.contents(atPath: recording).map(Array.init) ?? []
            if bytes.firstRange(of: Array("Undid: edit".utf8)) != nil { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(bytes.firstRange(of: Array("Undid: edit".utf8)) != nil, "the recording holds the session")
        #expect(bytes.firstRange(of: Array(Self.shown.utf8)) != nil, "the recording holds the rows")
        #expect(Self.rawSequences.count == 9)
        for sequence in Self.rawSequences {
            #expect(bytes.firstRange(of: sequence) == nil, "raw \(sequence) reached the terminal")
        }
    }

    // MARK: Input that is not UTF-8

    @Test func invalidUTF8OnStandardInputBecomesReplacementCharacters() async throws {
        let lines: [[UInt8]] = [
            Array("add a".utf8) + [0xFF] + Array("b".utf8),                     // a byte never in UTF-8
            Array("add c".utf8) + [0xC0, 0xAF] + Array("d".utf8),               // an overlong slash
            Array("add e".utf8) + [0xED, 0xA0, 0x80] + Array("f".utf8),         // a UTF-16 surrogate
            Array("add g".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("h".utf8),   // beyond U+10FFFF
            Array("add i".utf8) + [0x80] + Array("j".utf8),                     // a lone continuation byte
            Array("add l".utf8) + [0xE2, 0x82],                                 // cut short by the end of input
        ]
        let input = lines.map { $0 + [0x0A] }.joined().dropLast()
        let run = try await ProgramRun([], inputBytes: Array(input), in: folder)
        #expect(run == ProgramRun(output: """
              1   a\u{FFFD}b
              2   c\u{FFFD}\u{FFFD}d
              3   e\u{FFFD}\u{FFFD}\u{FFFD}f
              4   g\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}h
              5   i\u{FFFD}j
              6   l\u{FFFD}

            """))
        expectClean(run)
    }

    @Test func invalidUTF8InACommandNameIsAnErrorInValidUTF8() async throws {
        let run = try await ProgramRun([], inputBytes: [0xFF] + Array("add k\n".utf8), in: folder)
        #expect(run == ProgramRun(error: "line 1: \u{FFFD}add k: unknown command; did you mean `add`?\n", status: 1))
        expectClean(run)
    }

    @Test func invalidUTF8InAnArgumentBecomesReplacementCharacters() async throws {
        let output = folder.file("output")
        let status = try await ChildProcess.run("/bin/sh", [
            "-c", #"exec "$0" --db "$1" add "$(printf 'a\377b\300\257c')""#, TasksBinary.path, folder.file("tasks.sqlite"),
        ], environment: TasksBinary.environment(in: folder), output: output)
        #expect(status == 0)
        #expect(folder.contents(of: "output") == "  1   a\u{FFFD}b\u{FFFD}\u{FFFD}c\n")
    }

    // MARK: Huge and unusual input

    @Test func aOneMebibyteTextIsStoredAndShownWhole() async throws {
        let text = String(repeating: "x", count: 1 << 20)
        let run = try await ProgramRun([], input: "add \(text)\n", in: folder)
        #expect(run == ProgramRun(output: "  1   \(text)\n"))
        let length = try await SQLiteShell.query(folder.file("tasks.sqlite"), "SELECT length(CAST(text AS BLOB)) FROM task")
        #expect(length == "1048576\n")
    }

    @Test func aOneMebibyteUnknownCommandIsReportedInOneShortLine() async throws {
        let run = try await ProgramRun([], input: String(repeating: "x", count: 1 << 20) + "\n", in: folder)
        let abbreviated = String(repeating: "x", count: 59) + "…"
        #expect(run == ProgramRun(error: "line 1: \(abbreviated): unknown command; type `help` to see the commands\n", status: 1))
    }

    @Test func aTenThousandDigitNumberIsTooLargeAndChangesNothing() async throws {
        _ = try await ProgramRun(["--quiet", "add", "one"], in: folder)
        let number = String(repeating: "9", count: 10_000)
        let reason = "`\(String(repeating: "9", count: 29))…` is too large for a task number"
        let line = "rm \(String(repeating: "9", count: 56))…: \(reason)\n"
        #expect(try await ProgramRun(["rm", number], in: folder) == ProgramRun(error: line, status: 1))
        #expect(try await ProgramRun([], input: "rm \(number)\n", in: folder) == ProgramRun(error: "line 1: " + line, status: 1))
        #expect(try await ProgramRun(["list"], in: folder).output == "  1   one\n")
    }

    @Test func fullWidthAndArabicIndicDigitsAreNotTaskNumbers() async throws {
        _ = try await ProgramRun(["--quiet"], input: "add one\nadd two\n", in: folder)
        #expect(try await ProgramRun(["rm", "１"], in: folder) == ProgramRun(error: "rm １: `１` is not a task number\n", status: 1))
        #expect(try await ProgramRun(["fav", "１-２"], in: folder)
            == ProgramRun(error: "fav １-２: `１-２` is not a task number\n", status: 1))
        #expect(try await ProgramRun(["rm", "1", "٣"], in: folder) == ProgramRun(error: "rm 1 ٣: `٣` is not a task number\n", status: 1))
        #expect(try await ProgramRun(["add", "１２"], in: folder).output == "  1   one\n  2   two\n  3   １２\n")
    }
}
