import CLibPQ
import Foundation

/// A libpq connection string as the user gave it (`--db`, `TASKS_DB`): a URI
/// (`postgresql://alice@db.example/tasks`, `postgres://…`) or `key=value` pairs
/// (`host=/run/postgresql dbname=tasks`).
struct ConnectionString: Sendable, Hashable {
    /// The string as given, password included.
    let text: String

    /// The string, when it names a PostgreSQL database: it starts with `postgresql://` or
    /// `postgres://`, or libpq reads it as `key=value` pairs of its own keywords (a file name such as
    /// `notes=old.sqlite` is no such string: `notes` is not a keyword).
    ///
    /// Every `tasks` start asks this of its store's path, so it looks at bytes (no Foundation, whose
    /// first use of character sets costs a one-shot command over a megabyte of memory) and asks libpq
    /// only about a string that starts with a letter after spaces and holds an `=`.
    init?(_ text: String) {
        if Self.isURI(text) {
            self.text = text
            return
        }
        let bytes = text.utf8.drop { $0 == UInt8(ascii: " ") }
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
              bytes.contains(UInt8(ascii: "=")), Self.libpqAccepts(text) else { return nil }
        self.text = text
    }

    /// The string as it is, to hand to libpq whatever it holds (libpq says what is wrong with it).
    init(unchecked text: String) {
        self.text = text
    }

    /// Whether `text` starts as libpq's URIs do (libpq allows nothing before the scheme).
    private static func isURI(_ text: String) -> Bool {
        ["postgresql://", "postgres://"].contains { text.utf8.starts(with: $0.utf8) }
    }

    /// Whether libpq parses `text` as a connection string (every keyword known, every value well quoted).
    private static func libpqAccepts(_ text: String) -> Bool {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &error) else {
            if let error { PQfreemem(error) }
            return false
        }
        PQconninfoFree(options)
        return true
    }

    /// The string to show the user: the same, without a password (the URI's `:secret@` and any
    /// `password` parameter or pair), so that it can appear in messages and logs.
    var withoutPassword: String {
        Self.isURI(text) ? Self.uriWithoutPassword(text) : Self.pairsWithoutPassword(text)
    }

    private static func uriWithoutPassword(_ uri: String) -> String {
        guard let scheme = uri.range(of: "://") else { return uri }
        let rest = uri[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            authority.removeSubrange(colon..<at)
        }
        var tail = String(rest[authorityEnd...])
        if let question = tail.firstIndex(of: "?") {
            let parameters = tail[tail.index(after: question)...].split(separator: "&")
                .filter { !$0.lowercased().hasPrefix("password=") }
            tail = String(tail[..<question]) + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        }
        return String(uri[..<scheme.upperBound]) + authority + tail
    }

    /// The pairs again, as libpq read them, without `password` (values quoted where they need it).
    private static func pairsWithoutPassword(_ text: String) -> String {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &error) else {
            if let error { PQfreemem(error) }
            return text
        }
        defer { PQconninfoFree(options) }
        var pairs: [String] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val, String(cString: keyword) != "password" {
                pairs.append(String(cString: keyword) + "=" + quoted(String(cString: value)))
            }
            option += 1
        }
        return pairs.joined(separator: " ")
    }

    /// A value as libpq reads it back: bare when it has no space, quote or backslash.
    private static func quoted(_ value: String) -> String {
        guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "'" || $0 == "\\" }) else { return value }
        return "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
