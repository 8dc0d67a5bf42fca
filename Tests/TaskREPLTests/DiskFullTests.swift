import Foundation
import TaskTestSupport
import Testing

/// A disk that fills while a script runs: a 3 MB tmpfs mounted for the test (which takes root; CI
/// runs as root) holds the store. The script fails with one line, changes nothing, and the file
/// stays sound with everything it held before.
@Suite(.serialized) struct DiskFullTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// The tasks the store holds before the script.
    static let seedTexts = ["before one", "before two", "before three"]
    static let seedList = "  1   before one\n  2   before two\n  3   before three\n"

    /// A script of `lines` adds of a hundred bytes each.
    static func script(lines: Int) -> String {
        let words = String(repeating: "x", count: 90)
        return (1...lines).map { "add task \($0) \(words)\n" }.joined()
    }

    /// A store holding the seed tasks on a new small disk.
    private func seededStore() async throws -> (disk: SmallDisk, store: String) {
        let disk = try SmallDisk(in: folder, megabytes: 3)
        let store = disk.path + "/tasks.sqlite"
        let seed = try await ProgramRun(["--db", store, "--quiet"], input: Self.seedTexts.map { "add \($0)\n" }.joined(),
                                        in: folder, database: false)
        try #require(seed == ProgramRun(), "seeding: \(seed)")
        return (disk, store)
    }

    /// The store is sound and holds the seed tasks alone.
    private func expectSeedTasksAlone(in store: String) async throws {
        #expect(try await SQLiteShell.integrity(of: store) == "ok")
        #expect(try await ProgramRun(["--db", store, "list"], in: folder, database: false) == ProgramRun(output: Self.seedList))
    }

    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs takes root (CI runs as root)"))
    func aScriptThatFillsTheDiskFailsAtTheLineThatFoundItFullAndLeavesTheStoreAsBefore() async throws {
        let (disk, store) = try await seededStore()
        defer { withExtendedLifetime(disk) {} } // mounted until the test ends
        // About 10 MB of tasks: more than the disk holds, so that the store fills it before the
        // commit, as the pages the script changed no longer fit in memory.
        let run = try await ProgramRun(["--db", store, "--quiet"], input: Self.script(lines: 100_000), in: folder,
                                       database: false)
        #expect(run.status == 1)
        #expect(run.output == "")
        let line = try #require(run.error.firstMatch(of: #/^line ([0-9]+): add task ([0-9]+) x+…: /#), "\(run.error)")
        #expect(line.1 == line.2)
        #expect(run.error == "\(line.0)\(store) cannot grow: the disk is full; nothing was changed\n")
        try await expectSeedTasksAlone(in: store)
    }

    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs takes root (CI runs as root)"))
    func aScriptWhoseCommitFindsTheDiskFullFailsWithOneLineAndTheNextCommandWorks() async throws {
        let (disk, store) = try await seededStore()
        defer { withExtendedLifetime(disk) {} }
        // The disk filled by another file but for 200 KB: the script's 300 KB of tasks fit in
        // memory, and the disk is found full when they are written, at the commit.
        let free = try #require(try FileManager.default.attributesOfFileSystem(forPath: disk.path)[.systemFreeSize] as? Int)
        let filler = disk.path + "/filler"
        try #require(FileManager.default.createFile(atPath: filler, contents: Data(count: free - 200 << 10)))
        let run = try await ProgramRun(["--db", store, "--quiet"], input: Self.script(lines: 3_000), in: folder,
                                       database: false)
        #expect(run == ProgramRun(error: "\(store) cannot grow: the disk is full; nothing was changed\n", status: 1))
        try await expectSeedTasksAlone(in: store)
        try FileManager.default.removeItem(atPath: filler)
        #expect(try await ProgramRun(["--db", store, "add", "after"], in: folder, database: false)
                    == ProgramRun(output: Self.seedList + "  4   after\n"))
    }
}

/// A tmpfs of a few megabytes mounted on a folder of the test's, unmounted when this goes away
/// (however the test ended).
final class SmallDisk {
    /// Where it is mounted.
    let path: String

    /// Mounts a tmpfs of `megabytes` on a new folder inside `folder`.
    init(in folder: TemporaryFolder, megabytes: Int) throws {
        path = folder.file("disk")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = folder.file("mount-error")
        let status = ChildProcess.runBlocking("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path],
                                              error: error)
        guard status == 0 else {
            throw MountFailed(status: status, error: folder.contents(of: "mount-error") ?? "")
        }
    }

    deinit {
        // Lazily if a program the test started still holds a file there: it goes once they are closed.
        if ChildProcess.runBlocking("/bin/umount", [path]) != 0 {
            ChildProcess.runBlocking("/bin/umount", ["-l", path])
        }
    }

    /// `mount` failed.
    struct MountFailed: Error, CustomStringConvertible {
        var status: Int32?
        var error: String
        var description: String { "mount -t tmpfs exited with \(status.map(String.init) ?? "no status"): \(error)" }
    }
}
