import Testing
@testable import TaskPresenter

@Suite("Parsing `sync`")
struct SyncCommandParserTests: ParsingLines {
    @Test("sync alone syncs; --status and --unpair say and forget")
    func plainForms() throws {
        #expect(try parse("sync") == .sync(.run))
        #expect(try parse("sync --status") == .sync(.status))
        #expect(try parse("  sync   --unpair ") == .sync(.unpair))
    }

    @Test("an address pairs, with its options in any order")
    func pairing() throws {
        #expect(try parse("sync https://alice@dav.example.com/") ==
            .sync(.pair(address: "https://alice@dav.example.com/", passwordCommand: nil, allowsPlainHTTP: false)))
        #expect(try parse("sync --allow-plain-http http://nas.local/dav/") ==
            .sync(.pair(address: "http://nas.local/dav/", passwordCommand: nil, allowsPlainHTTP: true)))
    }

    @Test("the password command is the rest of the line, one pair of quotes taken off")
    func passwordCommand() throws {
        #expect(try parse("sync https://h/ --password-command pass show caldav") ==
            .sync(.pair(address: "https://h/", passwordCommand: "pass show caldav", allowsPlainHTTP: false)))
        #expect(try parse("sync https://h/ --password-command 'pass show \"my dav\"'") ==
            .sync(.pair(address: "https://h/", passwordCommand: "pass show \"my dav\"", allowsPlainHTTP: false)))
        #expect(try parse("sync --allow-plain-http http://h/ --password-command  cat ~/.dav") ==
            .sync(.pair(address: "http://h/", passwordCommand: "cat ~/.dav", allowsPlainHTTP: true)))
    }

    @Test("words out of place are named", arguments: [
        ("sync --status https://h/", "https://h/"),
        ("sync https://h/ --status", "--status"),
        ("sync --unpair --status", "--status"),
        ("sync https://a/ https://b/", "https://b/"),
        ("sync --password", "--password"),
        ("sync https://h/ --password-command", "--password-command"),
        ("sync --password-command pass", "an address"),
        ("sync --allow-plain-http", "an address"),
    ])
    func misplaced(line: String, word: String) {
        #expect(error(line) == "`sync` cannot take `\(word)` here: sync URL [--allow-plain-http] "
            + "[--password-command COMMAND], sync, sync --status or sync --unpair")
    }

    @Test("a password typed in an address is not shown in the error")
    func passwordNotEchoed() {
        let failure = CommandFailure(line: "sync https://alice:s3cret@dav.example.com/", reason: "refused")
        #expect(failure.description == "sync https://alice:…@dav.example.com/: refused")
    }
}
