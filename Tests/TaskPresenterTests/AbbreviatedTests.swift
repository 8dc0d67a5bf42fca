@testable import TaskPresenter
import TaskWidth
import Testing

/// How the presenter shortens what it quotes: by the columns a terminal gives it (two for a wide
/// character), never cutting one in half.
@Suite struct AbbreviatedTests {
    init() { TerminalLocale.useUTF8() }

    @Test func textWithinTheLimitIsLeftAsItIs() {
        #expect("Buy milk".abbreviated(to: 8) == "Buy milk")
        #expect("日本語".abbreviated(to: 6) == "日本語")
        #expect("6f1c8e0a-12345.ics".abbreviatedInMiddle(to: 18) == "6f1c8e0a-12345.ics")
    }

    @Test func longerTextKeepsItsStartInTheColumnsGiven() {
        #expect("Buy milk and bread".abbreviated(to: 8) == "Buy mil…")
        #expect("日本語です".abbreviated(to: 8) == "日本語…")
        #expect("日本語です".abbreviated(to: 7) == "日本語…")
        #expect("日本語です".abbreviated(to: 6) == "日本…")
    }

    @Test func inTheMiddleKeepsTheStartAndTheEnd() {
        #expect("6f1c8e0a-3b1d-4c59-12345.ics".abbreviatedInMiddle(to: 15) == "6f1c8e0…345.ics")
        #expect("日本語のとても長い名前.ics".abbreviatedInMiddle(to: 15) == "日本語の…前.ics")
    }

    @Test func aPathKeepsItsFileNameWhole() {
        #expect("/home/alice/.local/share/tasks/tasks.sqlite".abbreviatedPath(to: 43) == "/home/alice/.local/share/tasks/tasks.sqlite")
        #expect("/home/alice/.local/share/tasks/tasks.sqlite".abbreviatedPath(to: 20) == "/home/…/tasks.sqlite")
        #expect("/home/alice/日本語/tasks.sqlite".abbreviatedPath(to: 18) == "/hom…/tasks.sqlite")
        // A name too long for two columns of folders beside it is cut in the middle.
        #expect("/home/alice/a-very-long-file-name.sqlite".abbreviatedPath(to: 20) == "/home/alic…me.sqlite")
        #expect("tasks.sqlite".abbreviatedPath(to: 8) == "task…ite")
    }
}
