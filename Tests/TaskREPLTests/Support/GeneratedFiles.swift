import Foundation
import TaskTestSupport
import Testing

/// The man page and completion scripts as `tasks --generate` writes them, saved in a folder.
enum GeneratedFiles {
    /// Writes what `tasks --generate kind` prints to `name` in `folder` and returns its path.
    static func save(_ kind: String, as name: String, in folder: TemporaryFolder) async throws -> String {
        let run = try await ProgramRun(["--generate", kind], in: folder, database: false)
        #expect(run.status == 0 && run.error.isEmpty, "tasks --generate \(kind): \(run)")
        let path = folder.file(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try run.output.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A store for the completion tests, in `folder`, and its path: four tasks, the last one's text
    /// hostile (a tab, a quote, shell syntax, a backslash and an escape sequence).
    static func fixtureStore(in folder: TemporaryFolder) async throws -> String {
        let store = folder.file("fixture.sqlite")
        let script = "add Buy milk\nadd Call mom\nadd Pay rent\nadd It's\there $(date) `x` \\ \u{1B}[31m\n"
        let run = try await ProgramRun(["--db", store, "--quiet"], input: script, in: folder, database: false)
        #expect(run == ProgramRun(), "\(run)")
        return store
    }

    /// The environment of a shell completing `tasks`: the built executable first on the path.
    static func shellEnvironment(in folder: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
        let binaries = (TasksBinary.path as NSString).deletingLastPathComponent
        return TasksBinary.environment(in: folder, ["PATH": binaries + ":/usr/bin:/bin", "LANG": "C.UTF-8"]
            .merging(extra) { $1 })
    }
}
