import Foundation
import TaskModel
import Testing

/// `IdentityGenerator.follower`: the identity of a recurring task's next task, the same in every
/// copy of a synced list, whichever build of tasks made it.
@Suite struct IdentityGeneratorTests {
    static let task = UUID(uuidString: "019A0000-0000-7000-8000-000000000001")!
    static let utc = TimeZone(identifier: "UTC")!

    @Test func theNextTasksIdentityIsTheSameInEveryBuild() {
        let due = Due.day(CalendarDay(year: 2026, month: 2, day: 28)!)
        #expect(IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: due, in: Self.utc) == UUID(uuidString: "08467C2E-22F5-8D0D-87B4-DD0CE801FF3D"))
    }

    @Test func itDependsOnTheTaskAndTheDueDate() {
        let due = Due.day(CalendarDay(year: 2026, month: 2, day: 28)!)
        let identities: Set = [IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: due, in: Self.utc),
                               IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: .day(CalendarDay(year: 2026, month: 3, day: 31)!), in: Self.utc),
                               IdentityGenerator.follower(of: UUID(), checkedOffWhenDue: due, in: Self.utc)]
        #expect(identities.count == 3)
        #expect(IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: nil, in: Self.utc) != IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: due, in: Self.utc))
    }

    /// A time is the clock's in the zone given: 02:30 in Berlin and in Auckland, two moments, are
    /// one due (a floating one), and one moment at two times of day two.
    @Test func aTimeIsTheClocksInTheSeriesZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let auckland = try #require(TimeZone(identifier: "Pacific/Auckland"))
        let day = CalendarDay(year: 2027, month: 3, day: 27)!
        #expect(IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: .instant(day.instant(hour: 2, minute: 30, in: berlin)), in: berlin)
                == IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: .instant(day.instant(hour: 2, minute: 30, in: auckland)), in: auckland))
        let moment = Due.instant(day.instant(hour: 2, minute: 30, in: berlin))
        #expect(IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: moment, in: berlin)
                != IdentityGenerator.follower(of: Self.task, checkedOffWhenDue: moment, in: auckland))
    }
}
