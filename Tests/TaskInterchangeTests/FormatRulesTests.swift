import Foundation
import Testing
import TaskInterchange
import TaskModel

/// What each format's own rules accept, and what no format is: a byte-order mark skipped,
/// iCalendar's names in any case, a NUL byte or a Markdown file without an item refused.
@Suite struct FormatRulesTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    func parse(_ bytes: [UInt8], _ format: InterchangeFormat) throws -> ParsedFile {
        try Interchange.parse(bytes, as: format, timeZone: Samples.utc, now: Samples.now)
    }

    func parse(_ text: String, _ format: InterchangeFormat) throws -> ParsedFile {
        try parse(Array(text.utf8), format)
    }

    @Test func aByteOrderMarkBeforeATodoTxtPriorityIsSkipped() throws {
        let task = try #require(try parse(Self.bom + Array("(A) 2026-11-20 Call mom\n".utf8), .todotxt).tasks.first)
        #expect(Array(task.text.utf8) == Array("Call mom".utf8))
        #expect(task.isFavorite)
    }

    @Test(arguments: InterchangeFormat.allCases) func aByteOrderMarkIsSkippedInEveryFormat(_ format: InterchangeFormat) throws {
        let exported = Interchange.export(Samples.list, as: format, timeZone: Samples.utc)
        #expect(try parse(Self.bom + exported, format) == parse(exported, format))
        #expect(InterchangeFormat.sniff(Self.bom + exported) == format)
    }

    @Test func noExportStartsWithAByteOrderMarkEvenWhenATextDoes() {
        let list = TaskList([Samples.task(1, "\u{FEFF}(A) starts with one")])
        for format in InterchangeFormat.allCases {
            #expect(!Interchange.export(list, as: format, timeZone: Samples.utc).starts(with: Self.bom), "\(format)")
        }
    }

    static let lowerCase = "begin:vcalendar\r\nversion:2.0\r\nbegin:vtodo\r\nuid:019a0000-0000-7000-8000-000000000001\r\n"
        + "summary:Pay rent\r\ndue;value=date:20261201\r\nrrule:freq=monthly\r\ncategories:home\r\nstatus:completed\r\n"
        + "completed:20261122T183000Z\r\nx-tasks-recur-from:completion\r\nEnd:VTodo\r\nend:vcalendar\r\n"

    @Test func iCalendarNamesAndParametersAreReadInAnyCase() throws {
        #expect(InterchangeFormat.sniff(Array(Self.lowerCase.utf8)) == .ics)
        let parsed = try parse(Self.lowerCase, .ics)
        #expect(parsed.tasks == [TaskImport(
            id: Samples.id(1), text: "Pay rent", doneAt: Date(timeIntervalSince1970: 1_795_372_200),
            // A line tasks would spell otherwise is kept to be written back as it was (`ICalendarCategories`).
            createdAt: Samples.now, foreign: ["icalendar": "X-TASKS-CATEGORIES:categories:home"],
            due: .day(Samples.day(2026, 12, 1)), tags: ["home"],
            recurrence: Recurrence(.months(1, dayOfMonth: nil), fromCompletion: true))])
    }

    @Test(arguments: InterchangeFormat.allCases) func aNulByteIsNoFormatAndNamesItsLine(_ format: InterchangeFormat) {
        #expect(throws: InterchangeError(.line(2), .nulByte)) {
            try parse(Array("a\n".utf8) + [0x62, 0, 0x0A], format)
        }
    }

    @Test func aMarkdownFileWithTextButNoTaskItemIsRefused() {
        #expect(throws: InterchangeError(.wholeFile, .noTaskItems)) {
            try parse("# Notes\n\nSome text.\n- a bullet\n- [ ]not a box\n", .markdown)
        }
        #expect(throws: InterchangeError(.wholeFile, .noTaskItems)) {
            try parse("```\n- [ ] only code\n```\n", .markdown)
        }
    }

    @Test func aMarkdownFileOfBlankLinesHasNoTasksAndIsNoError() throws {
        #expect(try parse("\n  \n", .markdown).tasks.isEmpty)
    }

    @Test func theFormatIsToldFromANameBeforeItsContent() {
        #expect(InterchangeFormat(fileName: "notes.MD") == .markdown)
        #expect(InterchangeFormat(fileName: "cal.ics") == .ics)
        #expect(InterchangeFormat(fileName: "notes") == nil)
        #expect(InterchangeFormat(fileName: "dir.md/notes") == nil)
    }
}

/// A task that `add` would refuse, with no text, is skipped and named by its line.
@Suite struct EmptyTaskTests {
    func skipped(_ text: String, _ format: InterchangeFormat) throws -> (texts: [String], skipped: [SkippedEntry]) {
        let parsed = try Interchange.parse(Array(text.utf8), as: format, timeZone: Samples.utc, now: Samples.now)
        return (parsed.tasks.map(\.text), parsed.skipped)
    }

    func noText(_ lines: Int...) -> [SkippedEntry] {
        lines.map { SkippedEntry(reason: .noText, text: nil, line: $0) }
    }

    @Test func todoTxtLinesWithNothingAfterTheirPrefixes() throws {
        let read = try skipped("x \nkept\n2024-01-01\n(A) \nx 2024-01-02 2024-01-01  \n", .todotxt)
        #expect(read.texts == ["kept"])
        #expect(read.skipped == noText(1, 3, 4, 5))
    }

    @Test func markdownItemsWithoutText() throws {
        let read = try skipped("- [ ]\n- [x] kept\n- [ ] <!-- uuid:019a0000-0000-7000-8000-000000000001 -->\n- [ ] ★ \n", .markdown)
        #expect(read.texts == ["kept"])
        #expect(read.skipped == noText(1, 3, 4))
    }

    @Test func toDosWithoutASummaryOrWithAnEmptyOne() throws {
        let file = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nEND:VTODO\r\nBEGIN:VTODO\r\nSUMMARY:kept\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nSUMMARY:\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let read = try skipped(file, .ics)
        #expect(read.texts == ["kept"])
        #expect(read.skipped == noText(2, 8))
    }

    @Test func taskwarriorTasksWithAnEmptyDescription() throws {
        let file = """
            [
            {"uuid":"019a0000-0000-7000-8000-000000000001","description":"","status":"pending"},
            {"uuid":"019a0000-0000-7000-8000-000000000002","description":"kept","status":"pending"},
            {"uuid":"019a0000-0000-7000-8000-000000000003","description":" \\t","status":"completed"}
            ]
            """
        let read = try skipped(file, .json)
        #expect(read.texts == ["kept"])
        #expect(read.skipped == noText(2, 4))
    }
}
