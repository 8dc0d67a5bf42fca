import Foundation
import TaskTestSupport
import Testing

/// The built binary: `import` reads a regular file or standard input, and no more than 64 MiB of
/// either; a device, a FIFO or a stream that never ends is refused in one line, nothing imported.
@Suite struct ImportLimitTests {
    let folder: TemporaryFolder

    init() async throws {
        folder = try TemporaryFolder()
        _ = try await ProgramRun(["--quiet", "add", "keep"], in: folder)
    }

    /// What the list holds after a refused import: the one task it had.
    private func expectListUnchanged() async throws {
        #expect(try await ProgramRun(["list"], in: folder) == ProgramRun(output: "  1   keep\n"))
    }

    /// A failed line as the error names it: shortened to 60 characters (a temporary folder's path is long).
    private func shown(_ line: String) -> String {
        line.count > 60 ? String(line.prefix(59)) + "…" : line
    }

    @Test func aDeviceIsRefusedBeforeItIsRead() async throws {
        #expect(try await ProgramRun(["import", "/dev/zero"], in: folder) == ProgramRun(
            error: "import /dev/zero: cannot read /dev/zero: it is a device, not a file; nothing was imported\n",
            status: 1))
        try await expectListUnchanged()
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() async throws {
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try await ProgramRun(["import", fifo], in: folder) == ProgramRun(
            error: "\(shown("import \(fifo)")): cannot read \(fifo): it is a named pipe (FIFO), not a file; nothing was imported\n",
            status: 1))
        try await expectListUnchanged()
    }

    @Test func aFileLargerThanTheLimitIsRefusedUnread() async throws {
        let path = folder.file("huge.txt")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 64 << 20 + 1) == 0) // sparse: nothing is written
        #expect(try await ProgramRun(["import", path], in: folder) == ProgramRun(
            error: "\(shown("import \(path)")): cannot read \(path): it holds more than 64 MiB, the most import reads; "
                + "nothing was imported\n",
            status: 1))
        try await expectListUnchanged()
    }

    @Test func standardInputThatNeverEndsIsCutAtTheLimit() async throws {
        let database = folder.file("tasks.sqlite")
        let run = try await ProgramRun(program: "/bin/sh", ["-c", "yes 'add me' | \"$0\" --db \"$1\" import -",
                                                            TasksBinary.path, database],
                                       in: folder, environment: TasksBinary.environment(in: folder))
        #expect(run == ProgramRun(
            error: "import -: cannot read standard input: it holds more than 64 MiB, the most import reads; "
                + "nothing was imported\n",
            status: 1))
        try await expectListUnchanged()
    }
}
