import Foundation
import TaskTestSupport
import Testing

/// The line editor as users of libedit programs expect it: their editrc, word moves, pastes kept
/// as text, accents composed, a history search that says what it is.
@Suite(.serialized) struct EditingKeysTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// The tasks' texts as a one-shot `list` shows them.
    private func storedList() async throws -> String {
        try await ProgramRun(["list"], in: folder).output
    }

    // MARK: editrc

    @Test(arguments: [true, false])
    func anEditrcWithBindVGivesViKeys(namedByTheVariable: Bool) async throws {
        let path = namedByTheVariable ? folder.file("my-editrc") : folder.file("home/.editrc")
        try FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: true)
        try "bind -v\n".write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await TerminalSession(in: folder, environment: namedByTheVariable ? ["EDITRC": path] : [:])
        try await session.type("add xyz")
        try await session.waitFor { $0.last == "tasks> add xyz" }
        try await session.press("Escape")
        try await session.type("x") // vi: delete the character under the cursor
        try await session.waitFor { $0.last == "tasks> add xy" }
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   xy", "tasks>"])
    }

    // MARK: Word moves

    @Test(arguments: ["C-Left", "M-Left"])
    func ctrlOrAltLeftMovesBackAWord(key: String) async throws {
        let session = try await TerminalSession(in: folder)
        try await session.type("add one two")
        try await session.press(key)
        try await session.type("X")
        try await session.waitFor { $0.last == "tasks> add one Xtwo" }
    }

    @Test(arguments: ["C-Right", "M-Right"])
    func ctrlOrAltRightMovesForwardAWord(key: String) async throws {
        let session = try await TerminalSession(in: folder)
        try await session.type("add one two")
        try await session.press("C-a")
        try await session.press(key)
        try await session.type("X")
        try await session.waitFor { $0.last == "tasks> addX one two" }
    }

    // MARK: Pasting

    @Test func aPastedTabIsTextNotCompletion() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.paste("add a\tb")
        try await session.waitFor { $0.last == "tasks> add a    b" } // the Tab shown up to column 16
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   a\\tb", "tasks>"])
    }

    @Test func aPastedLineBreakWaitsForEnter() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.paste("add one\ntwo\n")
        try await session.waitFor { $0.last == "tasks> add one two" }
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   one two", "tasks>"])
    }

    // MARK: Combining marks

    @Test func aTypedAccentIsComposedAndStoredAsShown() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.type("add cafe\u{301}s")
        try await session.press("Left", "Left")
        try await session.type("Y")
        try await session.waitFor { $0.last == "tasks> add cafY\u{E9}s" }
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(2) == ["  1   cafY\u{E9}s", "tasks>"])
        #expect(try await storedList().unicodeScalars.elementsEqual("  1   cafY\u{E9}s\n".unicodeScalars))
    }

    @Test func leftAndRightMoveOverACharacterWithAnAccentThatDoesNotCompose() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.type("add q\u{301}")
        try await session.press("Left")
        try await session.type("Y")
        try await session.press("Right")
        try await session.type("Z")
        try await session.press("Enter")
        try await session.waitForPrompt()
        #expect(try await storedList().unicodeScalars.elementsEqual("  1   Yq\u{301}Z\n".unicodeScalars))
    }

    // MARK: History search

    @Test func ctrlRSaysItSearchesTheHistoryAndFindsTheNewestMatch() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.run("add milk")
        try await session.run("add mint")
        try await session.run("add bread")
        try await session.press("C-r")
        try await session.waitFor { $0.last == "search history:" }
        try await session.type("mi")
        try await session.waitFor { $0.last == "search history for “mi”: add mint" }
        try await session.press("C-r")
        try await session.waitFor { $0.last == "search history for “mi”: add milk" }
        try await session.type("x")
        try await session.waitFor { $0.last == "search history for “mix” (not found): add milk" }
        try await session.press("BSpace")
        try await session.press("Enter")
        let screen = try await session.waitForPrompt()
        #expect(screen.suffix(6) == ["tasks> add milk", "  1   milk", "  2   mint", "  3   bread", "  4   milk", "tasks>"])
    }

    @Test func ctrlGGivesTheLineBackAsItWas() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.run("help add")
        try await session.type("add draft")
        try await session.press("C-r")
        try await session.type("help")
        try await session.waitFor { $0.last == "search history for “help”: help add" }
        try await session.press("C-g")
        try await session.waitFor { $0.last == "tasks> add draft" }
    }
}
