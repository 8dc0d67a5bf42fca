import Foundation
import TaskModel

/// One CalDAV resource: a `VCALENDAR` holding one task's `VTODO` (and the `VTIMEZONE`s it names),
/// in the mapping of `ICalendar`.
public enum ICalendarResource {
    /// The VCALENDAR of one task (its VTIMEZONEs, one VTODO), CRLF, folded; `extra` lines are written
    /// in the VTODO after the task's own (sync passes `X-APPLE-SORT-ORDER:…`), replacing kept lines of the same name.
    public static func render(_ task: TaskItem, extra: [String] = [], timeZone: TimeZone) -> [UInt8] {
        ICalendar.export(CollectionOfOne(task), extra: extra, timeZone: timeZone)
    }

    /// The task of a resource holding exactly one VTODO (other components, VTIMEZONE, are allowed);
    /// throws InterchangeError (data, no sentences) when it is not iCalendar or holds no/several VTODOs.
    /// A VTODO without text is `missingField("SUMMARY")`: tasks cannot hold a task without one. With
    /// `refusingUnreadableRecurrence`, one with an `RRULE` tasks cannot follow is `unreadableRecurrence`
    /// (a sync leaves it alone, where an import keeps the rule among its iCalendar fields).
    public static func read(_ bytes: [UInt8], timeZone: TimeZone, now: Date,
                            refusingUnreadableRecurrence: Bool = false) throws(InterchangeError) -> TaskImport {
        let read = try ICalendar.read(Interchange.text(bytes), timeZone: timeZone, now: now, oneToDo: true,
                                      refusingUnreadableRecurrence: refusingUnreadableRecurrence)
        guard let line = read.toDos.first else { throw InterchangeError(.wholeFile, .noToDo) }
        guard let task = read.file.tasks.first else { throw InterchangeError(.line(line), .missingField("SUMMARY")) }
        return task
    }

    /// The zone a sync pins a task's series to when it has none of its own (`Recurrence.zone`), by
    /// its `recurrence`, `due` and `kept` iCalendar lines: the one it is written in, so that every
    /// copy of the list counts it alike; nil when there is none to pin (no series, an all-day due,
    /// one written as read: floating, or in a zone the system does not know).
    public static func pinnedZone(recurrence: Recurrence?, due: Due?, kept: String?, timeZone: TimeZone) -> String? {
        ICalendarAttributes.pinnedZone(recurrence: recurrence, due: due, kept: kept, timeZone: timeZone)
    }

    /// Whether `task`'s timed due was read floating (no zone: the same time wherever one is) and is
    /// written so (`ICalendarAttributes.floatingDueMarker` among its kept lines).
    public static func isFloating(_ task: TaskItem) -> Bool {
        guard case .instant? = task.due, let kept = task.foreign["icalendar"],
              kept.contains(ICalendarAttributes.floatingDueMarker) else { return false }
        return ICalendarKeptLines(ICalendarKeptLines.split(kept)).first(named: ICalendarAttributes.dueZoneMarker)
            == ICalendarAttributes.floatingDueMarker
    }

    /// `task`'s kept iCalendar lines with its timed due written floating, as its series' is, its
    /// moment counted in `zone`.
    public static func floating(_ task: TaskItem, in zone: TimeZone) -> String {
        let kept = ICalendarKeptLines.split(task.foreign["icalendar"]).filter {
            ![ICalendarAttributes.dueZoneMarker, ICalendarAttributes.floatingZoneMarker].contains(ContentLine.name(of: $0))
        }
        return (kept + [ICalendarAttributes.floatingDueMarker, ICalendarAttributes.floatingZoneMarker + ":" + zone.identifier])
            .joined(separator: "\n")
    }

    /// The moment that shows in `timeZone` the time `instant` shows in `zone`: a floating time read
    /// in `zone`, counted here.
    public static func recounted(_ instant: Date, from zone: TimeZone, in timeZone: TimeZone) -> Date {
        var from = Calendar(identifier: .gregorian)
        from.timeZone = zone
        var to = Calendar(identifier: .gregorian)
        to.timeZone = timeZone
        let clock = from.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return to.date(from: clock) ?? instant
    }

    /// The zone whose clock `task`'s floating due (`isFloating`) was counted in, when it was read
    /// (or made, `floating(_:in:)`) by a version of tasks that keeps it; nil when the system does
    /// not know it.
    public static func floatingZone(_ task: TaskItem) -> TimeZone? {
        guard isFloating(task), let kept = task.foreign["icalendar"], kept.contains(ICalendarAttributes.floatingZoneMarker),
              let line = ICalendarKeptLines(ICalendarKeptLines.split(kept)).first(named: ICalendarAttributes.floatingZoneMarker),
              let colon = line.firstIndex(of: ":") else { return nil }
        return TimeZone(identifier: String(line[line.index(after: colon)...]))
    }

    /// Whether the kept iCalendar lines `kept` say anything `other` does not: a line of a property
    /// tasks does not model (a note, an alarm, another program's field) that `other` lacks. Not a
    /// to-do's `UID`, a client's bookkeeping (`DTSTAMP`, `CREATED`, `LAST-MODIFIED`, `SEQUENCE`, the
    /// order, a check-off's `PERCENT-COMPLETE`), the zones, the markers tasks keeps, or the high
    /// `PRIORITY` of a favourite (which the task says itself).
    public static func saysMore(_ kept: String?, than other: String?) -> Bool {
        func meaningful(_ text: String?) -> Set<String> {
            Set(ICalendarTimeZones.split(ICalendarKeptLines.split(text)).rest.filter { line in
                let name = ContentLine.name(of: line)
                return !bookkeeping.contains(name) && !name.hasPrefix("X-TASKS-") && !(name == "PRIORITY" && ICalendar.isHigh(line))
            })
        }
        return !meaningful(kept).isSubset(of: meaningful(other))
    }

    /// The kept iCalendar lines of a task that takes, from another copy of it, what that one says
    /// that tasks does not model (a note, an alarm, another program's field: `there`'s lines) and
    /// keeps its own bookkeeping (`UID`, `CREATED`…), markers and zones (`here`'s), and the zones
    /// of `there`'s that it lacks.
    public static func taking(_ there: String?, into here: String?) -> String {
        func isZone(_ block: [String]) -> Bool { ICalendarTimeZones.isZoneStart(block[0]) }
        func isOwn(_ block: [String]) -> Bool {
            let name = ContentLine.name(of: block[0])
            return block.count == 1 && (bookkeeping.contains(name) || name.hasPrefix("X-TASKS-"))
        }
        let own = ICalendarKeptLines.blocks(ICalendarKeptLines.split(here)).filter { isZone($0) || isOwn($0) }
        let zones = Set(own.filter(isZone).compactMap(ICalendarTimeZones.tzid(of:)))
        let theirs = ICalendarKeptLines.blocks(ICalendarKeptLines.split(there)).filter { block in
            isZone(block) ? ICalendarTimeZones.tzid(of: block).map { !zones.contains($0) } ?? false : !isOwn(block)
        }
        return (own + theirs).joined().joined(separator: "\n")
    }

    private static let bookkeeping: Set<String> = ["UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SEQUENCE", "X-APPLE-SORT-ORDER",
                                                   "PERCENT-COMPLETE"]

    /// What names a to-do that `read` refused (one repeating in a way tasks cannot follow), from its
    /// own `UID` and `SUMMARY` (not a VALARM's inside it): the identity `read` gives a task of that
    /// `UID`, and its text. Nil each when it has none, or the data is not text (a NUL byte, bytes
    /// that are not UTF-8).
    public static func names(in bytes: [UInt8]) -> (id: TaskItem.ID?, summary: String?) {
        guard let text = try? Interchange.text(bytes), let lines = try? ContentLine.unfold(text) else { return (nil, nil) }
        var components: [String] = []
        var uid: String?
        var summary: String?
        for (text, number) in lines {
            guard let line = ContentLine(text, number: number) else { continue }
            switch line.name {
            case "BEGIN": components.append(line.value.uppercased())
            case "END": _ = components.popLast()
            case "UID" where components.last == "VTODO" && uid == nil: uid = line.value
            case "SUMMARY" where components.last == "VTODO" && summary == nil:
                summary = ICalendarText.unescape(line.value[...]).trimmingCharacters(in: .whitespacesAndNewlines)
            default: break
            }
        }
        let id = uid.map(StableIdentity.id(forUID:))
        return (id, summary?.isEmpty == false ? summary : nil)
    }
}
