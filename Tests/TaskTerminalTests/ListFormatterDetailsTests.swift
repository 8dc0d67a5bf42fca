import Testing
import TaskTerminal
import TaskWidth

/// A row's details (tags, due date, marks) after its text.
@Suite struct ListFormatterDetailsTests {
    typealias Row = ListFormatter.Row

    init() { TerminalLocale.useUTF8() }

    private func makeSUT(columns: Int? = nil, palette: Palette = .plain) -> ListFormatter {
        ListFormatter(columns: columns, palette: palette, emptyListText: "No tasks. Add one with: add TEXT")
    }

    @Test func detailsFollowTheTextAfterTwoSpaces() {
        let rows = [Row(number: 1, text: "Pay rent", details: RowDetails(tags: "+home", due: "fri")),
                    Row(number: 2, text: "Water", details: RowDetails(due: "sat", isRecurring: true)),
                    Row(number: 3, text: "Ring", details: RowDetails(isRecurring: true)),
                    Row(number: 4, text: "Plain")]
        #expect(makeSUT().format(rows) == "  1   Pay rent  +home  fri\n  2   Water  sat ↻\n  3   Ring  ↻\n  4   Plain\n")
    }

    @Test func anOverdueDateIsMarkedWithoutColourAndRedWithIt() {
        let rows = [Row(number: 1, text: "File taxes", details: RowDetails(tags: "+admin", due: "1 nov", isOverdue: true))]
        #expect(makeSUT().format(rows) == "  1   File taxes  +admin  1 nov!\n")
        #expect(makeSUT(palette: .ansi).format(rows)
                == "  \u{1B}[2m1\u{1B}[0m   File taxes  \u{1B}[2m+admin\u{1B}[0m  \u{1B}[31m1 nov\u{1B}[0m\n")
    }

    @Test func detailsThatDoNotFitGoUnderTheTextOnALineOfTheirOwn() {
        let rows = [Row(number: 9, text: "Water the plants", details: RowDetails(tags: "+home +garden", due: "tomorrow 17:00")),
                    Row(number: 10, text: "日本語", details: RowDetails(due: "fri"))]
        #expect(makeSUT(columns: 30).format(rows) == """
              9   Water the plants
                  +home +garden  tomorrow 17:00
             10   日本語  fri

            """)
        #expect(makeSUT(columns: 30).lineCount(largestNumber: 10, utf8Text: "Water the plants".withCString {
            UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: 16)
        }, isDone: false, details: rows[0].details) == 2)
    }

    @Test func hostileDetailsAreEscaped() {
        let rows = [Row(number: 1, text: "a", details: RowDetails(tags: "+x\u{1B}[2J"))]
        #expect(makeSUT().format(rows) == "  1   a  +x\\e[2J\n")
    }
}
