import Testing
import TaskTerminal

@Suite struct ListWindowTests {
    @Test func aListThatFitsNeedsNoWindow() {
        #expect(ListWindow(count: 38, focus: 5, height: 40) == nil)
    }

    @Test func theWindowIsCentredOnTheFocusAndLeavesRoomForPromptMessageAndCounts() throws {
        let window = try #require(ListWindow(count: 2_000, focus: 999, height: 40))
        #expect(window.shown == 981..<1017)
        #expect(window.hiddenAbove == 981 && window.hiddenBelow == 983)
    }

    @Test func theWindowStopsAtEitherEnd() throws {
        #expect(try #require(ListWindow(count: 2_000, focus: 1, height: 40)).shown == 0..<36)
        #expect(try #require(ListWindow(count: 2_000, focus: 1_999, height: 40)).shown == 1_964..<2_000)
        #expect(try #require(ListWindow(count: 2_000, focus: 5_000, height: 40)).shown == 1_964..<2_000)
    }

    @Test func aTerminalTooShortForAWindowShowsEverything() {
        #expect(ListWindow(count: 2_000, focus: 3, height: 6) == nil)
        #expect(ListWindow(count: 2_000, focus: 3, height: 7)?.shown == 2..<5)
    }
}
