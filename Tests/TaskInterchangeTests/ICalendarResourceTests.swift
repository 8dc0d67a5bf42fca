import Foundation
import Testing
import TaskInterchange
import TaskModel

/// One CalDAV resource: a VCALENDAR of one task, and the task of one.
@Suite struct ICalendarResourceTests {
    static func read(_ text: String) throws(InterchangeError) -> TaskImport {
        try ICalendarResource.read(Array(text.utf8), timeZone: Samples.utc, now: Samples.now)
    }

    @Test func renderWritesTheTaskItsZoneAndTheExtraLinesInPlaceOfKeptOnes() throws {
        var task = try #require(ICalendarMappingTests.imported(ICalendarMappingTests.berlin + ICalendarMappingTests.todo(1, """
            SUMMARY:Meet\r
            X-APPLE-SORT-ORDER:5\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r

            """)).first)
        task.tags = ["work"]
        let bytes = ICalendarResource.render(task, extra: ["X-APPLE-SORT-ORDER:7", "X-TASKS-POSITION:3"], timeZone: Samples.utc)
        #expect(String(decoding: bytes, as: UTF8.self) == ICalendarMappingTests.head + ICalendarMappingTests.berlin
            + ICalendarMappingTests.todo(1, """
            SUMMARY:Meet\r
            STATUS:NEEDS-ACTION\r
            CATEGORIES:work\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r
            X-APPLE-SORT-ORDER:7\r
            X-TASKS-POSITION:3\r

            """) + "END:VCALENDAR\r\n")
    }

    @Test func whatRenderWritesReadsAsTheSameTask() throws {
        let task = Samples.task(1, "Call mom, then dad", favorite: true, due: .day(Samples.day(2026, 12, 1)), tags: ["home"],
                                recurrence: Recurrence(.weeks(1)))
        let read = try Self.read(String(decoding: ICalendarResource.render(task, timeZone: Samples.utc), as: UTF8.self))
        #expect(read.id == task.id)
        #expect(read.text == task.text)
        #expect(read.isFavorite && read.due == task.due && read.tags == task.tags && read.recurrence == task.recurrence)
        #expect(read.createdAt == task.createdAt)
    }

    @Test func aResourceWithAnEventBesideItsToDoIsRead() throws {
        let read = try Self.read("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\n"
            + ICalendarMappingTests.todo(1, "SUMMARY:Meet\r\n") + "END:VCALENDAR\r\n")
        #expect(read.text == "Meet")
    }

    @Test func aResourceThatIsNotICalendarIsRefused() {
        #expect(throws: InterchangeError(.line(1), .notThisFormat)) { try Self.read("hello\r\n") }
    }

    @Test func aResourceWithoutAToDoIsRefused() {
        #expect(throws: InterchangeError(.wholeFile, .noToDo)) {
            try Self.read("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        }
    }

    @Test func aResourceWithTwoToDosIsRefusedAtTheSecond() {
        #expect(throws: InterchangeError(.line(8), .severalToDos(firstLine: 2))) {
            try Self.read("BEGIN:VCALENDAR\r\n" + ICalendarMappingTests.todo(1, "SUMMARY:a\r\n")
                + ICalendarMappingTests.todo(2, "SUMMARY:b\r\n") + "END:VCALENDAR\r\n")
        }
    }

    /// A sync leaves such a to-do alone (checking it off here would end the whole series there);
    /// an import keeps the rule among the task's iCalendar fields.
    @Test func aToDoRepeatingByAnRRuleTasksCannotFollowIsRefusedWhenAskedAndKeptOtherwise() throws {
        let text = "BEGIN:VCALENDAR\r\n" + ICalendarMappingTests.todo(1, "SUMMARY:Meet\r\nRRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=5\r\n")
            + "END:VCALENDAR\r\n"
        #expect(throws: InterchangeError(.line(7), .unreadableRecurrence("FREQ=MONTHLY;BYDAY=2TU;COUNT=5"))) {
            try ICalendarResource.read(Array(text.utf8), timeZone: Samples.utc, now: Samples.now, refusingUnreadableRecurrence: true)
        }
        #expect(try Self.read(text).foreign["icalendar"]?.hasSuffix("\nRRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=5\nX-TASKS-SERIES-DUE:NONE") == true)
    }

    /// Series RFC 5545 follows otherwise than tasks would, left alone too (found by an independent
    /// tester): with a date excluded (checking it off here made the next task on that date), and
    /// monthly from the 31st or yearly from 29 February, which RFC 5545 skips in the months without
    /// that day (tasks took their last day, and rewrote the rule). The same from the 28th is read.
    @Test(arguments: [("DUE;VALUE=DATE:20261201\r\nRRULE:FREQ=DAILY\r\nEXDATE;VALUE=DATE:20261202\r\n", "FREQ=DAILY", 8),
                      ("DUE;VALUE=DATE:20261201\r\nRRULE:FREQ=DAILY\r\nRDATE;VALUE=DATE:20261215\r\n", "FREQ=DAILY", 8),
                      ("DUE;VALUE=DATE:20270131\r\nRRULE:FREQ=MONTHLY\r\n", "FREQ=MONTHLY", 8),
                      ("DUE;VALUE=DATE:20280229\r\nRRULE:FREQ=YEARLY\r\n", "FREQ=YEARLY", 8),
                      // Counting with it overflowed, and checking it off ended the program (found by an independent tester).
                      ("DUE;VALUE=DATE:20261201\r\nRRULE:FREQ=WEEKLY;INTERVAL=9223372036854775807\r\n",
                       "FREQ=WEEKLY;INTERVAL=9223372036854775807", 8),
                      // The 29th in Auckland, where the series counts (`Recurrence.zone`).
                      ("DUE;TZID=Pacific/Auckland:20270129T100000\r\nRRULE:FREQ=MONTHLY\r\n", "FREQ=MONTHLY", 8)])
    func aSeriesTasksWouldFollowOtherwiseIsRefusedWhenAsked(_ lines: String, _ rule: String, _ line: Int) throws {
        let text = "BEGIN:VCALENDAR\r\n" + ICalendarMappingTests.todo(1, "SUMMARY:Meet\r\n" + lines) + "END:VCALENDAR\r\n"
        #expect(throws: InterchangeError(.line(line), .unreadableRecurrence(rule))) {
            try ICalendarResource.read(Array(text.utf8), timeZone: Samples.utc, now: Samples.now, refusingUnreadableRecurrence: true)
        }
        #expect(try Self.read(text).recurrence == nil)
        let fromThe28th = text.replacingOccurrences(of: "20270131", with: "20270128")
        if fromThe28th != text { #expect(try Self.read(fromThe28th).recurrence != nil) }
    }

    /// A series from a due in a zone the system knows counts in that zone (`Recurrence.zone`): days
    /// and weeks alike, and days of the week and of the month too from a day that is another here.
    @Test(arguments: [("DUE;TZID=Pacific/Auckland:20270104T080000\r\nRRULE:FREQ=WEEKLY\r\n", Recurrence.Rule.weeks(1)),
                      ("DUE;TZID=Pacific/Auckland:20270104T080000\r\nRRULE:FREQ=DAILY;INTERVAL=2\r\n", .days(2)),
                      ("DUE;TZID=America/New_York:20270104T080000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n", .weekdays([.monday])),
                      ("DUE;TZID=Pacific/Auckland:20270104T180000\r\nRRULE:FREQ=MONTHLY\r\n", .months(1, dayOfMonth: nil)),
                      ("DUE;TZID=Pacific/Auckland:20270104T080000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n", .weekdays([.monday])),
                      ("DUE;TZID=Pacific/Auckland:20270104T080000\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=4\r\n", .months(1, dayOfMonth: nil))])
    func aSeriesFromADueInAnotherZoneIsReadWhereTasksFollowsItAlike(_ lines: String, _ rule: Recurrence.Rule) throws {
        let text = "BEGIN:VCALENDAR\r\n" + ICalendarMappingTests.todo(1, "SUMMARY:Meet\r\n" + lines) + "END:VCALENDAR\r\n"
        let zone = String(lines.dropFirst("DUE;TZID=".count).prefix { $0 != ":" })
        #expect(try Self.read(text).recurrence == Recurrence(rule, zone: zone))
    }

    @Test func aToDoWithoutASummaryIsRefused() {
        #expect(throws: InterchangeError(.line(2), .missingField("SUMMARY"))) {
            try Self.read("BEGIN:VCALENDAR\r\n" + ICalendarMappingTests.todo(1, "") + "END:VCALENDAR\r\n")
        }
    }

    /// A task that takes another copy's lines (a phone's next task of a series, given a note) keeps
    /// its own bookkeeping, markers and zones, and takes the rest, a zone it lacks too.
    @Test func takingAnotherCopysLinesKeepsItsOwnBookkeepingMarkersAndZones() {
        let here = ["UID:here", "DTSTAMP:20261201T000000Z", "X-TASKS-DUE-ZONE:FLOATING", "DESCRIPTION:Old note",
                    "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"]
        let there = ["UID:there", "CREATED:20261130T000000Z", "DESCRIPTION:Use rain water", "BEGIN:VALARM", "ACTION:DISPLAY",
                     "TRIGGER:-PT1H", "END:VALARM", "X-TASKS-SERIES-DUE:20261201", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
                     "END:VTIMEZONE", "BEGIN:VTIMEZONE", "TZID:America/New_York", "END:VTIMEZONE", "X-OTHER:1"]

        let taken = ICalendarResource.taking(there.joined(separator: "\n"), into: here.joined(separator: "\n"))

        #expect(taken.split(separator: "\n") == [
            "UID:here", "DTSTAMP:20261201T000000Z", "X-TASKS-DUE-ZONE:FLOATING",
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
            "DESCRIPTION:Use rain water", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1H", "END:VALARM",
            "BEGIN:VTIMEZONE", "TZID:America/New_York", "END:VTIMEZONE", "X-OTHER:1",
        ])
    }
}
