import Testing
import TaskWidth

@Suite struct DisplayWidthTests {
    init() { TerminalLocale.useUTF8() }

    @Test func asciiTakesOneColumnPerCharacter() {
        #expect(DisplayWidth.of("Pay rent") == 8)
    }

    @Test func cjkAndEmojiTakeTwoColumns() {
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("☕") == 2)
        #expect(DisplayWidth.of("🎉") == 2)
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func theStarTakesOneColumn() {
        #expect(DisplayWidth.of("★") == 1)
    }
}
