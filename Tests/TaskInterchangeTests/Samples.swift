import Foundation
import TaskModel

/// Tasks for the format tests: every flag, Unicode, and texts that look like each format's syntax.
enum Samples {
    static let utc = TimeZone(identifier: "UTC")!
    static let created = Date(timeIntervalSince1970: 1_763_800_000)
    static let done = Date(timeIntervalSince1970: 1_763_900_000)
    static let now = Date(timeIntervalSince1970: 1_764_000_000)

    static func id(_ n: UInt8) -> UUID {
        UUID(uuid: (0x01, 0x9A, 0, 0, 0, 0, 0x70, 0, 0x80, 0, 0, 0, 0, 0, 0, n))
    }

    static func task(_ n: UInt8, _ text: String, favorite: Bool = false, isDone: Bool = false,
                     foreign: [String: String] = [:]) -> TaskItem {
        TaskItem(id: id(n), text: text, isFavorite: favorite, doneAt: isDone ? done : nil,
                 createdAt: created.addingTimeInterval(Double(n) * 3600), foreign: foreign)
    }

    /// Texts that look like the syntax of one format or another, or hold what must be escaped.
    static let hostileTexts = [
        "(A) x", "x done already", "- [ ] not a box", "+tag @home due:2026-01-01", "BEGIN:VTODO", "2026-01-01 dated",
        "line one\nline two", "tab\there", "esc \u{1B}[31mred\u{1B}[0m", "cr\r\nlf", "nul\u{0}byte", "back\\slash \\n",
        "C:\\Users\\me", "ends with pri:A", "uuid:019a0000-0000-7000-8000-000000000001", "ends with backslash\\",
        "★ starred text", "  leading and trailing  ", "*bold* _it_ `code` [link](x) <b>&amp; | ~~s~~ # h",
        "1. ordered", "semi;colon,comma", "Café ☕ 日本 \u{1F600}", "\"quoted\" {json}", "a\n# heading\n---\n> quote",
        String(repeating: "long text that needs folding ", count: 6) + "日本語",
    ]

    static var list: TaskList {
        var tasks: [TaskItem] = []
        for (offset, text) in hostileTexts.enumerated() {
            let n = UInt8(offset + 1)
            tasks.append(task(n, text, favorite: n % 3 == 0, isDone: n % 2 == 0))
        }
        return TaskList(tasks)
    }
}
