import Foundation
import TaskModel

/// Export and import of the task list in the four formats: pure functions from tasks to the bytes
/// of a file and back. Times that a format writes as days are days in `timeZone`.
public enum Interchange {
    /// The exact bytes of `tasks` as a file of `format`.
    public static func export(_ tasks: TaskList, as format: InterchangeFormat, timeZone: TimeZone = .current) -> [UInt8] {
        switch format {
        case .todotxt: TodoTxt.export(tasks, timeZone: timeZone)
        case .json: TaskwarriorJSON.export(tasks, timeZone: timeZone)
        case .markdown: MarkdownChecklist.export(tasks)
        case .ics: ICalendar.export(tasks, timeZone: timeZone)
        }
    }

    /// `tasks`, read from a file, with each timed series that has no zone of its own pinned to the
    /// one a sync would pin it to (`ICalendarResource.pinnedZone`), as one typed here is to the zone
    /// it was typed in. Pinned by its first sync instead, the list was written for the pin alone,
    /// and `undo` at an open prompt could not get past that step: the next sync pinned it again
    /// (found by an independent tester).
    public static func pinningSeries(_ tasks: [TaskImport], timeZone: TimeZone) -> [TaskImport] {
        // Changed in place: a file of 100,000 tasks and no series is not copied.
        var tasks = tasks
        for index in tasks.indices where tasks[index].recurrence != nil && tasks[index].recurrence?.zone == nil {
            let task = tasks[index]
            tasks[index].recurrence?.zone = ICalendarResource.pinnedZone(recurrence: task.recurrence, due: task.due,
                                                                         kept: task.foreign["icalendar"], timeZone: timeZone)
        }
        return tasks
    }

    /// The tasks of a file of `format`; `now` stands for the times a file does not give. A UTF-8
    /// byte-order mark at the start is skipped in every format (Windows editors write one); a NUL
    /// byte, which none of them holds, makes the file no text at all.
    public static func parse(_ bytes: [UInt8], as format: InterchangeFormat, timeZone: TimeZone = .current,
                             now: Date = Date()) throws(InterchangeError) -> ParsedFile {
        let bytes = try text(bytes)
        return switch format {
        case .todotxt: try TodoTxt.parse(bytes, timeZone: timeZone, now: now)
        case .json: try TaskwarriorJSON.parse(bytes, timeZone: timeZone, now: now)
        case .markdown: try MarkdownChecklist.parse(bytes, now: now)
        case .ics: try ICalendar.parse(bytes, timeZone: timeZone, now: now)
        }
    }

    /// The bytes of a file without its byte-order mark; an error when they hold a NUL byte.
    static func text(_ bytes: [UInt8]) throws(InterchangeError) -> [UInt8] {
        let bytes = InterchangeFormat.withoutByteOrderMark(bytes)
        if let nul = bytes.firstIndex(of: 0) {
            throw InterchangeError(.line(bytes[..<nul].count { $0 == 0x0A } + 1), .nulByte)
        }
        return bytes
    }

    /// `imported` made to change no more of `existing` (the stored task of the same identity) than
    /// the file says: a time the file gives less precisely than the store keeps (todo.txt's days,
    /// the other formats' seconds) stays as stored when it reads the same at that precision.
    public static func reconcile(_ imported: TaskImport, with existing: TaskItem, precision: TimePrecision,
                                 timeZone: TimeZone = .current) -> TaskImport {
        var task = imported
        if Timestamps.same(task.createdAt, existing.createdAt, at: precision, in: timeZone) {
            task.createdAt = existing.createdAt
        }
        if let done = task.doneAt, let stored = existing.doneAt, Timestamps.same(done, stored, at: precision, in: timeZone) {
            task.doneAt = stored
        }
        // Every format writes a timed due date to the second.
        if case let .instant(due)? = task.due, case let .instant(stored)? = existing.due,
           Timestamps.same(due, stored, at: .second, in: timeZone) {
            task.due = existing.due
        }
        return task
    }
}
