import Foundation

/// A failure reported by libpq or the server: what `PostgresConnection` throws.
struct PostgresError: Error, Equatable, CustomStringConvertible {
    /// The server's SQLSTATE (`42501`, `55P03`), when it reported one.
    var sqlState: String?
    /// The message on one line: libpq's lines joined, severity labels (`FATAL:`) left out.
    var message: String
    /// Whether the connection is gone (the server closed it, stopped, or was never reached).
    var connectionLost: Bool

    var description: String { message }

    /// libpq's message (several lines: `…failed: FATAL:  …`, `DETAIL:  …`, a tab before a hint) on
    /// one line without the severity labels, each part after the first starting in lower case, the
    /// parts joined by `; `.
    static func oneLine(_ text: String) -> String {
        let labels = ["FATAL:  ", "ERROR:  ", "DETAIL:  ", "HINT:  ", "PANIC:  "]
        var parts: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var part = String(line)
            for label in labels { part = part.replacingOccurrences(of: label, with: "") }
            part = part.trimmingCharacters(in: .whitespaces)
            guard !part.isEmpty else { continue }
            if !parts.isEmpty, let first = part.first, first.isUppercase,
               part.dropFirst().first.map({ !$0.isUppercase }) ?? true {
                part = first.lowercased() + part.dropFirst()
            }
            parts.append(part)
        }
        return parts.joined(separator: "; ")
    }
}

/// SQLSTATE codes the backend acts on (PostgreSQL's appendix A).
enum SQLState {
    static let insufficientPrivilege = "42501"
    static let undefinedTable = "42P01"
    static let undefinedColumn = "42703"
    static let invalidSchemaName = "3F000"
    static let lockNotAvailable = "55P03"
    static let readOnlyTransaction = "25006"
    static let adminShutdown = "57P01"
    static let crashShutdown = "57P02"
    static let cannotConnectNow = "57P03"
    static let queryCanceled = "57014"
    static let serializationFailure = "40001"
    static let deadlockDetected = "40P01"
}
