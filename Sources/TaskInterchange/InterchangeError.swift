import Foundation

/// Why a file could not be imported: where (a line, or a JSON path) and what was wrong, as data.
/// The presenter writes the sentence; nothing is imported from a file that has one.
public struct InterchangeError: Error, Sendable, Hashable {
    /// Where in the file the problem is.
    public enum Location: Sendable, Hashable {
        /// A line, counted from 1.
        case line(Int)
        /// A value inside a JSON document (`[3].uuid`), and the line it starts on.
        case jsonPath(String, line: Int)
        /// The file as a whole (nothing in it is of the format).
        case wholeFile
    }

    /// What is wrong there.
    public enum Problem: Sendable, Hashable {
        /// The bytes are not UTF-8.
        case invalidUTF8
        /// The JSON does not parse: `expected` says what was expected instead of what is there.
        case invalidJSON(expected: String)
        /// A required field is missing.
        case missingField(String)
        /// A field holds a value of the wrong kind (`expected`: "a string", "an object", …).
        case wrongType(field: String, expected: String)
        /// A field's value is not one tasks understands (a status, a date, a UUID).
        case invalidValue(field: String, value: String)
        /// A task with this identity appeared earlier in the same file.
        case duplicateIdentity(UUID, firstLine: Int)
        /// An iCalendar content line without a `:` between name and value.
        case notAContentLine
        /// An iCalendar component that is not closed before the file ends or another one closes.
        case unclosedComponent(String)
        /// An `END:` with no `BEGIN:` to match.
        case unexpectedEnd(String)
        /// A file whose content is not in the format named (no `BEGIN:VCALENDAR` in an .ics file).
        case notThisFormat
        /// A NUL byte, which no text file of these formats holds.
        case nulByte
        /// A Markdown file with text but no task list item (`- [ ] …`) in it.
        case noTaskItems
        /// An iCalendar resource (one CalDAV object) with no `VTODO` in it.
        case noToDo
        /// An iCalendar resource with a second `VTODO` (here), after the one on `firstLine`.
        case severalToDos(firstLine: Int)
        /// A to-do repeating by this `RRULE`, of a form tasks cannot follow (a sync leaves it alone).
        case unreadableRecurrence(String)
    }

    /// Where the problem is.
    public var location: Location
    /// What the problem is.
    public var problem: Problem

    /// Creates an error.
    public init(_ location: Location, _ problem: Problem) {
        self.location = location
        self.problem = problem
    }
}
