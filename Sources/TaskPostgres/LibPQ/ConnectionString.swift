import CLibPQ

/// A libpq connection string as the user gave it (`--db`, `TASKS_DB`): a URI
/// (`postgresql://alice@db.example/tasks`, `postgres://…`) or `key=value` pairs
/// (`host=/run/postgresql dbname=tasks`).
struct ConnectionString: Sendable, Hashable {
    /// What a `--db` value is.
    enum Reading: Equatable {
        /// A file's path: nothing in it reads as a connection string.
        case path
        /// A connection string (whether the server takes it is for connecting to say).
        case connectionString(ConnectionString)
        /// Written as a connection string but not a valid one: `shown` is the value without its
        /// password, `scheme` the scheme it names when that is not PostgreSQL's (`postgressql://`,
        /// `postgresql:/`), else `reason` is libpq's, without the password.
        case invalid(shown: String, scheme: String?, reason: String?)
    }

    /// The string as given, password included.
    let text: String

    /// The string as it is, to hand to libpq whatever it holds (libpq says what is wrong with it).
    init(unchecked text: String) {
        self.text = text
    }

    /// What `text` is. Every `tasks` start asks this of its store's path, so a path is told apart on
    /// its first bytes (no Foundation, whose first use of character sets costs a one-shot command
    /// over a megabyte of memory), and libpq is asked only about a string that starts `word=`.
    ///
    /// A value that looks like a connection string but is none is `invalid` rather than a path, so
    /// that a mistyped address (with its password) never becomes a folder in the current one:
    /// `word://…` and `word:/…` with a scheme other than `postgresql://` or `postgres://`, and
    /// `key=value` pairs that libpq refuses when one of their keys is libpq's or there are several
    /// (`host=db passwd=x`, `dbname='team`). A single pair of an unknown key (`notes=old.sqlite`)
    /// stays a file name.
    static func read(_ text: String) -> Reading {
        let bytes = Array(text.utf8)
        if Self.isURI(bytes) { return .connectionString(ConnectionString(unchecked: text)) }
        if let scheme = Self.scheme(bytes) ?? Self.postgresPrefix(bytes) {
            return .invalid(shown: Secrets(text).withoutPassword, scheme: scheme, reason: nil)
        }
        let keys = Self.keys(bytes)
        guard !keys.isEmpty else { return .path }
        let parsed = Self.libpqParse(text)
        if parsed.accepted { return .connectionString(ConnectionString(unchecked: text)) }
        guard keys.count > 1 || keys.contains(where: Self.isLibpqKeyword) || !Self.namesAFile(bytes) else { return .path }
        let secrets = Secrets(text, unknownKeys: true)
        return .invalid(shown: secrets.withoutPassword, scheme: nil, reason: secrets.scrubbed(parsed.reason))
    }

    /// The string to show the user: the same, without a password (the URI's `:secret@`, any
    /// `password` parameter or pair), so that it can appear in messages and logs.
    var withoutPassword: String {
        Secrets(text).withoutPassword
    }

    /// `message` (libpq's, which may quote the string) without the password.
    func scrubbed(_ message: String) -> String {
        Secrets(text).scrubbed(message)
    }

    /// Whether `bytes` start as libpq's URIs do (libpq allows nothing before the scheme).
    private static func isURI(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: "postgresql://".utf8) || bytes.starts(with: "postgres://".utf8)
    }

    /// The scheme of a value written as an address, `word:/…` (one slash or more), with the slashes
    /// (`postgressql://`, `postgresql:/`); nil for anything else.
    private static func scheme(_ bytes: [UInt8]) -> String? {
        guard let first = bytes.first, isLetter(first) else { return nil }
        var index = 1
        while index < bytes.count, isLetter(bytes[index]) || isDigit(bytes[index])
                || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".") {
            index += 1
        }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/") else {
            return nil
        }
        var end = index + 1
        while end < bytes.count, bytes[end] == UInt8(ascii: "/") { end += 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// `postgresql:` or `postgres:` in any case, or either followed by `//` without the colon
    /// (`postgresql:alice@db`, `postgresql//alice@db`): PostgreSQL's address mistyped, never a file.
    private static func postgresPrefix(_ bytes: [UInt8]) -> String? {
        for name in ["postgresql", "postgres"] {
            guard bytes.count > name.utf8.count,
                  zip(bytes, name.utf8).allSatisfy({ $0 | 0x20 == $1 }) else { continue }
            let rest = bytes[name.utf8.count...]
            if rest.starts(with: ":".utf8) { return name + ":" }
            if rest.starts(with: "//".utf8) { return name + "//" }
        }
        return nil
    }

    /// Whether one `key=value` pair of a key libpq does not know reads as a file's name rather than a
    /// mistyped connection string (`notes=old.sqlite`, `backups/a=b`, against `passwd=S3cret`):
    /// it holds a folder or ends as a store's file does.
    private static func namesAFile(_ bytes: [UInt8]) -> Bool {
        let lowercased = String(decoding: bytes.map { $0 | ((0x41...0x5A).contains($0) ? 0x20 : 0) }, as: UTF8.self)
        return bytes.contains(UInt8(ascii: "/")) || [".sqlite", ".sqlite3", ".db"].contains { lowercased.hasSuffix($0) }
    }

    /// The keys of a value that starts as `key=value` pairs (a word, spaces allowed before and
    /// after it, then `=`): each word so placed, as libpq would read it; none when it does not so start.
    private static func keys(_ bytes: [UInt8]) -> [String] {
        var keys: [String] = []
        for pair in Pairs(bytes) {
            guard let key = pair.key else { break }
            keys.append(String(decoding: bytes[key], as: UTF8.self))
        }
        return keys
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether libpq parses `text` as a connection string (every keyword known, every value well
    /// quoted), and its reason when it does not.
    private static func libpqParse(_ text: String) -> (accepted: Bool, reason: String) {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &error) else {
            let reason = error.map { PostgresError.oneLine(String(cString: $0)) } ?? "not a connection string"
            if let error { PQfreemem(error) }
            return (false, reason)
        }
        PQconninfoFree(options)
        return (true, "")
    }

    /// Whether `key` is one of libpq's connection keywords (`host`, `dbname`, `password`, …).
    static func isLibpqKeyword(_ key: String) -> Bool {
        guard let defaults = PQconndefaults() else { return false }
        defer { PQconninfoFree(defaults) }
        var option = defaults
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == key { return true }
            option += 1
        }
        return false
    }
}
