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

    @Test func aVeryShortTerminalShowsTheFocusedRowsNotTheWholeList() {
        #expect(ListWindow(count: 2_000, focus: 3, height: 7)?.shown == 2..<5)
        #expect(ListWindow(count: 2_000, focus: 3, height: 6)?.shown == 2..<4)
        #expect(ListWindow(count: 2_000, focus: 3, height: 2)?.shown == 3..<4)
        #expect(ListWindow(count: 3, focus: 0, height: 5) == nil)
    }

    @Test func rowsAreCountedInTheLinesTheyTake() throws {
        let window = try #require(ListWindow(count: 100, focus: 50, height: 12, lines: { _ in 2 }))
        #expect(window.shown == 48..<52)
        #expect(try #require(ListWindow(count: 100, focus: 0, height: 12, lines: { $0 == 1 ? 5 : 1 })).shown == 0..<4)
        let tall = try #require(ListWindow(count: 100, focus: 50, height: 12, lines: { _ in 9 }))
        #expect(tall.shown == 50..<51)
        #expect(tall.rowLineLimit == 8) // the row is cut to the room, its first line on screen
    }

    @Test func aShortListOfRowsThatWrapIsTooTallTooAndAWindowLeavesRoomForLongerCounts() throws {
        #expect(ListWindow(count: 8, focus: 0, height: 12, lines: { _ in 3 }) != nil)
        #expect(ListWindow(count: 8, focus: 0, height: 12, lines: { _ in 1 }) == nil)
        #expect(try #require(ListWindow(count: 2_000, focus: 999, height: 40, reservedLines: 6)).shown == 982..<1016)
    }
}
