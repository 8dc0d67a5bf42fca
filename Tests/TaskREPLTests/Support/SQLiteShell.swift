import Foundation
import TaskTestSupport

/// The `sqlite3` command-line program, to look at a store from outside `tasks`: its integrity,
/// its rows, the exact bytes of its texts. (`make test` installs it.)
enum SQLiteShell {
    /// Where the program is.
    static let path = "/usr/bin/sqlite3"

    /// sqlite3 failed.
    struct Failed: Error, CustomStringConvertible {
        var sql: String
        var status: Int32
        var error: String
        var description: String { "sqlite3 \(sql) exited with \(status): \(error)" }
    }

    /// Runs `sql` on the database file at `database` and returns what sqlite3 printed.
    static func query(_ database: String, _ sql: String) async throws -> String {
        let id = UUID().uuidString
        let output = NSTemporaryDirectory() + "tasks-sqlite3-out-" + id
        let error = NSTemporaryDirectory() + "tasks-sqlite3-err-" + id
        defer { [output, error].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let status = try await ChildProcess.run(path, ["-batch", database, sql], output: output, error: error)
        let printed = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard status == 0 else {
            let message = FileManager.default.contents(atPath: error).map { String(decoding: $0, as: UTF8.self) }
            throw Failed(sql: sql, status: status, error: message ?? "")
        }
        return printed
    }

    /// What `PRAGMA integrity_check` says of the database (`ok` when it is sound).
    static func integrity(of database: String) async throws -> String {
        try await query(database, "PRAGMA integrity_check").trimmingCharacters(in: .newlines)
    }

    /// The texts of the tasks in the list, in list order, each as the hex of its stored bytes.
    static func storedTexts(of database: String) async throws -> [String] {
        try await query(database, """
            SELECT hex(CAST(text AS BLOB)) FROM task
            WHERE removedBy IS NULL AND createdBy > (SELECT clearedThrough FROM history) ORDER BY position
            """).split(separator: "\n").map(String.init)
    }

    /// `bytes` as sqlite3's `hex()` prints them.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02X", $0) }.joined()
    }
}
