import Foundation
import TaskModel
import Testing

/// `IdentityGenerator.follower`: the identity of a recurring task's next task, the same in every
/// copy of a synced list, whichever build of tasks made it.
@Suite struct IdentityGeneratorTests {
    static let task = UUID(uuidString: "019A0000-0000-7000-8000-000000000001")!

    @Test func theNextTasksIdentityIsTheSameInEveryBuild() {
        let due = Due.day(CalendarDay(year: 2026, month: 2, day: 28)!)
        #expect(IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: due) == UUID(uuidString: "08467C2E-22F5-8D0D-87B4-DD0CE801FF3D"))
    }

    @Test func itDependsOnTheTaskAndTheDueDate() {
        let due = Due.day(CalendarDay(year: 2026, month: 2, day: 28)!)
        let identities: Set = [IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: due),
                               IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: .day(CalendarDay(year: 2026, month: 3, day: 31)!)),
                               IdentityGenerator.follower(of: UUID(), checkedOffWhenDue: due)]
        #expect(identities.count == 3)
        #expect(IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: nil) != IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: due))
    }
}
