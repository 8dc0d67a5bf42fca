import Testing
import TaskPresenter
import TaskTerminal

@Suite struct ListFormatterTests {
    init() { TerminalLocale.useUTF8() }

    private func makeSUT(columns: Int? = nil, palette: Palette = .plain) -> ListFormatter {
        ListFormatter(columns: columns, palette: palette, emptyListText: "No tasks. Add one with: add TEXT")
    }

    @Test func rowsShowNumberStarAndText() {
        let rows = [TaskRow(number: 1, text: "Call mom", isFavorite: true),
                    TaskRow(number: 2, text: "Pay rent", isFavorite: false)]
        #expect(makeSUT().format(rows) == "  1 ★ Call mom\n  2   Pay rent\n")
    }

    @Test func numbersAlignToTheLargestNumber() {
        let rows = (1...1000).map { TaskRow(number: $0, text: "t", isFavorite: false) }
        let lines = makeSUT().format(rows).split(separator: "\n")
        #expect(lines.first == "   1   t")
        #expect(lines.last == "1000   t")
    }

    @Test func anEmptyListSaysHowToAddATask() {
        #expect(makeSUT().format([]) == "No tasks. Add one with: add TEXT\n")
    }

    @Test func controlCharactersInTextAreEscaped() {
        let rows = [TaskRow(number: 1, text: "evil\u{1B}]0;title\u{7}", isFavorite: false)]
        #expect(makeSUT().format(rows) == "  1   evil\\e]0;title\\x07\n")
    }

    @Test func longTextsWrapUnderTheTextColumn() {
        let rows = [TaskRow(number: 7, text: "water the plants on the balcony", isFavorite: true)]
        #expect(makeSUT(columns: 20).format(rows) == "  7 ★ water the\n      plants on the\n      balcony\n")
    }

    @Test func anASCIITextExactlyAsWideAsItsColumnStaysOnOneLine() {
        let rows = [TaskRow(number: 1, text: "abcd efghi", isFavorite: false),
                    TaskRow(number: 2, text: "abcd efghij", isFavorite: false)]
        #expect(makeSUT(columns: 16).format(rows) == "  1   abcd efghi\n  2   abcd\n      efghij\n")
    }

    @Test func formatBytesIsTheUTF8OfFormat() {
        let rows = [TaskRow(number: 1, text: "Café \u{1B}[31m ☕", isFavorite: true),
                    TaskRow(number: 2, text: "plain", isFavorite: false)]
        let sut = makeSUT(columns: 40, palette: .ansi)
        #expect(sut.formatBytes(rows) == Array(sut.format(rows).utf8))
    }

    @Test func wideTextsWrapByColumnsNotCharacters() {
        let rows = [TaskRow(number: 1, text: "日本語のテキストです", isFavorite: false)]
        #expect(makeSUT(columns: 16).format(rows) == "  1   日本語のテ\n      キストです\n")
    }

    @Test func withoutATerminalWidthNothingWraps() {
        let text = String(repeating: "word ", count: 40)
        let rows = [TaskRow(number: 1, text: text, isFavorite: false)]
        #expect(makeSUT().format(rows) == "  1   " + text + "\n")
    }

    @Test func aVeryNarrowTerminalGetsUnwrappedRows() {
        let rows = [TaskRow(number: 1, text: "a fairly long task text", isFavorite: false)]
        #expect(makeSUT(columns: 12).format(rows) == "  1   a fairly long task text\n")
    }

    @Test func colourDimsNumbersAndPaintsTheStar() {
        let rows = [TaskRow(number: 1, text: "Call mom", isFavorite: true)]
        #expect(makeSUT(palette: .ansi).format(rows) == "  \u{1B}[2m1\u{1B}[0m \u{1B}[33m★\u{1B}[0m Call mom\n")
    }

    @Test func plainPaletteWritesNoEscapeSequences() {
        #expect(Palette.plain.error("oops") == "oops")
        #expect(Palette.ansi.error("oops") == "\u{1B}[31moops\u{1B}[0m")
    }
}
