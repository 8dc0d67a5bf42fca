import Foundation
import TaskTestSupport

/// A store the end-to-end tests run `tasks` against: an SQLite file in the test's folder, or a
/// database of its own on the tests' PostgreSQL server (`PostgresTestServer`).
struct TestStore: Sendable {
    /// The two kinds of store, for tests that run on both.
    enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
    }

    /// The test's folder: the program's home, XDG folders and files.
    let folder: TemporaryFolder
    /// What `--db` names.
    let location: String

    /// A new, empty store of `kind` (for PostgreSQL, a database owned by `owner`, used as `user`).
    init(_ kind: Kind, in folder: TemporaryFolder, owner: String = "postgres", user: String = "postgres") throws {
        self.folder = folder
        switch kind {
        case .sqlite:
            location = folder.file("tasks.sqlite")
        case .postgres:
            let server = try PostgresTestServer.shared()
            location = server.url(database: try server.makeDatabase(owner: owner), user: user)
        }
    }

    /// Runs `tasks --db LOCATION` with `arguments` and `input` on standard input.
    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> ProgramRun {
        try await ProgramRun(["--db", location] + arguments, input: input, in: folder, environment: environment,
                             database: false)
    }

    /// The texts of the list, through `tasks list`.
    func texts() async throws -> [String] {
        ListText.texts(of: try await run(["list"]).output)
    }
}
