import Testing
import TaskTerminal
import TaskWidth

@Suite struct FittedToColumnsTests {
    init() { TerminalLocale.useUTF8() }

    @Test func aNarrowerTextIsPaddedWithSpaces() {
        #expect("日本".fitted(toColumns: 6) == "日本  ")
    }

    @Test func aWiderTextIsCutByColumnsWithAnEllipsis() {
        #expect("Pay the rent".fitted(toColumns: 6) == "Pay t…")
        #expect("日本語です".fitted(toColumns: 5) == "日本…")
    }

    @Test func aWideCharacterThatWouldBeCutInHalfMakesRoomForASpace() {
        #expect("日本語です".fitted(toColumns: 7) == "日本語…")
        #expect("日本語です".fitted(toColumns: 6) == "日本… ")
    }

    @Test func combiningMarksStayWithTheirLetter() {
        #expect("e\u{301}te\u{301}s".fitted(toColumns: 3) == "e\u{301}t…")
    }
}
