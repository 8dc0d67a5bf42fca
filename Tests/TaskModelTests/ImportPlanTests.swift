import Foundation
import Testing
@testable import TaskModel

/// `ImportPlan`: what an import does to each task, decided from the stored rows alone.
@Suite struct ImportPlanTests {
    static let created = 1_700_000_000.0
    static let done = 1_700_086_400.0
    static let first = UUID(uuidString: "0190A2B4-0000-7000-8000-000000000001")!
    static let second = UUID(uuidString: "0190A2B4-0000-7000-8000-000000000002")!
    static let made = UUID(uuidString: "0190A2B4-0000-7000-8000-0000000000FF")!

    private func task(_ id: UUID?, _ text: String, favorite: Bool = false, done: Double? = nil,
                      foreign: [String: String] = [:]) -> TaskImport {
        TaskImport(id: id, text: text, isFavorite: favorite, doneAt: done.map(Date.init(timeIntervalSince1970:)),
                   createdAt: Date(timeIntervalSince1970: Self.created), foreign: foreign)
    }

    private func row(_ text: String, favorite: Bool = false, done: Double? = nil, foreign: [String: String] = [:]) -> ImportPlan.Row {
        ImportPlan.Row(text: text, isFavorite: favorite, doneAt: done, createdAt: Self.created, foreign: foreign)
    }

    private func plan(_ tasks: [TaskImport], stored: [UUID: ImportPlan.StoredRow] = [:]) -> ImportPlan {
        ImportPlan(tasks, stored: stored, now: Date(timeIntervalSince1970: 0)) { Self.made }
    }

    @Test func tasksTheListDoesNotHoldAreAddedInOrderWithTheirValues() {
        let plan = plan([task(Self.first, "a", favorite: true, done: Self.done), task(nil, "b")])
        #expect(plan.effects == [.added, .added])
        #expect(plan.changed == [
            ImportPlan.Changed(id: Self.first, isNew: true, row: row("a", favorite: true, done: Self.done)),
            ImportPlan.Changed(id: Self.made, isNew: true, row: row("b")),
        ])
        #expect(plan.insertedCount == 2)
        #expect(!plan.bringsBack)
    }

    @Test func aTaskInTheListExactlySoIsUnchangedAndNotWritten() {
        let plan = plan([task(Self.first, "a", foreign: ["todo.txt": "B"])],
                        stored: [Self.first: (row: row("a", foreign: ["todo.txt": "B"]), isLive: true)])
        #expect(plan.effects == [.unchanged])
        #expect(plan.changed.isEmpty)
    }

    @Test func aTaskInTheListGivenOtherwiseIsUpdatedInPlace() {
        let plan = plan([task(Self.first, "a", done: Self.done)],
                        stored: [Self.first: (row: row("a"), isLive: true)])
        #expect(plan.effects == [.updated])
        #expect(plan.changed == [ImportPlan.Changed(id: Self.first, isNew: false, row: row("a", done: Self.done))])
        #expect(plan.insertedCount == 0)
        #expect(!plan.bringsBack)
    }

    @Test func aHiddenTaskIsBroughtBackAsAddedEvenWhenGivenAsStored() {
        let plan = plan([task(Self.first, "a")], stored: [Self.first: (row: row("a"), isLive: false)])
        #expect(plan.effects == [.added])
        #expect(plan.changed == [ImportPlan.Changed(id: Self.first, isNew: false, row: row("a"))])
        #expect(plan.insertedCount == 0)
        #expect(plan.bringsBack)
    }

    @Test func aTaskGivenAgainIsComparedWithWhatTheFirstTimeMadeOfIt() {
        let plan = plan([task(Self.first, "a"), task(Self.first, "a"), task(Self.first, "b"), task(Self.second, "c")])
        #expect(plan.effects == [.added, .unchanged, .updated, .added])
        #expect(plan.changed == [ImportPlan.Changed(id: Self.first, isNew: true, row: row("b")),
                                 ImportPlan.Changed(id: Self.second, isNew: true, row: row("c"))])
    }

    @Test func aStoredTaskGivenAgainDifferentlyIsUpdatedOnce() {
        let stored = [Self.first: (row: row("a"), isLive: true)]
        let plan = plan([task(Self.first, "a"), task(Self.first, "b"), task(Self.first, "a")], stored: stored)
        #expect(plan.effects == [.unchanged, .updated, .updated])
        #expect(plan.changed == [ImportPlan.Changed(id: Self.first, isNew: false, row: row("a"))])
    }

    @Test func eachFormatGivenReplacesThatFormatsFieldsAndAnEmptyOneRemovesThem() {
        let stored = [Self.first: (row: row("a", foreign: ["taskwarrior": "{}", "todo.txt": "C"]),
                                                       isLive: true)]
        let plan = plan([task(Self.first, "a", foreign: ["todo.txt": "", "icalendar": "X"])], stored: stored)
        #expect(plan.effects == [.updated])
        #expect(plan.changed.map(\.row.foreign) == [["taskwarrior": "{}", "icalendar": "X"]])
    }

    @Test func aTaskGivenAgainKeepsTheFieldsTheFirstTimeGaveIt() {
        let plan = plan([task(Self.first, "a", foreign: ["todo.txt": "B"]), task(Self.first, "a", foreign: ["icalendar": "X"])])
        #expect(plan.effects == [.added, .updated])
        #expect(plan.changed.map(\.row.foreign) == [["todo.txt": "B", "icalendar": "X"]])
    }

    @Test func aFormatNamedWithNothingInItGivesANewTaskNoFields() {
        let plan = plan([task(nil, "a", foreign: ["todo.txt": ""])])
        #expect(plan.changed.map(\.row.foreign) == [[:]])
    }

    @Test func aCanonicallyEquivalentTextIsAChange() {
        let plan = plan([task(Self.first, "e\u{301}")], stored: [Self.first: (row: row("\u{E9}"), isLive: true)])
        #expect(plan.effects == [.updated])
        #expect(plan.changed.map { Array($0.row.text.utf8) } == [[0x65, 0xCC, 0x81]])
    }

    @Test func aCanonicallyEquivalentForeignFieldIsAChange() {
        let plan = plan([task(Self.first, "a", foreign: ["todo.txt": "e\u{301}"])],
                        stored: [Self.first: (row: row("a", foreign: ["todo.txt": "\u{E9}"]), isLive: true)])
        #expect(plan.effects == [.updated])
    }

    @Test func timesAreComparedAsTheSecondsSince1970TheBackendsStore() {
        let given = Date(timeIntervalSinceReferenceDate: 500_000_000.123_456_78)
        let stored = given.timeIntervalSince1970
        #expect(Date(timeIntervalSince1970: stored) != given) // the time read back is another Date
        let plan = plan([TaskImport(id: Self.first, text: "a", doneAt: given, createdAt: Date(timeIntervalSince1970: Self.created))],
                        stored: [Self.first: (row: row("a", done: stored), isLive: true)])
        #expect(plan.effects == [.unchanged])
    }

    @Test func nothingGivenPlansNothing() {
        let plan = plan([])
        #expect(plan.effects.isEmpty && plan.changed.isEmpty && !plan.bringsBack)
    }
}
