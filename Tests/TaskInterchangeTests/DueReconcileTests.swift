import Foundation
import Testing
import TaskInterchange
import TaskModel

/// A stored timed due date with a fraction of a second stays as stored when a file gives its second.
@Suite struct DueReconcileTests {
    @Test func aDueThatReadsTheSameToTheSecondIsKeptAsStored() {
        let stored = Samples.task(1, "x", due: .instant(Samples.dueInstant.addingTimeInterval(0.25)))
        let imported = TaskImport(id: stored.id, text: "x", createdAt: stored.createdAt, due: .instant(Samples.dueInstant))
        #expect(Interchange.reconcile(imported, with: stored, precision: .second, timeZone: Samples.utc).due == stored.due)
    }
}
