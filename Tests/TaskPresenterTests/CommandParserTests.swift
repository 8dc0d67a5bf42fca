import Testing
@testable import TaskPresenter

@Suite("Parsing a line into a command")
struct CommandParserTests: ParsingLines {
    // MARK: Ignored lines

    @Test("a blank line is no command", arguments: ["", "   ", "\t \r", " \u{0B}\u{0C} "])
    func blankLine(line: String) throws {
        #expect(try parse(line) == nil)
    }

    @Test("a # comment is no command, even indented", arguments: ["#", "# add milk", "   #rm 1"])
    func comment(line: String) throws {
        #expect(try parse(line) == nil)
    }

    // MARK: add

    @Test("add takes the rest of the line as the text, trimmed")
    func addTrims() throws {
        #expect(try parse("  add   Buy  milk \t ") == .add(text: "Buy  milk"))
    }

    @Test("add keeps the text exactly as typed inside")
    func addKeepsText() throws {
        let text = "Ça #1 — 買い物 🧑‍🧑‍🧒 e\u{301} \u{1B}[31m\tend"
        #expect(try parse("add \(text)") == .add(text: text))
    }

    @Test("add accepts a text that starts with a combining mark")
    func addCombiningMark() throws {
        #expect(try parse("add \u{301}x") == .add(text: "\u{301}x"))
    }

    @Test("a trailing carriage return is trimmed (CRLF scripts)")
    func carriageReturn() throws {
        #expect(try parse("add Milk\r") == .add(text: "Milk"))
    }

    @Test("add with no text is an error", arguments: ["add", "add   ", "  add\t"])
    func addEmpty(line: String) {
        #expect(error(line) == "the task text is empty")
    }

    @Test("a non-ASCII space is part of the text, not trimmed")
    func nonASCIISpace() throws {
        #expect(try parse("add \u{3000}x") == .add(text: "\u{3000}x"))
    }

    // MARK: due, tag and every

    @Test("due, tag and every separate their words by any ASCII whitespace, as fav and rm do", arguments: [
        ("due 1\u{0B}2\u{0C}tomorrow", Command.due(NumberList([1...1, 2...2]), date: "tomorrow")),
        ("due 1\u{0B}fri\u{0C}17:00", Command.due(NumberList([1...1]), date: "fri 17:00")),
        ("tag 1\u{0B}+home\u{0C}-work", Command.tag(NumberList([1...1]), words: ["+home", "-work"])),
        ("every 1\u{0B}week", Command.every(NumberList([1...1]), period: "week")),
    ])
    func fieldCommandWhitespace(line: String, command: Command) throws {
        #expect(try parse(line) == command)
    }

    // MARK: fav and rm

    @Test("fav takes one number")
    func favOne() throws {
        #expect(try parse("fav 2") == .fav(NumberList([2...2])))
    }

    @Test("rm takes several numbers and ranges, in the order typed")
    func rmSeveral() throws {
        #expect(try parse("rm 2 5   7 1-3") == .rm(NumberList([2...2, 5...5, 7...7, 1...3])))
    }

    @Test("a range may be a single number")
    func rangeOfOne() throws {
        #expect(try parse("fav 3-3") == .fav(NumberList([3...3])))
    }

    @Test("leading zeros are accepted")
    func leadingZeros() throws {
        #expect(try parse("rm 007") == .rm(NumberList([7...7])))
    }

    @Test("the largest Int is still a number")
    func largestNumber() throws {
        #expect(try parse("rm \(Int.max)") == .rm(NumberList([Int.max...Int.max])))
    }

    @Test("fav and rm with no number are errors", arguments: ["fav", "rm", "rm   "])
    func missingNumber(line: String) {
        #expect(error(line) == "no task number given")
    }

    @Test("each malformed number is an error naming it", arguments: [
        ("rm 0", "`0` is not a task number (numbers start at 1)"),
        ("rm 000", "`000` is not a task number (numbers start at 1)"),
        ("rm -1", "`-1` is not a task number (numbers start at 1)"),
        ("rm 0-3", "`0-3` is not a task number (numbers start at 1)"),
        ("rm 1.5", "`1.5` is not a task number"),
        ("rm 0x1", "`0x1` is not a task number"),
        ("rm １", "`１` is not a task number"),
        ("rm ٣", "`٣` is not a task number"),
        ("rm +3", "`+3` is not a task number"),
        ("rm 2,3", "`2,3` is not a task number"),
        ("rm two", "`two` is not a task number"),
        ("rm -", "`-` is not a task number"),
        ("rm 1-", "`1-` is not a task number"),
        ("rm -3-", "`-3-` is not a task number"),
        ("rm 1-2-3", "`1-2-3` is not a task number"),
        ("rm 1 2 x 4", "`x` is not a task number"),
        ("fav 3-1", "the range `3-1` runs backwards (did you mean `1-3`?)"),
        ("rm 9223372036854775808", "`9223372036854775808` is too large for a task number"),
        ("rm 1-99999999999999999999", "`1-99999999999999999999` is too large for a task number"),
    ])
    func malformedNumber(line: String, message: String) {
        #expect(error(line) == message)
    }

    @Test("a number of 10,000 digits is an error with the token shortened to 30 characters, not a crash")
    func hugeNumber() {
        let digits = String(repeating: "9", count: 10_000)
        #expect(error("rm \(digits)") == "`99999999999999999999999999999…` is too large for a task number")
    }

    @Test("10,000 digits that are not all digits are an error with a shortened token")
    func hugeGarbage() {
        let token = String(repeating: "1", count: 10_000) + "x"
        #expect(error("rm \(token)") == "`11111111111111111111111111111…` is not a task number")
    }

    // MARK: edit

    @Test("edit takes a number and the rest of the line as the text")
    func edit() throws {
        #expect(try parse("edit  2   Call  mom  ") == .edit(number: 2, text: "Call  mom"))
    }

    @Test("edit with no number is an error")
    func editNoNumber() {
        #expect(error("edit") == "no task number given")
    }

    @Test("edit with no text is an error")
    func editNoText() {
        #expect(error("edit 2  ") == "the new text is empty")
    }

    @Test("edit with a bad number is an error naming it")
    func editBadNumber() {
        #expect(error("edit x new") == "`x` is not a task number")
    }

    @Test("edit with a range is an error")
    func editRange() {
        #expect(error("edit 1-2 new") == "`edit` takes one task number, not the range `1-2`")
    }

    // MARK: Commands without arguments

    @Test("the commands without arguments, and their other spellings", arguments: [
        ("clear", Command.clear(doneOnly: false)), ("clear done", .clear(doneOnly: true)), ("list", .list), ("ls", .list), ("undo", .undo), ("redo", .redo),
        ("quit", .quit), ("exit", .quit), ("  ls  ", .list),
    ])
    func noArguments(line: String, command: Command) throws {
        #expect(try parse(line) == command)
    }

    @Test("a command without arguments given some is an error naming it as typed",
          arguments: [("ls -l", "ls"), ("undo 2", "undo"), ("exit now", "exit")])
    func unexpectedArguments(line: String, spelling: String) {
        #expect(error(line) == "`\(spelling)` takes no arguments")
    }

    // MARK: help

    @Test("help alone asks for all commands")
    func helpAll() throws {
        #expect(try parse("help") == .help(topic: nil))
    }

    @Test("help with a command asks for that one, any spelling", arguments: [
        ("help rm", CommandName.rm), ("help ls", .list), ("help exit", .quit), ("help help", .help),
    ])
    func helpTopic(line: String, topic: CommandName) throws {
        #expect(try parse(line) == .help(topic: topic))
    }

    @Test("help with an unknown command suggests the nearest")
    func helpTypo() {
        #expect(error("help fvo") == "unknown command `fvo`; did you mean `fav`?")
    }

    @Test("help with a word far from any command points to help")
    func helpUnknown() {
        #expect(error("help xyzzy") == "unknown command `xyzzy`; type `help` to see the commands")
    }

    @Test("help with two words is an error")
    func helpTwoWords() {
        #expect(error("help rm fav") == "`help` takes at most one command name")
    }

    // MARK: Unknown commands

    @Test("an unknown command suggests the nearest one", arguments: [
        ("fvo 2", "fav"), ("ad milk", "add"), ("ADD milk", "add"), ("Rm 2", "rm"), ("lsit", "list"),
        ("undp", "undo"), ("eidt 2 x", "edit"), ("cleer", "clear"), ("qiut", "quit"), ("hlep", "help"),
        ("remove 2", "rm"), ("delete 2", "rm"), ("favourite 1", "fav"), ("q", "quit"), ("cl", "clear"),
    ])
    func unknownCommandSuggestion(line: String, suggestion: String) {
        #expect(error(line) == "unknown command; did you mean `\(suggestion)`?")
    }

    @Test("an unknown command far from any points to help", arguments: ["xyzzy", "x 1", "frobnicate", "1 2"])
    func unknownCommandNoSuggestion(line: String) {
        #expect(error(line) == "unknown command; type `help` to see the commands")
    }

    @Test("an unknown command of a megabyte points to help")
    func unknownHugeCommand() {
        #expect(error(String(repeating: "x", count: 1 << 20)) == "unknown command; type `help` to see the commands")
    }

    @Test("commands are case-sensitive")
    func caseSensitive() {
        #expect(error("LIST") == "unknown command; did you mean `list`?")
    }

    // MARK: Sharing

    @Test("share takes a role, the rest of the line, and --read-only as its first or last word", arguments: [
        ("share bob", Command.share(role: "bob", readOnly: false)),
        ("share bob --read-only", .share(role: "bob", readOnly: true)),
        ("share --read-only bob", .share(role: "bob", readOnly: true)),
        ("share  team lead \t--read-only ", .share(role: "team lead", readOnly: true)),
        ("share o\"brien", .share(role: "o\"brien", readOnly: false)),
        ("share bob--read-only", .share(role: "bob--read-only", readOnly: false)),
        ("unshare team lead", .unshare(role: "team lead")),
        ("share \"team lead\" --read-only", .share(role: "team lead", readOnly: true)),
        ("unshare 'team lead'", .unshare(role: "team lead")),
    ])
    func share(line: String, command: Command) throws {
        #expect(try parse(line) == command)
    }

    private static let shareUsage =
        "no role given: share ROLE lets the server's role ROLE use the list (share ROLE --read-only: only read it)"

    @Test("share and unshare without a role say how they are typed", arguments: [
        ("share", shareUsage),
        ("share --read-only", shareUsage),
        ("unshare  ", "no role given: unshare ROLE takes the list from the server's role ROLE"),
    ])
    func shareWithoutRole(line: String, message: String) {
        #expect(error(line) == message)
    }

    /// Found by the independent tester: `share bob --readonly` looked for a role “bob --readonly”.
    @Test("an option share does not take is refused, not taken for part of the role", arguments: [
        ("share bob --readonly", "`share` has no option `--readonly` (it takes --read-only)"),
        ("share --ro bob", "`share` has no option `--ro` (it takes --read-only)"),
        ("unshare bob --read-only", "`unshare` has no option `--read-only` (it takes none)"),
    ])
    func shareWithAnUnknownOption(line: String, message: String) {
        #expect(error(line) == message)
    }
}
