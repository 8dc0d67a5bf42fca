import Foundation
internal import GRDB
import TaskSystem

/// The pairing file beside a list (`tasks.sqlite.caldav`): an SQLite database, readable by its
/// owner only, holding the pairing (one row), what the last sync agreed on of each task (a row
/// each) and that task's iCalendar text then (its base, a row of a table of their own), and what
/// a sync cut short was sending of a task (`SyncState.InFlight`): a new task marked in its row
/// (`sending`: 1, or 2 for one put back after the server removed it, its text in `pending`), the
/// text of a change or NULL for a removal in a row of `pending`, a table made as first needed
/// (files of the version before it have none). A sync reads every task's row, reads a base only
/// for a task that changed, and writes only the rows that changed: the file was one JSON document,
/// decoded whole by every sync and written whole by each one that changed a task
/// (docs/benchmarks.md). A JSON file an earlier version wrote is read, and replaced by the next sync.
///
/// Texts are stored as blobs: GRDB binds a `String` as a C string, which a server's NUL would cut.
/// Values are read with GRDB's throwing `decode`: a file whose rows are not of this schema is
/// refused (`unreadablePairingFile`), where a subscript would stop the program.
final class PairingFile {
    private let database: DatabaseQueue
    let path: String

    /// The SQLite file at `path`, opened; nil when the file there is not one (none, or JSON).
    static func open(_ path: String) throws(SyncError) -> PairingFile? {
        guard try isSQLite(path) else { return nil }
        return try PairingFile(path)
    }

    private init(_ path: String) throws(SyncError) {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "tasks pairing"
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw Self.failure(path, error)
        }
    }

    /// Whether the file at `path` is an SQLite database (its header); false when there is none.
    private static func isSQLite(_ path: String) throws(SyncError) -> Bool {
        guard let header = Posix.firstBytes(ofFile: path, count: 16) else {
            if Posix.lastErrorWasMissingFile { return false }
            throw .pairingFile(path: path, reason: Posix.lastErrorDescription())
        }
        return header == Array("SQLite format 3\0".utf8)
    }

    // MARK: Reading

    /// The state kept, each item without its base (`SyncState.Item.base` nil: `base(of:)` reads it).
    func load() throws(SyncError) -> SyncState {
        var state = try loadPairing()
        try loadItems(into: &state)
        return state
    }

    /// The state kept without its items: the pairing's own row (a sync asks the server what
    /// changed with it, and reads the tasks' rows while the server answers). Call it, and
    /// `loadItems(into:)` after it, holding the pairing's lock, which every writer of the file holds.
    func loadPairing() throws(SyncError) -> SyncState {
        do {
            return try database.read { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM pairing") else {
                    throw SyncError.unreadablePairingFile(path: path)
                }
                var state = SyncState(pairing: try JSONDecoder().decode(Pairing.self, from: try row.decode(forColumn: "pairing")))
                state.syncToken = try (row.decode(Data?.self, forColumn: "syncToken")).map(Self.text)
                state.writtenSinceToken = try row.decode(Data?.self, forColumn: "putSinceToken")
                    .map { try JSONDecoder().decode([String].self, from: $0) }
                state.lastSync = try row.decode(Double?.self, forColumn: "lastSync").map(Date.init(timeIntervalSince1970:))
                state.leftAlone = try row.decode(forColumn: "leftAlone")
                return state
            }
        } catch {
            throw Self.failure(path, error)
        }
    }

    /// Reads the items kept into `state`, each without its base.
    func loadItems(into state: inout SyncState) throws(SyncError) {
        do {
            state.items = try database.read { db in
                var items: [String: SyncState.Item] = [:]
                items.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0)
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT id, href, etag, fingerprint, sortValue, unreadableThere, sending FROM item
                    """)
                while let item = try rows.next() {
                    items[try item.decode(atIndex: 0)] = SyncState.Item(
                        href: Self.text(try item.decode(atIndex: 1)), etag: try item.decode(Data?.self, atIndex: 2).map(Self.text),
                        base: nil, fingerprint: try item.decode(Int64?.self, atIndex: 3).map(UInt64.init(bitPattern:)),
                        sortValue: try item.decode(atIndex: 4),
                        unreadableThere: try item.decode(Bool?.self, atIndex: 5) == true ? true : nil,
                        inFlight: Self.sending(try item.decode(Int64?.self, atIndex: 6)))
                }
                if try db.tableExists("pending") {
                    let pending = try Row.fetchCursor(db, sql: "SELECT id, text FROM pending")
                    while let row = try pending.next() {
                        let key: String = try row.decode(atIndex: 0)
                        let text = try row.decode(Data?.self, atIndex: 1).map(Self.text)
                        if case .puttingBack? = items[key]?.inFlight {
                            items[key]?.inFlight = .puttingBack(text ?? "")
                        } else {
                            items[key]?.inFlight = text.map { .changing($0) } ?? .removing
                        }
                    }
                }
                return items
            }
        } catch {
            throw Self.failure(path, error)
        }
    }

    /// What `sync --status` says, without reading the tasks' rows.
    func summary() throws(SyncError) -> SyncState.Summary {
        do {
            return try database.read { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT pairing, lastSync, leftAlone FROM pairing") else {
                    throw SyncError.unreadablePairingFile(path: path)
                }
                // A new task a cut sync was sending is not known to be there yet.
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE sending IS NULL") ?? 0
                return SyncState.Summary(pairing: try JSONDecoder().decode(Pairing.self, from: try row.decode(forColumn: "pairing")),
                                         lastSync: try row.decode(Double?.self, atIndex: 1).map(Date.init(timeIntervalSince1970:)),
                                         itemCount: count, leftAlone: try row.decode(atIndex: 2))
            }
        } catch {
            throw Self.failure(path, error)
        }
    }

    /// The base of the task whose identity is `key` (lower case); nil when none is kept.
    func base(of key: String) throws(SyncError) -> String? {
        do {
            return try database.read { db in
                try Row.fetchOne(db, sql: "SELECT text FROM base WHERE id = ?", arguments: [key])
                    .map { try Self.text($0.decode(atIndex: 0)) }
            }
        } catch {
            throw Self.failure(path, error)
        }
    }

    // MARK: Writing

    /// Writes `state` to the file, in one transaction: the pairing's row, and the rows of the items
    /// that differ from `before` (every item, without `before`), a base only when the item holds
    /// one; the rows of items `state` no longer has go.
    func write(_ state: SyncState, since before: SyncState?) throws(SyncError) {
        do {
            try database.write { db in
                let changed = state.items.compactMap { key, item in before?.items[key] == item ? nil : key }
                let gone = try before.map { before in before.items.keys.filter { state.items[$0] == nil } }
                    ?? String.fetchAll(db, sql: "SELECT id FROM item").filter { state.items[$0] == nil }
                try Self.write(state, keys: changed + gone, db)
            }
        } catch {
            throw Self.failure(path, error)
        }
    }

    /// Writes the pairing's row of `state` and the rows of the items of `keys`, in one transaction
    /// (an item's base only when it holds one); those `state` does not have go.
    func write(_ state: SyncState, keys: [String]) throws(SyncError) {
        do {
            try database.write { db in try Self.write(state, keys: keys, db) }
        } catch {
            throw Self.failure(path, error)
        }
    }

    private static func write(_ state: SyncState, keys: [String], _ db: Database) throws {
        try writePairing(state, db)
        try db.execute(sql: pendingSchema)
        // Rows to remove only when there are any: a first sync writes every task's row.
        let hadPending = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM pending)") ?? false
        let updatePending = try db.makeStatement(sql: "INSERT OR REPLACE INTO pending (id, text) VALUES (?, ?)")
        let removePending = try db.makeStatement(sql: "DELETE FROM pending WHERE id = ?")
        let update = try db.makeStatement(sql: """
            INSERT OR REPLACE INTO item (id, href, etag, fingerprint, sortValue, unreadableThere, sending)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let updateBase = try db.makeStatement(sql: "INSERT OR REPLACE INTO base (id, text) VALUES (?, ?)")
        let remove = try db.makeStatement(sql: "DELETE FROM item WHERE id = ?")
        let removeBase = try db.makeStatement(sql: "DELETE FROM base WHERE id = ?")
        for key in keys {
            switch state.items[key]?.inFlight {
            case let .changing(text)?, let .puttingBack(text)?: try updatePending.execute(arguments: [key, Data(text.utf8)])
            case .removing?: try updatePending.execute(arguments: [key, nil as Data?])
            case .adding?, nil: if hadPending { try removePending.execute(arguments: [key]) }
            }
            guard let item = state.items[key] else {
                try remove.execute(arguments: [key])
                try removeBase.execute(arguments: [key])
                continue
            }
            try update.execute(arguments: [key, Data(item.href.utf8), item.etag.map { Data($0.utf8) },
                                           item.fingerprint.map(Int64.init(bitPattern:)), item.sortValue,
                                           item.unreadableThere, Self.sending(item.inFlight)])
            if let base = item.base { try updateBase.execute(arguments: [key, Data(base.utf8)]) }
        }
    }

    /// Writes `state` as a new file at `path`, whole, in place of any there (a JSON file of an
    /// earlier version): a new file, mode 0600, renamed over it once written. An item without its
    /// base (read from a file since replaced) keeps none. Call it holding `Posix.withLock(path:)`.
    static func create(_ state: SyncState, at path: String) throws(SyncError) {
        let temporary = path + ".new"
        _ = Posix.removeFile(temporary)
        guard Posix.replaceFile(temporary, with: []) else {
            throw .pairingFile(path: path, reason: Posix.lastErrorDescription())
        }
        do throws(SyncError) {
            let file = try PairingFile(temporary)
            do {
                try file.database.write { db in try db.execute(sql: schema) }
            } catch {
                throw failure(path, error)
            }
            try file.write(state, since: nil)
            try? file.database.close()
        } catch {
            _ = Posix.removeFile(temporary)
            throw error
        }
        guard Posix.renameFile(temporary, to: path) else {
            _ = Posix.removeFile(temporary)
            throw .pairingFile(path: path, reason: Posix.lastErrorDescription())
        }
    }

    private static let schema = """
        CREATE TABLE pairing (
            only INTEGER PRIMARY KEY CHECK (only = 1),
            pairing BLOB NOT NULL,
            syncToken BLOB,
            putSinceToken BLOB,
            lastSync REAL,
            leftAlone INTEGER
        );
        CREATE TABLE item (
            id TEXT PRIMARY KEY NOT NULL,
            href BLOB NOT NULL,
            etag BLOB,
            fingerprint INTEGER,
            sortValue INTEGER,
            unreadableThere INTEGER,
            sending INTEGER
        ) WITHOUT ROWID;
        CREATE TABLE base (
            id TEXT PRIMARY KEY NOT NULL,
            text BLOB NOT NULL
        );
        """ + pendingSchema

    private static let pendingSchema = """
        CREATE TABLE IF NOT EXISTS pending (
            id TEXT PRIMARY KEY NOT NULL,
            text BLOB
        );
        """

    private static func writePairing(_ state: SyncState, _ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO pairing (only, pairing, syncToken, putSinceToken, lastSync, leftAlone)
            VALUES (1, ?, ?, ?, ?, ?)
            """, arguments: [try JSONEncoder().encode(state.pairing), state.syncToken.map { Data($0.utf8) },
                             try state.writtenSinceToken.map { try JSONEncoder().encode($0) },
                             state.lastSync?.timeIntervalSince1970, state.leftAlone])
    }

    private static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    /// The `sending` column of a task sent as new, and back: 1 (what earlier versions wrote,
    /// `true`) for `adding`, 2 for `puttingBack` (an earlier version reads it as 1); the text put
    /// back is in `pending`, and read after.
    private static func sending(_ inFlight: SyncState.InFlight?) -> Int64? {
        switch inFlight {
        case .adding?: 1
        case .puttingBack?: 2
        case .changing?, .removing?, nil: nil
        }
    }

    private static func sending(_ value: Int64?) -> SyncState.InFlight? {
        switch value {
        case nil, 0?: nil
        case 2?: .puttingBack("")
        default: .adding
        }
    }

    /// `error` as the pairing file's: one that is not a pairing, or SQLite's words.
    private static func failure(_ path: String, _ error: any Error) -> SyncError {
        if let error = error as? SyncError { return error }
        if let error = error as? DatabaseError {
            if [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_ERROR].contains(error.resultCode) { return .unreadablePairingFile(path: path) }
            return .pairingFile(path: path, reason: error.message ?? "\(error.resultCode)")
        }
        return .unreadablePairingFile(path: path)
    }
}
