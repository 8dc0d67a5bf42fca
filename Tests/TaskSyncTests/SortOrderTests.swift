import Testing
@testable import TaskSync

@Suite("X-APPLE-SORT-ORDER values follow the list's order with as few changes as can be")
struct SortOrderTests {
    private let gap = SortOrder.gap

    @Test("a list with no values is numbered a gap apart")
    func fresh() {
        #expect(SortOrder.assign([nil, nil, nil]) == [gap, 2 * gap, 3 * gap])
        #expect(SortOrder.assign([]) == [])
    }

    @Test("values in order are kept; a task added at the end comes a gap after the last")
    func kept() {
        #expect(SortOrder.assign([5, 9, 40]) == [5, 9, 40])
        #expect(SortOrder.assign([5, 9, nil]) == [5, 9, 9 + gap])
    }

    @Test("a task moved here gets a value between its new neighbours; no other changes")
    func moved() {
        // 300 moved to the top of 100, 200, 300.
        #expect(SortOrder.assign([300, 100, 200]) == [100 - gap, 100, 200])
        // 100 moved between 200 and 300, or 200 to the top: the same list, one value changed either way.
        let values = SortOrder.assign([200, 100, 300])
        #expect(values == [-gap + 100, 100, 300] || values == [200, 250, 300])
        // A task added between two.
        #expect(SortOrder.assign([100, nil, nil, 400]) == [100, 200, 300, 400])
    }

    @Test("no room between two: the later is given a value too")
    func noRoom() {
        let values = SortOrder.assign([10, nil, 11, 50])
        #expect(values[0] == 10 && values[3] == 50)
        #expect(values[0] < values[1] && values[1] < values[2] && values[2] < values[3])
    }

    @Test("the value in a to-do's kept lines, in any case, with parameters")
    func reading() {
        #expect(SortOrder.value(in: "DESCRIPTION:x\nX-APPLE-SORT-ORDER:-42") == -42)
        #expect(SortOrder.value(in: "x-apple-sort-order;VALUE=INTEGER:7") == 7)
        #expect(SortOrder.value(in: "X-APPLE-SORT-ORDERX:7") == nil)
        #expect(SortOrder.value(in: nil) == nil)
        // A resource's own text, CRLF (one Character in Swift) between its lines.
        #expect(SortOrder.value(in: "BEGIN:VTODO\r\nX-APPLE-SORT-ORDER:1048576\r\nEND:VTODO\r\n") == 1_048_576)
    }
}
