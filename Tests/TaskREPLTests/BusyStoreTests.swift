import Foundation
import TaskTestSupport
import Testing

/// A store another process holds (sqlite3 in a write transaction): `tasks` waits for it up to its
/// 5 s busy timeout, then fails with one line and exit status 1, changing nothing; released in time,
/// the change goes through. The tests wait 5 s each, so they run side by side.
@Suite struct BusyStoreTests {
    let folder: TemporaryFolder
    let database: String

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("tasks.sqlite")
    }

    /// The error the busy store causes.
    private var busy: String { "\(database) is busy: another process held it for over 5 s; nothing was changed" }

    /// Adds a task, then starts sqlite3 holding a write transaction on the store until `release(_:)`,
    /// or, given `releaseFile`, until that file exists (`release(_:)` then waits for it to end).
    private func holdStore(until releaseFile: String? = nil) async throws -> PipedProgram {
        try #require(try await ProgramRun(["--quiet", "add", "kept"], in: folder) == ProgramRun())
        let flag = folder.file("held")
        let holder = try PipedProgram(SQLiteShell.path, ["-batch", database], environment: ["PATH": "/usr/bin:/bin"])
        await holder.write("BEGIN IMMEDIATE;\n.system touch '\(flag)'\n")
        if let releaseFile {
            await holder.write(".system sh -c 'until [ -e \"\(releaseFile)\" ]; do sleep 0.01; done'\nCOMMIT;\n")
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: flag) {
            try #require(ContinuousClock.now < deadline, "sqlite3 did not take the lock")
            try await Task.sleep(for: .milliseconds(10))
        }
        return holder
    }

    /// Ends the holder's transaction (unless it ends it itself) and waits for it to exit.
    private func release(_ holder: PipedProgram, committing: Bool = true) async throws {
        if committing { await holder.write("COMMIT;\n") }
        holder.closeInput()
        #expect(try await holder.exitStatus() == 0)
    }

    /// Whether the process run with `commandLine` (its arguments, as one line) is asleep (in
    /// SQLite's busy handler, waiting for the store).
    private static func isWaitingForTheStore(commandLine: String) -> Bool {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.contains { pid in
            guard pid.allSatisfy(\.isNumber), let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: line.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self).hasSuffix(commandLine + " ") else {
                return false
            }
            return (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8))?.contains("nanosleep") == true
        }
    }

    /// Runs `tasks`; returns the run and when it started and ended.
    private func timedRun(_ arguments: [String], input: String = "") async throws
        -> (run: ProgramRun, start: ContinuousClock.Instant, end: ContinuousClock.Instant) {
        let start = ContinuousClock.now
        let run = try await ProgramRun(arguments, input: input, in: folder)
        return (run, start, ContinuousClock.now)
    }

    @Test func anAddOnAHeldStoreFailsAfterTheBusyTimeoutChangingNothing() async throws {
        let holder = try await holdStore()
        let (run, start, end) = try await timedRun(["add", "lost"])
        #expect(run == ProgramRun(error: "add lost: \(busy)\n", status: 1))
        #expect(end - start >= .seconds(5))
        try await release(holder)
        #expect(try await ProgramRun(["list"], in: folder).output == "  1   kept\n")
    }

    @Test func aScriptOnAHeldStoreFailsAfterTheBusyTimeoutChangingNothing() async throws {
        let holder = try await holdStore()
        let (run, start, end) = try await timedRun([], input: "add lost\nadd also lost\n")
        #expect(run == ProgramRun(error: "\(busy)\n", status: 1))
        #expect(end - start >= .seconds(5))
        try await release(holder)
        #expect(try await ProgramRun(["list"], in: folder).output == "  1   kept\n")
    }

    @Test func anAddWaitsForAStoreReleasedWithinTheTimeout() async throws {
        let releaseFile = folder.file("release")
        let holder = try await holdStore(until: releaseFile)
        defer { FileManager.default.createFile(atPath: releaseFile, contents: nil) } // never left held
        async let add = timedRun(["add", "waited"])
        // Released once the add waits for it, asleep in SQLite's busy handler: a fixed second's
        // pause, and a release slow under a loaded machine, once left the add its 5 s no more; and
        // by a thread of its own (`ThreadPoll`), the moment it sees that: a watch on Swift
        // concurrency's two threads did not look for 120 s in a loaded clean-clone run.
        let commandLine = "--db \(database) add waited"
        let released: ContinuousClock.Instant? = await ThreadPoll.first(every: .milliseconds(10), within: .seconds(120)) {
            guard Self.isWaitingForTheStore(commandLine: commandLine) else { return nil }
            FileManager.default.createFile(atPath: releaseFile, contents: nil)
            return ContinuousClock.now
        }
        try await release(holder, committing: false)
        let (run, start, end) = try await add
        let releasedAt = try #require(released, "the add never waited for the store")
        #expect(run == ProgramRun(output: "  1   kept\n  2   waited\n"))
        #expect(start < releasedAt && end > releasedAt, "it started while the store was held and ended after")
    }

    @Test func theREPLReportsAHeldStoreAndGoesOn() async throws {
        let holder = try await holdStore()
        let session = try await TerminalSession(in: folder, columns: 200)
        #expect(try await session.run("add lost") == ["add lost: \(busy)"])
        try await release(holder)
        #expect(try await session.run("add saved") == ["  1   kept", "  2   saved"])
    }
}
