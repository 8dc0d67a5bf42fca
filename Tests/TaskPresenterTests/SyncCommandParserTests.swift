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

    @Test("the password command is the rest of the line, one pair of quotes around all of it taken off")
    func passwordCommand() throws {
        #expect(try parse("sync https://h/ --password-command pass show caldav") ==
            .sync(.pair(address: "https://h/", passwordCommand: "pass show caldav", allowsPlainHTTP: false)))
        #expect(try parse("sync https://h/ --password-command 'pass show \"my dav\"'") ==
            .sync(.pair(address: "https://h/", passwordCommand: "pass show \"my dav\"", allowsPlainHTTP: false)))
        #expect(try parse("sync --allow-plain-http http://h/ --password-command  cat ~/.dav") ==
            .sync(.pair(address: "http://h/", passwordCommand: "cat ~/.dav", allowsPlainHTTP: true)))
        // Quotes that open the first word and close the last one are the shell's: kept. The
        // first's opening one and the last's closing one were taken off, and the command broke
        // (found by an independent tester).
        for command in [#"'/home/jürgen/pw' 'My CalDAV'"#, #""/my dir/pw" "My CalDAV""#, #"'a'\''b'"#] {
            #expect(try parse("sync https://h/ --password-command " + command) ==
                .sync(.pair(address: "https://h/", passwordCommand: command, allowsPlainHTTP: false)))
        }
    }

    @Test("words out of place are named", arguments: [
        ("sync --status https://h/", "https://h/"),
        ("sync https://h/ --status", "--status"),
        ("sync --unpair --status", "--status"),
        ("sync https://a/ https://b/", "https://b/"),
        ("sync --password", "--password"),
        ("sync https://h/ --password-command", "--password-command"),
    ])
    func misplaced(line: String, word: String) {
        // Within 80 columns after `sync: `, with the longest word shown (30 characters).
        #expect(error(line) == "`sync` cannot take `\(word)` here; see `help sync`")
    }

    @Test("an option of pairing without an address says it needs one", arguments: [
        ("sync --password-command pass", "`--password-command` needs an address: sync URL --password-command COMMAND"),
        ("sync --allow-plain-http", "`--allow-plain-http` needs an address: sync URL --allow-plain-http"),
        ("sync --allow-plain-http --password-command pass", "`--password-command` needs an address: sync URL --password-command COMMAND"),
    ])
    func optionWithoutAddress(line: String, message: String) {
        #expect(error(line) == message)
    }

    @Test("a password typed in an address is not shown in the error")
    func passwordNotEchoed() {
        let failure = CommandFailure(line: "sync https://alice:s3cret@dav.example.com/", reason: "refused")
        #expect(failure.description == "sync https://alice:…@dav.example.com/: refused")
    }
}
