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
    let now: Date

    /// `fields` of the task `id`, whose kept iCalendar lines are `foreign`, with their series pinned.
    func pinned(_ fields: SyncFields, of id: TaskItem.ID, foreign: String?) -> SyncFields {
        guard fields.recurrence != nil, fields.recurrence?.zone == nil else { return fields }
        var fields = fields
        let task = TaskItem(id: id, text: fields.text, createdAt: now, foreign: foreign.map { ["icalendar": $0] } ?? [:],
                            due: fields.due, recurrence: fields.recurrence)
        fields.recurrence?.zone = ICalendarResource.pinnedZone(of: task, timeZone: timeZone)
        return fields
    }

    /// Whether `written`, what a sync wrote of a task the list held as `before`, says anything new:
    /// not when all it adds is the zone its series was pinned to.
    static func isNews(_ written: TaskImport, over before: TaskItem) -> Bool {
        var fields = SyncFields(written)
        if before.recurrence?.zone == nil { fields.recurrence?.zone = nil }
        return SyncFields(before) != fields
    }
}
