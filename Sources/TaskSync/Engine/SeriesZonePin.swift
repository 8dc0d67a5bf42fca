import Foundation
import TaskInterchange
import TaskModel

/// A timed series with no zone of its own (made here) is pinned by a sync to the zone it is written
/// in (`ICalendarResource.pinnedZone`), on both sides of the merge and in what it keeps: a copy of
/// the list elsewhere counted it in its own zone, and the two made two next tasks (found by an
/// independent tester). The list is written for the pin alone (`SyncPlan`), which is no news to
/// the person syncing (`isNews`).
struct SeriesZonePin {
    let timeZone: TimeZone

    /// `fields` of a task whose kept iCalendar lines are `foreign`, with their series pinned.
    func pinned(_ fields: SyncFields, foreign: String?) -> SyncFields {
        guard fields.recurrence != nil, fields.recurrence?.zone == nil else { return fields }
        var pinned = fields
        pinned.recurrence?.zone = ICalendarResource.pinnedZone(recurrence: fields.recurrence, due: fields.due, kept: foreign,
                                                               timeZone: timeZone)
        return pinned
    }

    /// Whether `written`, what a sync wrote of a task the list held as `before`, says anything new:
    /// not when all it adds is the zone its series was pinned to.
    static func isNews(_ written: TaskImport, over before: TaskItem) -> Bool {
        var fields = SyncFields(written)
        if before.recurrence?.zone == nil { fields.recurrence?.zone = nil }
        return SyncFields(before) != fields
    }
}
