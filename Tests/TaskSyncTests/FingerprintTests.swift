import Foundation
import TaskModel
import Testing
@testable import TaskSync

@Suite("A task's fingerprint, kept in the pairing file, is the same in every process")
struct FingerprintTests {
    private let task = SyncFields(text: "Water the plants", isFavorite: true, doneAt: nil,
                                  due: .day(CalendarDay(daysSince1970: 20_790)), tags: ["home"],
                                  recurrence: Recurrence(.weekdays([.friday, .monday, .wednesday])))

    @Test("its value is written out field by field: a pairing file made by another run still matches")
    func stable() {
        // Any other value means every task of every pairing file looks changed here once.
        #expect(SyncState.fingerprint(of: task, properties: nil) == 12_027_395_054_874_868_235)
        var timed = task
        timed.due = .instant(Date(timeIntervalSince1970: 1_796_000_000))
        timed.recurrence = Recurrence(.months(1, dayOfMonth: 31), fromCompletion: true)
        #expect(SyncState.fingerprint(of: timed, properties: nil) == 1_039_256_394_345_005_319)
    }

    @Test("each synced field changes it")
    func everyField() {
        var changes: [SyncFields] = []
        for change in [{ (t: inout SyncFields) in t.text = "Water the plant" }, { $0.isFavorite = false },
                       { $0.doneAt = Date(timeIntervalSince1970: 1_796_000_000) }, { $0.due = nil },
                       { $0.due = .day(CalendarDay(daysSince1970: 20_791)) }, { $0.tags = ["garden"] },
                       { $0.recurrence = nil }, { $0.recurrence = Recurrence(.weekdays([.friday, .monday])) },
                       { $0.recurrence = Recurrence(.weekdays([.friday, .monday, .wednesday]), fromCompletion: true) }] {
            var changed = task
            change(&changed)
            changes.append(changed)
        }
        let values = Set(([task] + changes).map { SyncState.fingerprint(of: $0, properties: nil) })
        #expect(values.count == changes.count + 1)
        #expect(SyncState.fingerprint(of: task, properties: "X-OTHER:1") != SyncState.fingerprint(of: task, properties: nil))
    }
}
