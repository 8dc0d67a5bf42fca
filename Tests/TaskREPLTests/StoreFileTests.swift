import Foundation
import TaskTestSupport
import Testing

/// Files at the store's path that are not a sound tasks store, and places where no store can be:
/// `tasks` says so in one line naming the path (its control characters escaped, the file's bytes
/// never echoed), exits 1, and leaves the file byte-identical, in one-shot and script mode alike.
@Suite struct StoreFileTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// A real store made by `tasks`, with three tasks; returns its bytes.
    private func storeBytes() async throws -> [UInt8] {
        let path = folder.file("real.sqlite")
        let run = try await ProgramRun(["--db", path, "--quiet"], input: "add one\nadd two\nadd three\n", in: folder,
                                       database: false)
        try #require(run == ProgramRun())
        try #require(!FileManager.default.fileExists(atPath: path + "-wal"), "the log is checkpointed on exit")
        return try #require(FileManager.default.contents(atPath: path).map(Array.init))
    }

    /// Writes `bytes` to `name`, runs `tasks list`, `tasks add x` and the script `add x` on it; checks each
    /// fails with exit status 1, nothing on standard output, no raw control byte, and that the file is
    /// byte-identical with no log beside it. Returns the standard error of each.
    private func refusals(of bytes: [UInt8], named name: String = "store.sqlite",
                          sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        let path = folder.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var errors: [String] = []
        for (arguments, input) in [(["list"], ""), (["add", "x"], ""), ([], "add x\n")] {
            let run = try await ProgramRun(["--db", path] + arguments, input: input, in: folder, database: false)
            #expect(run.status == 1 && run.output == "", "\(arguments): \(run)", sourceLocation: sourceLocation)
            #expect(RawControlBytes.found(in: run.errorBytes) == [], sourceLocation: sourceLocation)
            errors.append(run.error)
        }
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == bytes, "the file must be left byte-identical",
                sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), sourceLocation: sourceLocation)
        return errors
    }

    /// How long an idle prompt is given to say its store was deleted. It checks every 250 ms, and
    /// says so within a second alone; in two full runs of the suite beside other work (a tester's,
    /// a build), two idle prompts said nothing within 30 s, their list and prompt on screen. Not
    /// reproduced with the suite alone, nor beside four busy loops.
    static let deletionNoticed = Duration.seconds(120)

    @Test func aStoreDeletedUnderAnOpenPromptRefusesChangesAndSaysWhy() async throws {
        #expect(try await ProgramRun(["--quiet", "add", "one"], in: folder) == ProgramRun())
        let session = try await TerminalSession(in: folder, columns: 320, timeout: Self.deletionNoticed)
        try FileManager.default.removeItem(atPath: folder.file("tasks.sqlite"))
        // The idle prompt says so without a key press, once.
        let said = "\(folder.file("tasks.sqlite")) was deleted while tasks had it open; `export FILE` saves the list "
            + "shown, and changes cannot be saved (start tasks again for a new list)"
        try await session.waitFor { $0.suffix(2) == [said, "tasks>"] }
        #expect(try await session.run("add two") == [
            "add two: \(folder.file("tasks.sqlite")) was deleted while tasks had it open, so no change can be saved "
                + "(`export FILE` saves the list shown; start tasks again for a new list)",
        ])
        try await Task.sleep(for: .milliseconds(600)) // two idle checks: nothing more is said
        #expect(try await session.lines().filter { $0.contains("was deleted") }.count == 2)
        try await session.press("C-d")
        try await session.waitForExit()
        #expect(!FileManager.default.fileExists(atPath: folder.file("tasks.sqlite")))
    }

    @Test func aStoreDeletedUnderAnOpenPromptStillShowsAndExportsTheListItHolds() async throws {
        _ = try await ProgramRun(["--quiet"], input: "add Buy milk\nadd Pay rent\n", in: folder)
        let session = try await TerminalSession(in: folder, columns: 320, timeout: Self.deletionNoticed)
        try FileManager.default.removeItem(atPath: folder.file("tasks.sqlite"))
        try await session.waitFor { $0.last == "tasks>" && $0.contains { $0.contains("was deleted") } }
        let notice = "this is the list as shown before \(folder.file("tasks.sqlite")) was deleted; changes cannot be saved"
        #expect(try await session.run("ls") == ["  1   Buy milk", "  2   Pay rent", notice])
        let rescue = folder.file("rescue.txt")
        #expect(try await session.run("export \(rescue)") == ["Exported 2 tasks to \(rescue) (todo.txt)", notice])
        let exported = try #require(folder.contents(of: "rescue.txt")).split(separator: "\n")
        #expect(exported.map { $0.split(separator: " ").dropFirst().prefix(2).joined(separator: " ") } == ["Buy milk", "Pay rent"])
        try await session.type("find rent")
        try await session.press("Enter")
        try await session.waitFor {
            $0.suffix(4) == ["  2   Pay rent", "1 of 2 tasks matches “rent”; `list` shows all", notice, "tasks (find rent)>"]
        }
    }

    @Test func aStoreDeletedWhileALineIsTypedIsSaidByThatCommandAloneNotAgainByTheIdlePrompt() async throws {
        #expect(try await ProgramRun(["--quiet", "add", "one"], in: folder) == ProgramRun())
        let session = try await TerminalSession(in: folder, columns: 320)
        try await session.type("add two")
        try await session.waitFor { $0.last == "tasks> add two" }
        try FileManager.default.removeItem(atPath: folder.file("tasks.sqlite"))
        try await session.press("Enter")
        try await session.waitForPrompt()
        try await Task.sleep(for: .milliseconds(600)) // two idle checks
        #expect(try await session.lines().suffix(2) == [
            "add two: \(folder.file("tasks.sqlite")) was deleted while tasks had it open, so no change can be saved "
                + "(`export FILE` saves the list shown; start tasks again for a new list)",
            "tasks>",
        ])
    }

    @Test func randomBytesStartingWithEscapesAreRefusedAndNeverEchoed() async throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = Array("\u{1B}]0;pwned\u{7}\u{1B}[2J\r\u{8}".utf8) + (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = folder.file("store.sqlite")
        let message = "tasks: \(path) is not a tasks database (not an SQLite file); it was left untouched\n"
        #expect(try await refusals(of: bytes) == Array(repeating: message, count: 3))
    }

    @Test func aStoreCutShortIsRefusedAsTruncated() async throws {
        let bytes = try await storeBytes()
        let path = folder.file("store.sqlite")
        let message = "tasks: \(path) is truncated (8192 of \(bytes.count) bytes); it was left untouched\n"
        #expect(try await refusals(of: Array(bytes.prefix(8192))) == Array(repeating: message, count: 3))
    }

    @Test func aStoreCutInsideItsHeaderIsRefusedAsTruncated() async throws {
        let bytes = try await storeBytes()
        let path = folder.file("store.sqlite")
        let message = "tasks: \(path) is truncated (50 of 100 bytes); it was left untouched\n"
        #expect(try await refusals(of: Array(bytes.prefix(50))) == Array(repeating: message, count: 3))
    }

    @Test func anotherProgramsDatabaseIsRefused() async throws {
        let path = folder.file("contacts.sqlite")
        _ = try await SQLiteShell.query(path, "CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES ('Ada');")
        let bytes = try #require(FileManager.default.contents(atPath: path).map(Array.init))
        let message = "tasks: \(path) is an SQLite database of another program; it was left untouched\n"
        #expect(try await refusals(of: bytes, named: "contacts.sqlite") == Array(repeating: message, count: 3))
    }

    @Test func aStoreGarbledAfterItsFirstPageIsReportedAsDamaged() async throws {
        var bytes = try await storeBytes()
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        for offset in pageSize..<bytes.count { bytes[offset] = 0xA5 }
        let damaged = "\(folder.file("store.sqlite")) is damaged (database disk image is malformed); it was left untouched\n"
        // Opening reads the first page only (the header says the schema is current): the damage is
        // found by the first command that reads the tasks, and reported as that command's error (a
        // script reads no list before its lines: its first line finds it).
        #expect(try await refusals(of: bytes) == ["list: " + damaged, "add x: " + damaged, "line 1: add x: " + damaged])
    }

    @Test func aStoreWithAGarbledTaskTableIsReportedAsDamagedByEachCommand() async throws {
        let real = folder.file("real.sqlite")
        var bytes = try await storeBytes()
        let page = try #require(Int(try await SQLiteShell.query(real, "SELECT rootpage FROM sqlite_master WHERE name = 'task'")
            .trimmingCharacters(in: .newlines)))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        for offset in (page - 1) * pageSize..<page * pageSize { bytes[offset] = 0xA5 }
        let damaged = "\(folder.file("store.sqlite")) is damaged (database disk image is malformed); it was left untouched\n"
        // A script reads no list before its lines: its first line finds the damage.
        #expect(try await refusals(of: bytes) == ["list: " + damaged, "add x: " + damaged, "line 1: add x: " + damaged])
    }

    @Test func aFolderIsRefused() async throws {
        let path = folder.file("folder.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let run = try await ProgramRun(["--db", path, "add", "x"], in: folder, database: false)
        #expect(run == ProgramRun(error: "tasks: cannot open \(path): it is a folder\n", status: 1))
    }

    /// `tasks` run from the test's folder, so that a relative store path lands there.
    private func runInFolder(_ arguments: [String]) async throws -> ProgramRun {
        try await ProgramRun(program: "/usr/bin/env", ["--chdir=" + folder.path, TasksBinary.path] + arguments,
                             in: folder, environment: TasksBinary.environment(in: folder))
    }

    @Test(arguments: ["a", "=", "-", "./b"]) func aStoreNamedInTheWorkingFolderIsMadeThere(_ name: String) async throws {
        #expect(try await runInFolder(["--db", name, "--quiet", "add", "x"]) == ProgramRun())
        #expect(try await runInFolder(["--db", name, "list"]) == ProgramRun(output: "  1   x\n"))
    }

    @Test(arguments: ["x/", "./"]) func aPathEndingInASlashIsRefusedAsAFolder(_ name: String) async throws {
        #expect(try await runInFolder(["--db", name, "add", "x"])
                == ProgramRun(error: "tasks: cannot open \(name): it is a folder\n", status: 1))
        #expect(!FileManager.default.fileExists(atPath: folder.file("x")))
    }

    @Test func aStoreInsideARegularFileIsAClearError() async throws {
        let file = folder.file("notes.txt")
        try "my notes\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try await ProgramRun(["--db", file + "/tasks.sqlite", "add", "x"], in: folder, database: false)
        #expect(run == ProgramRun(error: "tasks: cannot open \(file)/tasks.sqlite: \(file) is not a folder\n", status: 1))
        #expect(folder.contents(of: "notes.txt") == "my notes\n")
    }

    @Test func aFolderThatCannotBeCreatedIsAClearErrorWithItsNameEscaped() async throws {
        let run = try await ProgramRun(["--db", "/proc/evil\u{1B}]0;x\u{7}/tasks.sqlite", "add", "x"], in: folder,
                                       database: false)
        #expect(run == ProgramRun(
            error: "tasks: cannot create the folder /proc/evil\\e]0;x\\x07: no such file or directory\n", status: 1))
    }

    @Test func aFileThatCannotBeCreatedIsAClearError() async throws {
        let run = try await ProgramRun(["--db", "/proc/tasks.sqlite", "add", "x"], in: folder, database: false)
        #expect(run == ProgramRun(error: "tasks: cannot open /proc/tasks.sqlite: unable to open database file\n", status: 1))
    }

    /// Runs `tasks` as a user who may not write the store: `nobody` when the tests run as root
    /// (whom no file mode stops), else this user. `nobody` gets what it needs on its own terms: the
    /// copy of the executable in `open`, a folder every user may enter, which is its working folder
    /// too (the checkout, its `.build` and the test's own folder may sit in a private folder).
    private func runWithoutWriting(_ arguments: [String], input: String = "",
                                   in open: TemporaryFolder) async throws -> ProgramRun {
        guard getuid() == 0 else { return try await ProgramRun(arguments, input: input, in: folder, database: false) }
        let command = ["-u", "nobody", "--", "/usr/bin/env", "--chdir=" + open.path, open.file("tasks")] + arguments
        return try await ProgramRun(program: "/usr/sbin/runuser", command, inputBytes: Array(input.utf8), in: folder,
                                    environment: TasksBinary.environment(in: open))
    }

    @Test func aStoreThatCannotBeWrittenIsListedAndEveryChangeRefusedLeavingItUntouched() async throws {
        let open = try TemporaryFolder(openToOtherUsers: true)
        _ = try open.copyExecutable(TasksBinary.path, as: "tasks")
        let readOnly = open.file("read-only")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        let path = readOnly + "/tasks.sqlite"
        _ = try await ProgramRun(["--db", path, "--quiet"], input: "add kept\nadd also kept\ndone 2\n", in: folder,
                                 database: false)
        chmod(path, 0o444)
        chmod(readOnly, 0o555)
        defer { chmod(readOnly, 0o755) }
        let before = FileManager.default.contents(atPath: path)
        #expect(try await runWithoutWriting(["--db", path, "list"], in: open)
                == ProgramRun(output: "  1   kept\n  2   ✓ also kept\n"))
        #expect(try await runWithoutWriting(["--db", path, "find", "also"], in: open)
                == ProgramRun(output: "  2   ✓ also kept\n1 of 2 tasks matches “also”; `list` shows all\n"))
        #expect(try await runWithoutWriting(["--db", path, "rm", "1"], in: open)
                == ProgramRun(error: "rm 1: \(path) is read-only: cannot save changes\n", status: 1))
        #expect(try await runWithoutWriting(["--db", path], input: "add new\n", in: open)
                == ProgramRun(error: "line 1: add new: \(path) is read-only: cannot save changes\n", status: 1))
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() async throws {
        let path = folder.file("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(try await ProgramRun(["--db", path, "list"], in: folder, database: false)
                == ProgramRun(error: "tasks: cannot open \(path): it is a named pipe (FIFO), not a file\n", status: 1))
    }

    @Test func aDeviceIsRefused() async throws {
        #expect(try await ProgramRun(["--db", "/dev/null", "list"], in: folder, database: false)
                == ProgramRun(error: "tasks: cannot open /dev/null: it is a device, not a file\n", status: 1))
    }
}
