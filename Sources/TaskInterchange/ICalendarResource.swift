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
}
