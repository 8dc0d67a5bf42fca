/// `sync` as typed: sync a paired list, pair with a task list (and sync), say what is paired, or
/// unpair.
enum SyncCommand: Sendable, Hashable {
    case run
    case pair(address: String, passwordCommand: String?, allowsPlainHTTP: Bool)
    case status
    case unpair

    /// Why a `sync` line is refused before anything is asked of a server.
    enum Refusal: Error, Hashable {
        /// A script runs in one transaction of the list, which a sync cannot wait on.
        case inScript
        /// A program that does not sync (a benchmark) ran it.
        case unavailable
    }

    /// `rest`, the words after `sync`: `--status`, `--unpair`, or an address with options;
    /// `--password-command` takes the rest of the line (quotes around all of it taken off).
    static func parse(_ rest: String) throws(ParseError) -> SyncCommand {
        var words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        var address: String?
        var command: String?
        var plainHTTP = false
        var flag: SyncCommand?
        while let word = words.popFirst() {
            switch word {
            case "--status", "--unpair":
                // `--status` and `--unpair` stand alone: the word after one, or the one itself after others, is out of place.
                if let next = words.first, flag == nil, address == nil, !plainHTTP { throw .syncArguments(String(next)) }
                guard flag == nil, address == nil, !plainHTTP, words.isEmpty else { throw .syncArguments(String(word)) }
                flag = word == "--status" ? .status : .unpair
            case "--allow-plain-http":
                plainHTTP = true
            case "--password-command":
                guard let start = word.endIndex < rest.endIndex ? rest[word.endIndex...].firstIndex(where: { $0 != " " && $0 != "\t" }) : nil
                else { throw .syncArguments(String(word)) }
                var line = rest[start...]
                // Quotes around all of it, none inside: quotes that open the first word and close
                // the last are the shell's (`'~/my dir/pw' 'My CalDAV'`), and taken off, broke it
                // (found by an independent tester).
                if line.count >= 2, let quote = line.first, quote == "'" || quote == "\"", line.last == quote,
                   !line.dropFirst().dropLast().contains(quote) {
                    line = line.dropFirst().dropLast()
                }
                command = String(line)
                words = []
            default:
                guard !word.hasPrefix("-"), address == nil else { throw .syncArguments(String(word)) }
                address = String(word)
            }
        }
        if let flag {
            guard address == nil, command == nil, !plainHTTP else { throw .syncArguments(flag == .status ? "--status" : "--unpair") }
            return flag
        }
        guard let address else {
            if command != nil { throw .syncOptionWithoutAddress("--password-command") }
            if plainHTTP { throw .syncOptionWithoutAddress("--allow-plain-http") }
            return .run
        }
        return .pair(address: address, passwordCommand: command, allowsPlainHTTP: plainHTTP)
    }
}

extension SyncCommand.Refusal {
    var message: String {
        switch self {
        case .inScript: "sync does not run inside a script: run `tasks sync` on its own"
        case .unavailable: "sync is not available here"
        }
    }
}
