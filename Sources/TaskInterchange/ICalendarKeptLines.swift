/// The lines a task keeps of its to-do (`TaskItem.foreign["icalendar"]`, without the zones kept with
/// them: `ICalendarTimeZones.split`), and which are the to-do's own: not those of a component inside
/// it (a VALARM's UID).
struct ICalendarKeptLines {
    let lines: [String]
    /// Whether each line is the to-do's own.
    let own: [Bool]

    init(_ lines: [String]) {
        self.lines = lines
        var depth = 0
        own = lines.map { line in
            let name = ContentLine.name(of: line)
            if name == "BEGIN" { depth += 1 }
            defer { if name == "END" { depth -= 1 } }
            return depth == 0 && name != "END"
        }
    }

    /// The lines of a task's kept text, split at each LF scalar (a line that ends in a stray CR
    /// would make "\r\n" one Character).
    static func split(_ text: String?) -> [String] {
        text.map { $0.unicodeScalars.split(separator: "\n").map { String($0) } } ?? []
    }

    /// The to-do's own first line of that name.
    func first(named name: String) -> String? {
        lines.indices.first { own[$0] && ContentLine.name(of: lines[$0]) == name }.map { lines[$0] }
    }
}
