import Foundation
import TaskModel
import TaskSQLite
import TaskPostgres
import TaskTestSupport

/// A backend the storage specification runs against: every test of the `StorageSpec…` suites
/// runs once for each, and any new backend joins by adding a case here.
enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
    /// SQLite in memory: one connection.
    case sqliteInMemory
    /// SQLite in a temporary file: as many connections as wanted.
    case sqliteFile
    /// A database of its own on the tests' PostgreSQL server (`PostgresTestServer`).
    case postgres

    var description: String { rawValue }

    /// The backends that can open a second connection to the same list.
    static let shared: [Backend] = allCases.filter(\.isShared)

    private var isShared: Bool { self != .sqliteInMemory }

    /// A new, empty list.
    func makeStorage() throws -> any TaskStorage {
        try makeStore().open()
    }

    /// A new, empty list that more connections can be opened to.
    func makeStore() throws -> Store {
        switch self {
        case .sqliteInMemory:
            let storage = try SQLiteStorage.inMemory()
            return Store(folder: nil) { storage }
        case .sqliteFile:
            let folder = try TemporaryFolder()
            let path = folder.file("tasks.sqlite")
            return Store(folder: folder) { try SQLiteStorage(path: path) }
        case .postgres:
            let server = try PostgresTestServer.shared()
            let url = server.url(database: try server.makeDatabase())
            return Store(folder: nil) { try PostgresStorage(url) }
        }
    }

    /// One list of a backend: `open()` connects to it (again).
    struct Store {
        /// Keeps a temporary folder alive as long as the store.
        let folder: TemporaryFolder?
        let open: () throws -> any TaskStorage
    }
}

extension TaskItem {
    var favorited: TaskItem {
        var copy = self
        copy.isFavorite.toggle()
        return copy
    }
}
