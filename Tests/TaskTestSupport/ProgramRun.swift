import Foundation

/// One finished run of the `tasks` executable (or another program) with files for standard input,
/// output and error.
public struct ProgramRun: Equatable, Sendable, CustomStringConvertible {
    /// The bytes it wrote on standard output.
    public var outputBytes: [UInt8]
    /// The bytes it wrote on standard error.
    public var errorBytes: [UInt8]
    /// Its exit status.
    public var status: Int32

    /// What it wrote on standard output, as text (invalid UTF-8 replaced).
    public var output: String { String(decoding: outputBytes, as: UTF8.self) }
    /// What it wrote on standard error, as text (invalid UTF-8 replaced).
    public var error: String { String(decoding: errorBytes, as: UTF8.self) }

    /// Runs `tasks` with `arguments`, `input` as its standard input, in a private environment
    /// inside `folder` (its database is `folder/tasks.sqlite` unless `arguments` say otherwise).
    public init(_ arguments: [String], input: String = "", in folder: TemporaryFolder,
         environment extra: [String: String] = [:], database: Bool = true) async throws {
        try await self.init(arguments, inputBytes: Array(input.utf8), in: folder, environment: extra,
                            database: database)
    }

    /// Runs `tasks` with raw bytes as its standard input.
    public init(_ arguments: [String], inputBytes: [UInt8], in folder: TemporaryFolder,
         environment extra: [String: String] = [:], database: Bool = true) async throws {
        try TasksBinary.checkBuilt()
        let arguments = (database ? ["--db", folder.file("tasks.sqlite")] : []) + arguments
        try await self.init(program: TasksBinary.path, arguments, inputBytes: inputBytes, in: folder,
                            environment: TasksBinary.environment(in: folder, extra))
    }

    /// Runs the program at `path` (a shell, groff, make) with `arguments` and `environment`,
    /// `inputBytes` as its standard input, its output kept in files inside `folder` until it has exited.
    public init(program path: String, _ arguments: [String], inputBytes: [UInt8] = [],
         in folder: TemporaryFolder, environment: [String: String]) async throws {
        let id = UUID().uuidString
        let inputPath = folder.file("stdin-\(id)")
        let outputPath = folder.file("stdout-\(id)")
        let errorPath = folder.file("stderr-\(id)")
        _ = FileManager.default.createFile(atPath: inputPath, contents: Data(inputBytes))
        defer {
            for path in [inputPath, outputPath, errorPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        status = try await ChildProcess.run(path, arguments, environment: environment,
                                            input: inputPath, output: outputPath, error: errorPath)
        outputBytes = FileManager.default.contents(atPath: outputPath).map(Array.init) ?? []
        errorBytes = FileManager.default.contents(atPath: errorPath).map(Array.init) ?? []
    }

    /// A run with these results (for comparing with `==`).
    public init(output: String = "", error: String = "", status: Int32 = 0) {
        outputBytes = Array(output.utf8)
        errorBytes = Array(error.utf8)
        self.status = status
    }

    /// The three results, shown when an expectation fails.
    public var description: String { "status \(status)\n--- stdout\n\(output)--- stderr\n\(error)---" }
}
