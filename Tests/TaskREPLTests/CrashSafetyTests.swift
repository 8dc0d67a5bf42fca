import Foundation
import TaskTestSupport
import Testing

/// A `tasks` process killed with SIGKILL at any moment of a long piped script leaves a sound store
/// (`PRAGMA integrity_check` says ok) that holds all of the script or none of it, and that `tasks`
/// opens and changes again.
@Suite(.serialized, .loadsTheMachine) struct CrashSafetyTests {
    /// The script: 100,000 `add` lines (1.8 MB), run as one transaction; enough for SQLite to spill
    /// uncommitted pages to its write-ahead log while it runs, and to checkpoint the log into the
    /// database file as it commits (at 1,000 pages, 4 MB).
    static let scriptTexts = (1...100_000).map { "crash task \($0)" }
    static let script = Array(scriptTexts.map { "add \($0)\n" }.joined().utf8)
    /// The tasks in the store before the script runs.
    static let seedTexts = ["before one", "before two", "before three"]
    /// The task each check adds after the run.
    static let probeText = "after the crash"
    /// The texts of the list before the probe, one a line, when the script was not kept / was kept.
    static let textsWithoutScript = Data(seedTexts.map { $0 + "\n" }.joined().utf8)
    static let textsWithScript = Data((seedTexts + scriptTexts).map { $0 + "\n" }.joined().utf8)

    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// When the program is killed.
    enum Moment: CustomStringConvertible {
        /// Once this many bytes of the script were written to its pipe (still open).
        case afterBytes(Int)
        /// Once the whole script was written and read, the pipe still open (the script not ended).
        case withInputOpen
        /// This long after the script's end of input (the pipe closed): while it commits, or after.
        case afterEndOfInput(Duration)
        /// As soon as the database file grows after the end of input: SQLite is copying the committed
        /// script from its write-ahead log into the file (a checkpoint).
        case whileCheckpointing

        var description: String {
            switch self {
            case .afterBytes(let count): "after \(count) bytes"
            case .withInputOpen: "with the whole script read and its input open"
            case .afterEndOfInput(let delay):
                "\(delay.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))) after the end of input"
            case .whileCheckpointing: "while checkpointing"
            }
        }
    }

    /// A new store holding the seed tasks; returns its path.
    private func seededStore(_ name: String = "tasks.sqlite") async throws -> String {
        let path = folder.file(name)
        let seed = try await ProgramRun(["--db", path, "--quiet"],
                                        input: Self.seedTexts.map { "add \($0)\n" }.joined(), in: folder, database: false)
        try #require(seed == ProgramRun(), "seeding: \(seed)")
        return path
    }

    /// Starts the script on the store at `path`.
    private func startScript(on path: String) throws -> PipedProgram {
        try PipedProgram(TasksBinary.path, ["--quiet", "--db", path], environment: TasksBinary.environment(in: folder))
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Runs the script on the store at `path` and kills it at `moment`; returns its exit status.
    private func runKilled(on path: String, at moment: Moment) async throws -> Int32 {
        let sizeBefore = Self.fileSize(path)
        let program = try startScript(on: path)
        switch moment {
        case .afterBytes(let count):
            #expect(await program.write(Array(Self.script.prefix(count))) == count)
        case .withInputOpen:
            #expect(await program.write(Self.script) == Self.script.count)
            try await Task.sleep(for: .milliseconds(300)) // what is in the pipe (64 KiB at most) is read by then
        case .afterEndOfInput(let delay):
            #expect(await program.write(Self.script) == Self.script.count)
            program.closeInput()
            if delay > .zero { try await Task.sleep(for: delay) }
        case .whileCheckpointing:
            #expect(await program.write(Self.script) == Self.script.count)
            program.closeInput()
            #expect(await Self.kill(program.pid, onceGrown: path, past: sizeBefore), "the database file never grew")
        }
        program.kill()
        return try await program.exitStatus()
    }

    /// Kills `pid` the moment the file at `path` grows past `size` bytes (within 30 s); returns
    /// whether it grew. Watched by a thread of its own (`ThreadPoll`): a task polling on Swift
    /// concurrency's two threads came after the checkpoint three times running in a loaded
    /// clean-clone run.
    private static func kill(_ pid: pid_t, onceGrown path: String, past size: Int) async -> Bool {
        await ThreadPoll.first(every: .microseconds(50), within: .seconds(30)) {
            guard fileSize(path) > size else { return nil }
            Glibc.kill(pid, SIGKILL)
            return true
        } ?? false
    }

    /// Checks the store at `path` after a run killed at `moment`: `tasks` opens it and saves a new task,
    /// sqlite3 finds it sound, and the list (before that task) is the seed alone or the seed and the whole
    /// script. Returns whether the script was kept.
    @discardableResult
    private func expectAllOrNothing(in path: String, after moment: Moment,
                                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> Bool {
        let change = try await ProgramRun(["--db", path, "--quiet", "add", Self.probeText], in: folder, database: false)
        #expect(change == ProgramRun(), "killed \(moment)", sourceLocation: sourceLocation)
        #expect(try await SQLiteShell.integrity(of: path) == "ok", "killed \(moment)", sourceLocation: sourceLocation)
        let texts = Data(try await SQLiteShell.query(path, """
            SELECT text FROM task WHERE removedBy IS NULL AND createdBy > (SELECT clearedThrough FROM history)
              AND text <> '\(Self.probeText)' ORDER BY position
            """).utf8)
        let kept = texts == Self.textsWithScript
        #expect(kept || texts == Self.textsWithoutScript,
                "killed \(moment): \(texts.count) bytes of texts, neither all of the script nor none of it",
                sourceLocation: sourceLocation)
        return kept
    }

    @Test func killedBeforeReadingAnyLineTheStoreIsAsBefore() async throws {
        let path = try await seededStore()
        let status = try await runKilled(on: path, at: .afterBytes(0))
        #expect(status == 128 + SIGKILL)
        #expect(try await expectAllOrNothing(in: path, after: .afterBytes(0)) == false)
    }

    @Test(arguments: [64 << 10, 512 << 10, 3 << 19])
    func killedHalfWayThroughTheScriptTheStoreIsAsBefore(bytesWritten: Int) async throws {
        let path = try await seededStore()
        let status = try await runKilled(on: path, at: .afterBytes(bytesWritten))
        #expect(status == 128 + SIGKILL)
        #expect(try await expectAllOrNothing(in: path, after: .afterBytes(bytesWritten)) == false)
    }

    @Test func killedWithTheWholeScriptReadButNotEndedTheStoreIsAsBefore() async throws {
        let path = try await seededStore()
        let status = try await runKilled(on: path, at: .withInputOpen)
        #expect(status == 128 + SIGKILL)
        #expect(try await expectAllOrNothing(in: path, after: .withInputOpen) == false)
    }

    @Test func killedRightAtTheEndOfInputTheStoreIsAsBefore() async throws {
        let path = try await seededStore()
        let status = try await runKilled(on: path, at: .afterEndOfInput(.zero))
        #expect(status == 128 + SIGKILL)
        #expect(try await expectAllOrNothing(in: path, after: .afterEndOfInput(.zero)) == false)
    }

    /// The commit is complete once the checkpoint starts; the database file is then shorter than its
    /// header says until the checkpoint ends, and the write-ahead log still holds the pages. (The kill
    /// can come too late on a loaded machine: then the run is repeated, up to three times.)
    @Test func killedWhileCheckpointingTheStoreHoldsTheWholeScript() async throws {
        var status: Int32 = 0
        for attempt in 1...3 where status != 128 + SIGKILL {
            let path = try await seededStore("attempt-\(attempt).sqlite")
            status = try await runKilled(on: path, at: .whileCheckpointing)
            #expect(try await expectAllOrNothing(in: path, after: .whileCheckpointing))
        }
        #expect(status == 128 + SIGKILL, "never killed while checkpointing")
    }

    /// Measures how long the script takes from its end of input to its exit (committing 100,000 rows,
    /// checkpointing, closing), then kills it at random moments of that time (and a little beyond).
    @Test func killedAtRandomMomentsWhileFinishingTheStoreHoldsAllOrNothing() async throws {
        let measured = try await seededStore("measured.sqlite")
        let program = try startScript(on: measured)
        #expect(await program.write(Self.script) == Self.script.count)
        program.closeInput()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await program.exitStatus() == 0)
        let finishing = clock.now - start
        #expect(try await expectAllOrNothing(in: measured, after: .afterEndOfInput(finishing)))

        for run in 0..<3 {
            let moment = Moment.afterEndOfInput(finishing * Double.random(in: 0...1.2))
            let path = try await seededStore("run-\(run).sqlite")
            let status = try await runKilled(on: path, at: moment)
            #expect(status == 128 + SIGKILL || status == 0, "\(moment)")
            try await expectAllOrNothing(in: path, after: moment)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }
}
