import Foundation

/// One finished run of the `tasks` executable with files for standard input, output and error.
struct ProgramRun: Equatable, CustomStringConvertible {
    /// What it wrote on standard output.
    var output: String
    /// What it wrote on standard error.
    var error: String
    /// Its exit status.
    var status: Int32

    /// Runs `tasks` with `arguments`, `input` as its standard input, in a private environment
    /// inside `folder` (its database is `folder/tasks.sqlite` unless `arguments` say otherwise).
    init(_ arguments: [String], input: String = "", in folder: TemporaryFolder,
         environment extra: [String: String] = [:], database: Bool = true) async throws {
        try await self.init(arguments, inputBytes: Array(input.utf8), in: folder, environment: extra,
                            database: database)
    }

    /// Runs `tasks` with raw bytes as its standard input.
    init(_ arguments: [String], inputBytes: [UInt8], in folder: TemporaryFolder,
         environment extra: [String: String] = [:], database: Bool = true) async throws {
        try TasksBinary.checkBuilt()
        let id = UUID().uuidString
        let inputPath = folder.file("stdin-\(id)")
        let outputPath = folder.file("stdout-\(id)")
        let errorPath = folder.file("stderr-\(id)")
        _ = FileManager.default.createFile(atPath: inputPath, contents: Data(inputBytes))
        defer {
            for path in [inputPath, outputPath, errorPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        let arguments = (database ? ["--db", folder.file("tasks.sqlite")] : []) + arguments
        status = try await ChildProcess.run(TasksBinary.path, arguments, environment: TasksBinary.environment(in: folder, extra),
                                      input: inputPath, output: outputPath, error: errorPath)
        output = folder.contents(of: "stdout-\(id)") ?? ""
        error = folder.contents(of: "stderr-\(id)") ?? ""
    }

    /// A run with these results (for comparing with `==`).
    init(output: String = "", error: String = "", status: Int32 = 0) {
        self.output = output
        self.error = error
        self.status = status
    }

    /// The three results, shown when an expectation fails.
    var description: String { "status \(status)\n--- stdout\n\(output)--- stderr\n\(error)---" }
}
