import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq. With `PostgresResult` and
/// `ConnectionString`, the only place that calls libpq: raw pointers stay inside.
///
/// A statement runs unnamed the first time it is seen (one round trip, as a one-shot command
/// wants) and is prepared on the server the second time, for the rest of the connection (as a
/// script of many lines wants). Parameters and results travel in binary format.
final class PostgresConnection {
    private let connection: OpaquePointer
    /// What `cancel()` sends the server, made when connecting (libpq's cancel object may be used
    /// from another thread).
    private let canceller: OpaquePointer?
    /// Asked before each statement: when it says stop, the statement fails as the server fails a
    /// cancelled one, so that a change of many statements stops between two of them too.
    var stopRequested: () -> Bool = { false }
    /// Statements run once, not prepared yet.
    private var seen: Set<String> = []
    /// Statements prepared on the server, by their text.
    private var prepared: [String: String] = [:]
    /// The channels this session listens on (`listen(to:)`).
    private(set) var channels: Set<String> = []
    /// Why the server is closing the connection, when it said so between two statements.
    private let closing: ClosingNotice

    /// Connects with a libpq connection string (`postgresql://…` or `key=value …`); libpq adds
    /// what it leaves out from the `PG…` environment variables, `~/.pgpass` and its defaults.
    /// `defaults` are used only where neither gives a value.
    init(_ connectionString: String, defaults: [(key: String, value: String)] = []) throws(PostgresError) {
        let keywords = defaults.map(\.key) + ["dbname"]
        let values = defaults.map(\.value) + [connectionString]
        let made = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let made else {
            throw PostgresError(sqlState: nil, message: "out of memory", connectionLost: true)
        }
        guard PQstatus(made) == CONNECTION_OK else {
            let message = PostgresError.oneLine(String(cString: PQerrorMessage(made)))
            PQfinish(made)
            throw PostgresError(sqlState: nil, message: message, connectionLost: true)
        }
        // The server's notices (`… does not exist, skipping`) are not the user's business: libpq
        // would print them on standard error. Only a fatal one is kept: between two statements, it is
        // the server saying why it closes the connection (`terminating connection due to …`).
        let closing = ClosingNotice()
        PQsetNoticeReceiver(made, { context, notice in
            guard let context, let notice else { return }
            Unmanaged<ClosingNotice>.fromOpaque(context).takeUnretainedValue().record(notice)
        }, Unmanaged.passUnretained(closing).toOpaque())
        self.closing = closing
        connection = made
        canceller = PQgetCancel(made)
    }

    deinit {
        if let canceller { PQfreeCancel(canceller) }
        PQfinish(connection)
    }

    /// Asks the server to cancel the statement running now, from any thread; the statement then
    /// fails with `query_canceled`. Does nothing when none runs.
    func cancel() {
        guard let canceller else { return }
        var reason = [CChar](repeating: 0, count: 256)
        _ = PQcancel(canceller, &reason, Int32(reason.count))
    }

    /// Throws the error of a cancelled statement when `stopRequested` says so.
    private func checkStop() throws(PostgresError) {
        if stopRequested() {
            throw PostgresError(sqlState: SQLState.queryCanceled, message: "canceled", connectionLost: false)
        }
    }

    /// Whether the connection is still usable (false once the server closed it).
    var isOpen: Bool { PQstatus(connection) == CONNECTION_OK }

    /// The socket to the server, for waiting (`poll`) until the server sends something unasked: a
    /// notification, or the end of the connection. Nil when there is none.
    var socket: Int32? {
        let socket = PQsocket(connection)
        return socket >= 0 ? socket : nil
    }

    /// Listens on `channel` (`LISTEN`): other sessions' `NOTIFY`s on it come to this one.
    func listen(to channel: String) throws(PostgresError) {
        try run("LISTEN \(channel)")
        channels.insert(channel)
    }

    /// Reads what the server sent, without waiting, and returns the channels that other sessions
    /// notified on since the last call, those that came while statements ran included (libpq keeps
    /// them); this session's own notifications are left out. Throws, the connection lost, when the
    /// server closed it or said it is closing it.
    func takeNotifications() throws(PostgresError) -> Set<String> {
        guard PQconsumeInput(connection) == 1 else {
            var error = closing.error ?? failure(nil)
            error.connectionLost = true // nothing more can be read
            throw error
        }
        var notified: Set<String> = []
        let ownProcess = PQbackendPID(connection)
        while let notification = PQnotifies(connection) {
            if notification.pointee.be_pid != ownProcess { notified.insert(String(cString: notification.pointee.relname)) }
            PQfreemem(notification)
        }
        if let error = closing.error { throw error }
        return notified
    }

    /// Whether the connection is open as far as the server's last words say: reads what it sent,
    /// without waiting (a notification among it is kept for `takeNotifications`). False once the
    /// server closed it, or said it is closing it, while nothing was asked (a restart).
    var isAlive: Bool {
        // `PQisBusy` parses what was read: the server's last words reach the notice receiver (`closing`).
        PQconsumeInput(connection) == 1 && PQisBusy(connection) == 0 && closing.error == nil && isOpen
    }

    /// Whether a transaction is open (or failed and not yet rolled back).
    var isInTransaction: Bool {
        let status = PQtransactionStatus(connection)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// `identifier` quoted by libpq as the server's encoding wants (`"bob"`, `"o""brien"`), for the
    /// statements that cannot take a name as a parameter (`GRANT … TO role`). A NUL ends it: the
    /// caller refuses such a name first.
    func quotedIdentifier(_ identifier: String) throws(PostgresError) -> String {
        let length = identifier.utf8.count
        guard let quoted = PQescapeIdentifier(connection, identifier, length) else {
            let message = PostgresError.oneLine(String(cString: PQerrorMessage(connection)))
            throw PostgresError(sqlState: nil, message: message, connectionLost: !isOpen)
        }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }

    /// Runs `sql`, one or several statements without parameters (`BEGIN`, `COMMIT`, schema changes),
    /// in one round trip; returns the last one's rows, in text format.
    @discardableResult
    func run(_ sql: String) throws(PostgresError) -> PostgresResult {
        if sql != "ROLLBACK" { try checkStop() }
        return try check(PQexec(connection, sql))
    }

    /// Runs one statement with `parameters` (`$1`, `$2`, … in `sql`) and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: PostgresValue...) throws(PostgresError) -> PostgresResult {
        try query(sql, parameters)
    }

    /// Runs one statement with `parameters` and returns its rows.
    func query(_ sql: String, _ parameters: [PostgresValue]) throws(PostgresError) -> PostgresResult {
        try checkStop()
        let types = parameters.map(\.typeOID)
        if prepared[sql] == nil, seen.contains(sql) {
            let name = "tasks_\(prepared.count + 1)"
            _ = try check(PQprepare(connection, name, sql, Int32(types.count), types))
            prepared[sql] = name
        }
        let encoded = parameters.map(\.binary)
        let result = Self.withParameters(encoded) { values, lengths, formats in
            if let name = prepared[sql] {
                return PQexecPrepared(connection, name, Int32(encoded.count), values, lengths, formats, 1)
            }
            return PQexecParams(connection, sql, Int32(encoded.count), types, values, lengths, formats, 1)
        }
        seen.insert(sql)
        return try check(result)
    }

    /// The result, or the error it reports; a NULL result means the connection failed.
    private func check(_ result: OpaquePointer?) throws(PostgresError) -> PostgresResult {
        guard let result else { throw failure(nil) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let error = failure(result)
            PQclear(result)
            throw error
        }
        return PostgresResult(result)
    }

    private func failure(_ result: OpaquePointer?) -> PostgresError {
        func field(_ code: Character) -> String? {
            guard let result, let ascii = code.asciiValue, let value = PQresultErrorField(result, Int32(ascii)) else {
                return nil
            }
            return String(cString: value)
        }
        let sqlState = field("C")
        // Without the server's message, libpq's first line says what happened (the rest of a lost
        // connection's text guesses at why: "this probably means the server terminated abnormally").
        let message = field("M") ?? PostgresError.oneLine(String(cString: PQerrorMessage(connection)))
            .components(separatedBy: "; ").first ?? ""
        // Class 08 is a connection exception; 57P01–57P03, the server shutting down or starting. An
        // error of libpq's own (no SQLSTATE) is a lost connection when the connection reads as
        // closed: a statement sent to a server that stopped at once fails while libpq still holds
        // the connection open.
        let lost = !isOpen || sqlState.map { $0.hasPrefix("08") || $0.hasPrefix("57P") } ?? !isAlive
        return PostgresError(sqlState: sqlState, message: message.isEmpty ? "the connection failed" : message,
                             connectionLost: lost)
    }

    /// Calls `body` with C strings for `strings`, the array ended by NULL as libpq wants it.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// Calls `body` with libpq's three parameter arrays for `values` (nil is NULL), all in binary
    /// format. The values are copied into one buffer that outlives the call; an empty value still
    /// points into it (a NULL pointer would mean SQL NULL).
    private static func withParameters<T>(
        _ values: [[UInt8]?],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        var buffer: [UInt8] = []
        var offsets: [Int] = []
        for value in values {
            offsets.append(buffer.count)
            buffer += value ?? []
        }
        buffer.append(0)
        let lengths = values.map { Int32($0?.count ?? 0) }
        let formats = [Int32](repeating: 1, count: values.count)
        return buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!)
            let pointers: [UnsafePointer<CChar>?] = values.indices.map { index in
                values[index] == nil ? nil : (base + offsets[index]).assumingMemoryBound(to: CChar.self)
            }
            return pointers.withUnsafeBufferPointer { pointers in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(pointers.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }
}

/// Where libpq's notice receiver puts what a connection needs of the server's notices: the fatal
/// one the server sends as it closes the connection between two statements (a statement running
/// gets that error as its result instead).
private final class ClosingNotice {
    /// The server's reason, as a lost connection's error; nil while none came.
    private(set) var error: PostgresError?

    /// Keeps `notice` (a libpq result holding a notice) when it is fatal.
    func record(_ notice: OpaquePointer) {
        func field(_ code: Character) -> String? {
            guard let ascii = code.asciiValue, let value = PQresultErrorField(notice, Int32(ascii)) else { return nil }
            return String(cString: value)
        }
        guard let severity = field("V"), severity == "FATAL" || severity == "PANIC" else { return }
        error = PostgresError(sqlState: field("C"), message: field("M") ?? "the server closed the connection",
                              connectionLost: true)
    }
}
