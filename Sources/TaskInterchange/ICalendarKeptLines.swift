/// The lines a task keeps of its to-do (`TaskItem.foreign["icalendar"]`, without the zones kept with
/// them: `ICalendarTimeZones.split`), and which are the to-do's own: not those of a component inside
/// it (a VALARM's UID).
struct ICalendarKeptLines {
    let lines: [String]
    /// Whether each line is the to-do's own.
    let own: [Bool]

    init(_ lines: [String]) {
        self.lines = lines
        own = Self.blocks(lines).flatMap { block in
            block.count == 1 && !["BEGIN", "END"].contains(ContentLine.name(of: block[0])) ? [true] : Array(repeating: false, count: block.count)
        }
    }

    /// `lines` by what they are of the to-do: a line of its own, or a component's lines (`BEGIN`
    /// to its `END`, or to the last line when it never ends); a stray `END` is a block of its own.
    static func blocks(_ lines: [String]) -> [[String]] {
        var blocks: [[String]] = []
        var depth = 0
        for line in lines {
            let name = ContentLine.name(of: line)
            if depth == 0 { blocks.append([line]) } else { blocks[blocks.count - 1].append(line) }
            if name == "BEGIN" { depth += 1 } else if name == "END", depth > 0 { depth -= 1 }
        }
        return blocks
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
