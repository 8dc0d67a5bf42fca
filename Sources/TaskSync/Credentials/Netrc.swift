/// `~/.netrc`, as curl, ftp and many tools read it: `machine HOST login USER password SECRET`
/// entries (and one `default`), tokens separated by any white space, `macdef` bodies skipped up
/// to an empty line, a token in double quotes may hold spaces.
struct Netrc {
    struct Entry: Equatable {
        var login: String?
        var password: String?
    }

    private var machines: [(host: String, entry: Entry)] = []
    private var fallback: Entry?

    init(_ text: String) {
        var tokens = Self.tokens(text)[...]
        var current: (host: String?, entry: Entry)?
        func finish() {
            guard let done = current else { return }
            if let host = done.host { machines.append((host, done.entry)) } else if fallback == nil { fallback = done.entry }
            current = nil
        }
        while let token = tokens.popFirst() {
            switch token {
            case "machine":
                finish()
                current = (tokens.popFirst() ?? "", Entry())
            case "default":
                finish()
                current = (nil, Entry())
            case "login": current?.entry.login = tokens.popFirst()
            case "password": current?.entry.password = tokens.popFirst()
            case "account": _ = tokens.popFirst()
            default: break
            }
        }
        finish()
    }

    /// The entry for `host` (the first whose login is `login`, when one is asked for), else `default`'s.
    func entry(host: String, login: String?) -> Entry? {
        let matching = machines.filter { $0.host.caseInsensitiveCompare(host) == .orderedSame }
        if let login {
            if let entry = matching.first(where: { $0.entry.login == login || $0.entry.login == nil })?.entry { return entry }
            return fallback.flatMap { $0.login == nil || $0.login == login ? $0 : nil }
        }
        return matching.first?.entry ?? fallback
    }

    /// The file's tokens, `macdef` definitions left out.
    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            var rest = Substring(line)
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
                guard let first = rest.first else { break }
                var token = ""
                if first == "\"" {
                    rest = rest.dropFirst()
                    while let character = rest.popFirst(), character != "\"" {
                        if character == "\\", let next = rest.popFirst() { token.append(next) } else { token.append(character) }
                    }
                } else {
                    token = String(rest.prefix { $0 != " " && $0 != "\t" && $0 != "\r" })
                    rest = rest.dropFirst(token.count)
                }
                if token == "macdef" {
                    // A macro's body runs to the next empty line.
                    while let body = lines.popFirst(), !body.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {}
                    break
                }
                tokens.append(token)
            }
        }
        return tokens
    }
}

extension Substring {
    fileprivate mutating func popFirst() -> Character? {
        guard let first else { return nil }
        self = dropFirst()
        return first
    }
}
