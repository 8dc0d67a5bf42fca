import Testing
import TaskTerminal
import TaskWidth

@Suite struct ListFormatterTests {
    typealias Row = ListFormatter.Row

    init() { TerminalLocale.useUTF8() }

    private func makeSUT(columns: Int? = nil, palette: Palette = .plain) -> ListFormatter {
        ListFormatter(columns: columns, palette: palette, emptyListText: "No tasks. Add one with: add TEXT")
    }

    @Test func rowsShowNumberStarAndText() {
        let rows = [Row(number: 1, text: "Call mom", isFavorite: true),
                    Row(number: 2, text: "Pay rent", isFavorite: false)]
        #expect(makeSUT().format(rows) == "  1 ★ Call mom\n  2   Pay rent\n")
    }

    @Test func numbersAlignToTheLargestNumber() {
        let rows = (1...999).map { Row(number: $0, text: "t", isFavorite: false) }
        let lines = makeSUT().format(rows).split(separator: "\n")
        #expect(lines.first == "  1   t")
        #expect(lines.last == "999   t")
    }

    @Test func numbersOfFourDigitsOrMoreKeepAMargin() {
        for (largest, first, last) in [(1000, "    1   t", " 1000   t"), (200_000, "      1   t", " 200000   t")] {
            let rows = [Row(number: 1, text: "t"), Row(number: largest, text: "t")]
            #expect(makeSUT().format(rows) == first + "\n" + last + "\n")
        }
    }

    @Test func aDoneTaskShowsACheckBeforeItsText() {
        let rows = [Row(number: 1, text: "Call mom", isFavorite: true), Row(number: 2, text: "Pay rent", isDone: true),
                    Row(number: 3, text: "Both", isFavorite: true, isDone: true)]
        #expect(makeSUT().format(rows) == "  1 ★ Call mom\n  2   ✓ Pay rent\n  3 ★ ✓ Both\n")
    }

    @Test func aDoneTaskWrapsUnderItsText() {
        let rows = [Row(number: 7, text: "water the plants on the balcony", isDone: true),
                    Row(number: 8, text: "twelve chars", isDone: true)]
        #expect(makeSUT(columns: 20).format(rows) == """
              7   ✓ water the
                    plants on
                    the balcony
              8   ✓ twelve chars

            """)
    }

    @Test func colourDimsAndStrikesADoneTask() {
        let rows = [Row(number: 1, text: "Pay rent", isDone: true)]
        #expect(makeSUT(palette: .ansi).format(rows)
                == "  \u{1B}[2m1\u{1B}[0m   \u{1B}[2;9m✓ Pay rent\u{1B}[0m\n")
    }

    @Test func anEmptyListWithAnEmptyTextSaysThatInstead() {
        var bytes: [UInt8] = []
        makeSUT().write(largestNumber: nil, emptyText: "No task matches “x”.", rows: { _ in }) { bytes += $0 }
        #expect(String(decoding: bytes, as: UTF8.self) == "No task matches “x”.\n")
    }

    @Test func anEmptyListSaysHowToAddATask() {
        #expect(makeSUT().format([]) == "No tasks. Add one with: add TEXT\n")
    }

    @Test func anEmptyListsTextIsWrappedAtSpacesInANarrowTerminal() {
        #expect(makeSUT(columns: 30).format([]) == "No tasks. Add one with: add\nTEXT\n")
        #expect(makeSUT(columns: 30, palette: .ansi).format([]) == "\u{1B}[2mNo tasks. Add one with: add\u{1B}[0m\n\u{1B}[2mTEXT\u{1B}[0m\n")
    }

    @Test func controlCharactersInTextAreEscaped() {
        let rows = [Row(number: 1, text: "evil\u{1B}]0;title\u{7}", isFavorite: false)]
        #expect(makeSUT().format(rows) == "  1   evil\\e]0;title\\x07\n")
    }

    @Test func longTextsWrapUnderTheTextColumn() {
        let rows = [Row(number: 7, text: "water the plants on the balcony", isFavorite: true)]
        #expect(makeSUT(columns: 20).format(rows) == "  7 ★ water the\n      plants on the\n      balcony\n")
    }

    @Test func anASCIITextExactlyAsWideAsItsColumnStaysOnOneLine() {
        let rows = [Row(number: 1, text: "abcd efghi", isFavorite: false),
                    Row(number: 2, text: "abcd efghij", isFavorite: false)]
        #expect(makeSUT(columns: 16).format(rows) == "  1   abcd efghi\n  2   abcd\n      efghij\n")
    }

    @Test func formatBytesIsTheUTF8OfFormat() {
        let rows = [Row(number: 1, text: "Café \u{1B}[31m ☕", isFavorite: true),
                    Row(number: 2, text: "plain", isFavorite: false)]
        let sut = makeSUT(columns: 40, palette: .ansi)
        #expect(sut.formatBytes(rows) == Array(sut.format(rows).utf8))
    }

    @Test func wideTextsWrapByColumnsNotCharacters() {
        let rows = [Row(number: 1, text: "日本語のテキストです", isFavorite: false)]
        #expect(makeSUT(columns: 16).format(rows) == "  1   日本語のテ\n      キストです\n")
    }

    @Test func withoutATerminalWidthNothingWraps() {
        let text = String(repeating: "word ", count: 40)
        let rows = [Row(number: 1, text: text, isFavorite: false)]
        #expect(makeSUT().format(rows) == "  1   " + text + "\n")
    }

    @Test func aVeryNarrowTerminalGetsUnwrappedRows() {
        let rows = [Row(number: 1, text: "a fairly long task text", isFavorite: false)]
        #expect(makeSUT(columns: 12).format(rows) == "  1   a fairly long task text\n")
    }

    @Test func colourDimsNumbersAndPaintsTheStar() {
        let rows = [Row(number: 1, text: "Call mom", isFavorite: true)]
        #expect(makeSUT(palette: .ansi).format(rows) == "  \u{1B}[2m1\u{1B}[0m \u{1B}[33m★\u{1B}[0m Call mom\n")
    }

    @Test func plainPaletteWritesNoEscapeSequences() {
        #expect(Palette.plain.error("oops") == "oops")
        #expect(Palette.ansi.error("oops") == "\u{1B}[31moops\u{1B}[0m")
    }

    @Test func anyNumberIsRightAlignedToTheWidest() {
        let rows = [Row(number: -12, text: "a", isFavorite: false), Row(number: 7, text: "b", isFavorite: false),
                    Row(number: Int.max, text: "c", isFavorite: false)]
        #expect(makeSUT().format(rows) == """
                             -12   a
                               7   b
             9223372036854775807   c

            """)
    }

    // MARK: Writing a list in chunks

    private func written(_ sut: ListFormatter, _ texts: [String]) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        sut.write(largestNumber: texts.isEmpty ? nil : texts.count, rows: { body in
            for (offset, text) in texts.enumerated() {
                var text = text
                text.withUTF8 { body(offset + 1, $0, false, false, nil) }
            }
        }, to: { chunks.append(Array($0)) })
        return chunks
    }

    @Test func anEmptyListIsWrittenAsTheHint() {
        #expect(written(makeSUT(), []) == [Array("No tasks. Add one with: add TEXT\n".utf8)])
    }

    @Test func aLongListIsWrittenInChunksOfAboutChunkSize() {
        let texts = (1...10_000).map { "Task number \($0): buy milk and call mom" }
        let sut = makeSUT()
        let chunks = written(sut, texts)
        #expect(chunks.count > 1)
        #expect(chunks.dropLast().allSatisfy { $0.count >= ListFormatter.chunkSize && $0.count < ListFormatter.chunkSize + 100 })
        let expected = texts.enumerated().map { String(repeating: " ", count: 6 - String($0.offset + 1).count)
            + "\($0.offset + 1)   \($0.element)\n" }.joined()
        #expect(chunks.joined().elementsEqual(expected.utf8))
    }

    @Test func everyASCIIByteInEveryPlaceIsEscapedOrCopiedAsItShouldBe() {
        // Printable ASCII is recognised eight bytes at a time: each byte value at each place of texts
        // up to 17 bytes long is either copied (0x20…0x7E) or escaped.
        let sut = makeSUT()
        for length in 1...17 {
            for place in 0..<length {
                for byte in UInt8(0)...0x7F {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = byte
                    let text = String(decoding: bytes, as: UTF8.self)
                    let expected = "  1   " + text.escapingControlCharacters() + "\n"
                    let got = String(decoding: written(sut, [text]).joined(), as: UTF8.self)
                    if got != expected {
                        Issue.record("byte \(byte) at \(place) of \(length): \(got.debugDescription)")
                        return
                    }
                }
            }
        }
    }

    /// The lines `format` writes for one row whose text is `text`, and the count `lineCount` gives.
    private func lines(_ text: String, columns: Int?, isDone: Bool = false) -> (written: Int, counted: Int) {
        let sut = makeSUT(columns: columns)
        let written = sut.format([Row(number: 7, text: text, isDone: isDone)]).split(separator: "\n").count
        var counted = 0
        var copy = text
        copy.withUTF8 { counted = sut.lineCount(largestNumber: 7, utf8Text: $0, isDone: isDone) }
        return (written, counted)
    }

    @Test(arguments: ["short", String(repeating: "word ", count: 30), "日本語 " + String(repeating: "☕ ", count: 40),
                      "\u{1B}[31m" + String(repeating: "x", count: 70)])
    func aRowIsCountedInTheLinesItIsWrittenIn(_ text: String) {
        for columns in [nil, 40, 80] {
            let (written, counted) = lines(text, columns: columns)
            #expect(counted == written, "columns \(columns.map(String.init) ?? "none")")
        }
        let done = lines(text, columns: 40, isDone: true)
        #expect(done.counted == done.written)
    }

    @Test func aRowTooNarrowToWrapIsCountedInTheLinesTheTerminalBreaksItInto() {
        #expect(lines("task 100002", columns: 16).counted == 2) // `  7   task 100002` is 17 columns
        #expect(lines("task 1", columns: 16).counted == 1)
    }

    @Test func aRowCutToALimitOfLinesEndsInAnEllipsis() {
        let sut = makeSUT(columns: 30)
        var bytes: [UInt8] = []
        var text = String(repeating: "word ", count: 20) + "end"
        sut.write(largestNumber: 7, maxLinesPerRow: 2, rows: { body in
            text.withUTF8 { body(7, $0, false, true, nil) }
        }, to: { bytes += $0 })
        #expect(String(decoding: bytes, as: UTF8.self) == "  7   ✓ word word word word\n        word word word word …\n")
    }
}
