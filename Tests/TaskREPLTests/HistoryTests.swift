import Foundation
import TaskTestSupport
import Testing

/// The history file: written whole or not at all, shared by prompts running at once, in libedit's
/// format.
@Suite(.serialized) struct HistoryTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    private var historyPath: String { folder.file("state/tasks/history") }

    /// The history file's entries, as written (spaces as `\040`).
    private var historyLines: [Substring] {
        (folder.contents(of: "state/tasks/history") ?? "").split(separator: "\n").dropFirst().map { $0 }
    }

    /// Writes a history file of `entries`, already in the file's notation.
    private func writeHistory(_ entries: [String]) throws {
        try FileManager.default.createDirectory(atPath: folder.file("state/tasks"), withIntermediateDirectories: true)
        try (["_HiStOrY_V2_"] + entries).map { $0 + "\n" }.joined().write(toFile: historyPath, atomically: true, encoding: .utf8)
    }

    @Test func twoPromptsAtOnceKeepEachOthersLines() async throws {
        let first = try await TerminalSession(in: folder)
        let second = try await TerminalSession(in: folder)
        try await first.run("help add")
        try await second.run("help rm")
        try await first.run("help fav")
        #expect(historyLines == ["help\\040add", "help\\040rm", "help\\040fav"])
    }

    /// A file size limit stops the history's write half-way, as a full disk or a kill -9 would.
    @Test func aHistoryThatCannotBeWrittenWholeIsLeftAsItWas() async throws {
        let entries = (1...1000).map { "add\\040task\\040number\\040\($0)\\040" + String(repeating: "x", count: 90) }
        try writeHistory(entries)
        let before = try #require(folder.contents(of: "state/tasks/history"))
        try #require(before.utf8.count > 100 * 1024)
        let prepared = try await ProgramRun(["--quiet", "list"], in: folder)
        try #require(prepared.status == 0)
        // 100 blocks: 50 KiB for sh's 512-byte blocks, 100 KiB for 1024-byte ones; either is less than the file.
        let session = try await TerminalSession(in: folder, columns: 200, shellSetup: "ulimit -f 100; trap '' XFSZ; ")
        let output = try await session.run("list")
        #expect(output == ["tasks: cannot save the history in \(historyPath)", "No tasks. Add one with: add TEXT"])
        #expect(folder.contents(of: "state/tasks/history") == before)
    }

    @Test func aFileWrittenByLibeditLoads() async throws {
        try writeHistory(["add\\040tab\\011and\\040backslash\\\\\\040\\134", "list"])
        let session = try await TerminalSession(in: folder)
        try await session.press("Up")
        try await session.waitFor { $0.last == "tasks> list" }
        try await session.press("Up")
        try await session.waitFor { $0.last == "tasks> add tab  and backslash\\ \\" } // the Tab to column 16
    }

    /// A line holding an address with a password (which `sync` refuses) is kept neither in the
    /// file nor for Up: it lay in the history file for good (found by an independent tester).
    @Test func aLineWithAPasswordInAnAddressIsNotKept() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.run("help add")
        let refused = try await session.run("sync https://alice:SECRET@127.0.0.1:1/tasks/")
        try await session.press("Up")
        try await session.waitFor { $0.last == "tasks> help add" }

        #expect(refused == ["sync: the address holds a password: put it in ~/.netrc or use --password-command"])
        #expect(historyLines == ["help\\040add"])
    }

    @Test func entriesAreWrittenAsLibeditReadsThem() async throws {
        let session = try await TerminalSession(in: folder)
        try await session.run("add back\\slash")
        #expect(historyLines == ["add\\040back\\134slash"])
    }
}
