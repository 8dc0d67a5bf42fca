import Foundation

/// What a change of fields sets (`edit`, `due`, `tag`, `every`): each field it names, the others
/// kept as they are.
public struct TaskEdit: Sendable, Hashable {
    /// The new text; nil keeps it.
    public var text: String?
    /// The new due date, `.some(nil)` to remove it; nil keeps it.
    public var due: Due??
    /// The tags that replace all of them; nil keeps them (less `removedTags`, plus `addedTags`).
    public var tags: [String]?
    public var addedTags: [String]
    public var removedTags: [String]
    /// The new recurrence, `.some(nil)` to stop it; nil keeps it.
    public var recurrence: Recurrence??
    /// The zone `due` or `recurrence` was read in (the machine's, where it was typed): a series given
    /// a timed due here, or made of one, counts there from then on (`Recurrence.zone`).
    public var zone: String?
    /// The time of day, in minutes from midnight, `due` was typed at: kept by a series whose due
    /// cannot say it (`Recurrence.minuteOfDay`), one typed at 02:30 on the night clocks skip it.
    public var minuteOfDay: Int?

    public init(text: String? = nil, due: Due?? = nil, tags: [String]? = nil, addedTags: [String] = [],
                removedTags: [String] = [], recurrence: Recurrence?? = nil, zone: String? = nil, minuteOfDay: Int? = nil) {
        self.zone = zone
        self.minuteOfDay = minuteOfDay
        self.text = text
        self.due = due
        self.tags = tags
        self.addedTags = addedTags
        self.removedTags = removedTags
        self.recurrence = recurrence
    }

    /// The kind of step it makes: the command of the one kind of field it sets, else an edit.
    public var kind: Change.Kind {
        let tagsChange = tags != nil || !addedTags.isEmpty || !removedTags.isEmpty
        switch (text != nil, due != nil, tagsChange, recurrence != nil) {
        case (false, true, false, false): return .setDue
        case (false, false, true, false): return .retag
        case (false, false, false, true): return .setRecurrence
        default: return .edit
        }
    }

    /// `task` with what this sets.
    public func applied(to task: TaskItem) -> TaskItem {
        var task = task
        if let text { task.text = text }
        if let due, due != task.due {
            task.due = due
            // A due given here is read in this machine's zone (`zone`): the series counts there from
            // now on. One read in New York, re-dated to 09:00 at a prompt in Berlin, came at 10:00
            // after Berlin's clocks changed (found by an independent tester).
            if case .instant? = due { task.recurrence?.zone = zone } else { task.recurrence?.zone = nil }
            task.recurrence?.minuteOfDay = nil
        }
        if tags != nil || !addedTags.isEmpty || !removedTags.isEmpty {
            task.tags = Tags.changing(tags ?? task.tags, adding: addedTags, removing: removedTags)
        }
        if let recurrence {
            // A series given here to a timed due counts in the zone it was given in (`zone`), or the
            // one it counted in: only `due N` pinned it, and a series added in Berlin with its due,
            // checked off in New York, came an hour off (found by an independent tester).
            let before = task.recurrence
            task.recurrence = recurrence
            if case .instant? = task.due, task.recurrence != nil, recurrence?.zone == nil {
                task.recurrence?.zone = before?.zone ?? zone
                task.recurrence?.minuteOfDay = before?.minuteOfDay
            }
        }
        // Typed at a time the clocks skip that day (02:30, due at 03:30), a series comes back at the
        // time typed: it stayed at 03:30 for good (found by an independent tester).
        if case let .instant(instant)?? = due, let minuteOfDay, let zone, let series = task.recurrence,
           let clock = TimeZone(identifier: zone).map(series.countingZone),
           CalendarDay.time(of: instant, in: clock) != (minuteOfDay / 60, minuteOfDay % 60) {
            task.recurrence?.minuteOfDay = minuteOfDay
        }
        return task
    }
}
