import Testing
import TaskTerminal
import TaskWidth

@Suite struct TextWrappingTests {
    init() { TerminalLocale.useUTF8() }

    @Test func shortTextIsOneLine() {
        #expect(TextWrapping.lines(of: "Call mom", width: 20) == ["Call mom"])
    }

    @Test func longTextBreaksAtSpaces() {
        #expect(TextWrapping.lines(of: "water the plants on the balcony", width: 12)
            == ["water the", "plants on", "the balcony"])
    }

    @Test func aWordWiderThanTheLineIsBrokenInside() {
        #expect(TextWrapping.lines(of: "see abcdefghijklmnop ok", width: 6) == ["see", "abcdef", "ghijkl", "mnop", "ok"])
    }

    @Test func wideCharactersCountTwoColumns() {
        #expect(TextWrapping.lines(of: "日本語のテキスト", width: 5) == ["日本", "語の", "テキ", "スト"])
    }

    @Test func spacesInsideALineAreKept() {
        #expect(TextWrapping.lines(of: "a  b", width: 10) == ["a  b"])
    }

    @Test func spacesAtABreakAreDropped() {
        #expect(TextWrapping.lines(of: "abc    def", width: 4) == ["abc", "def"])
    }

    @Test func aZeroWidthLeavesTheTextWhole() {
        #expect(TextWrapping.lines(of: "one two three", width: 0) == ["one two three"])
    }

    @Test func helpLinesContinueUnderTheirDescriptionColumn() {
        #expect(TextWrapping.linesKeepingColumn(of: "add TEXT        add a task at the end of the list", width: 36)
            == ["add TEXT        add a task at the", "                end of the list"])
    }

    @Test func linesWithoutAColumnWrapAtTheLeftEdge() {
        #expect(TextWrapping.linesKeepingColumn(of: "N is a number as shown in the list", width: 20)
            == ["N is a number as", "shown in the list"])
    }

    @Test func aColumnTooFarRightPutsTheDescriptionUnderTheCommand() {
        #expect(TextWrapping.linesKeepingColumn(of: "a long command name  does this", width: 24)
            == ["a long command name", "  does this"])
    }

    @Test func atTwentyColumnsAHelpLineKeepsItsDescriptionIndented() {
        #expect(TextWrapping.linesKeepingColumn(of: "add TEXT        add a task at the end of the list", width: 20)
            == ["add TEXT", "  add a task at the", "  end of the list"])
    }

    @Test func aCommandWiderThanTheLineWrapsToo() {
        #expect(TextWrapping.linesKeepingColumn(of: "help [COMMAND]  show what the commands do", width: 8)
            == ["help", "[COMMAND", "]", "show", "what the", "commands", "do"])
    }
}
