import Foundation
import TaskModel

// INTERIM (lead): replaced by the helper's at merge time.
public enum ICalendarResource {
    public static func render(_ task: TaskItem, extra: [String] = [], timeZone: TimeZone) -> [UInt8] {
        ICalendar.export(TaskList([task]), timeZone: timeZone)
    }

    public static func read(_ bytes: [UInt8], timeZone: TimeZone, now: Date) throws(InterchangeError) -> TaskImport {
        let parsed = try ICalendar.parse(bytes, timeZone: timeZone, now: now)
        guard parsed.tasks.count == 1 else { throw InterchangeError(.wholeFile, .noTaskItems) }
        return parsed.tasks[0]
    }
}
