import Foundation
import TaskTestSupport

/// The real programs the interchange tests talk to, each run in a private home inside the test's
/// folder (`make test` installs them: todotxt-cli, taskwarrior and cmark-gfm from Debian, Python's
/// icalendar from PyPI into `.build/python`).
enum Peers {
    /// A program is missing: `make test` installs it.
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String { "no \(path): run `make test`, which installs the programs the tests talk to" }
    }

    static let todoTxt = "/usr/bin/todo-txt"
    static let taskwarrior = "/usr/bin/task"
    static let cmark = "/usr/bin/cmark-gfm"
    /// The Python that has `icalendar`: the one `make test` makes under `.build/python`.
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/python/bin/python3").path

    /// Runs `program` with `arguments` in `folder`, with HOME, TASKRC, TODO_DIR and the rest inside it.
    static func run(_ program: String, _ arguments: [String], input: String = "", in folder: TemporaryFolder) async throws -> ProgramRun {
        guard FileManager.default.isExecutableFile(atPath: program) else { throw Missing(path: program) }
        return try await ProgramRun(program: program, arguments, inputBytes: Array(input.utf8), in: folder,
                                    environment: environment(in: folder))
    }

    static func environment(in folder: TemporaryFolder) -> [String: String] {
        TasksBinary.environment(in: folder, [
            "TASKRC": folder.file("taskrc"), "TASKDATA": folder.file("taskdata"), "TZ": "UTC", "LC_ALL": "C.UTF-8",
        ])
    }

    /// Writes a taskrc for Taskwarrior (no questions, no chatter) and todo.sh's config (no
    /// automatic archiving, its files in `todo/`).
    static func configure(_ folder: TemporaryFolder) throws {
        try FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("todo"), withIntermediateDirectories: true)
        try """
            data.location=\(folder.file("taskdata"))
            confirmation=off
            verbose=nothing
            json.array=on
            """.write(toFile: folder.file("taskrc"), atomically: true, encoding: .utf8)
        try """
            export TODO_DIR=\(folder.file("todo"))
            export TODO_FILE="$TODO_DIR/todo.txt"
            export DONE_FILE="$TODO_DIR/done.txt"
            export REPORT_FILE="$TODO_DIR/report.txt"
            export TODOTXT_AUTO_ARCHIVE=0
            """.write(toFile: folder.file("todo.cfg"), atomically: true, encoding: .utf8)
    }

    /// `todo-txt -d CONFIG -p ARGUMENTS` (plain output).
    static func todo(_ arguments: [String], in folder: TemporaryFolder) async throws -> ProgramRun {
        try await run(todoTxt, ["-d", folder.file("todo.cfg"), "-p"] + arguments, in: folder)
    }

    /// `text` without the ` uuid:…` words of todo.txt lines.
    static func withoutIdentities(_ text: String) -> String {
        text.replacing(#/ uuid:[0-9a-f-]{36}/#, with: "")
    }

    /// `task ARGUMENTS`.
    static func task(_ arguments: [String], in folder: TemporaryFolder) async throws -> ProgramRun {
        try await run(taskwarrior, arguments, in: folder)
    }
}
