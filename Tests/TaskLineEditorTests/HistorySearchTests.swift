@testable import TaskLineEditor
import Testing

/// Ctrl-R: newest match first, narrowed by each key, Ctrl-R again for older ones, Backspace back.
@Suite struct HistorySearchTests {
    private let entries = ["add milk", "rm 2", "add mail", "fav 1"]

    @Test func typingFindsTheNewestEntryHoldingWhatIsTyped() {
        var search = HistorySearch(entries: entries, original: (line: "fa", cursor: 2))
        search.type("a")
        search.type("d")
        #expect(search.line == "add mail")
        #expect(search.cursor == 0)
        #expect(search.prompt == "search history for “ad”: ")
    }

    @Test func searchingAgainGoesOnToOlderMatches() {
        var search = HistorySearch(entries: entries, original: (line: "", cursor: 0))
        search.type("m")
        #expect(search.line == "add mail")
        search.findOlder()
        #expect(search.line == "rm 2")
        #expect(search.cursor == 1)
        search.findOlder()
        #expect(search.line == "add milk")
        #expect(search.cursor == 4)
    }

    @Test func nothingFoundKeepsTheMatchAndSaysSo() {
        var search = HistorySearch(entries: entries, original: (line: "", cursor: 0))
        search.type("r")
        search.type("x")
        #expect(search.line == "rm 2")
        #expect(search.prompt == "search history for “rx” (not found): ")
    }

    @Test func backspaceUndoesTheLatestKey() {
        var search = HistorySearch(entries: entries, original: (line: "typed", cursor: 3))
        search.type("m")
        search.findOlder()
        search.deleteBackward()
        #expect(search.line == "add mail")
        search.deleteBackward()
        #expect(search.line == "typed")
        #expect(search.cursor == 3)
        #expect(search.prompt == "search history: ")
    }
}
