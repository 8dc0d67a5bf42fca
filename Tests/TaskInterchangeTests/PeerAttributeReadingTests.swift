import Foundation
import Testing
import TaskInterchange
import TaskModel

/// How the fields other programs write (and older exports of tasks) read as due dates, tags and
/// recurrences; what tasks cannot read stays in the text or among the format's fields.
@Suite struct PeerAttributeReadingTests {
    func first(_ text: String, _ format: InterchangeFormat) throws -> TaskImport? {
        try Interchange.parse(Array(text.utf8), as: format, timeZone: Samples.utc, now: Samples.now).tasks.first
    }

    @Test func todoTxtTakesTagsAndKeysFromAnywhereAndLeavesWhatDoesNotRead() throws {
        let task = try first("2026-11-20 Call @phone Mom due:someday rec:+1b +party\n", .todotxt)
        #expect(task?.text == "Call Mom due:someday")
        #expect(task?.tags == ["@phone", "party"])
        #expect(task?.due == nil)
        #expect(task?.recurrence == Recurrence(.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])))
    }

    @Test func aTodoTxtWordWithoutALetterAfterItsSignIsText() throws {
        let task = try first("(B) 2026-01-01 task two +1 +ok @5pm\n", .todotxt)
        #expect(task?.text == "task two +1 @5pm")
        #expect(task?.tags == ["ok"])
    }

    @Test func tagsWithSpacesOrControlCharactersBecomeOneWordAndNoneIsLost() throws {
        let json = try first(#"[{"uuid":"019a0000-0000-7000-8000-000000000001","description":"x","status":"pending","#
                             + #""tags":["home","bad tag","\u001b[2J","", " two  words "]}]"#, .json)
        #expect(json?.tags == ["home", "bad_tag", "[2J", "two_words"])
        let ics = try first("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a@x\r\nSUMMARY:y\r\nCATEGORIES:a b,c\\,d,ok\r\n"
                            + "END:VTODO\r\nEND:VCALENDAR\r\n", .ics)
        #expect(ics?.tags == ["a_b", "c,d", "ok"])
    }

    @Test func aTaskwarriorDueWithoutOurMarkIsAnInstantAndItsTagsAreFirstClass() throws {
        let task = try first(#"[{"uuid":"019a0000-0000-7000-8000-000000000001","description":"x","status":"pending","#
                             + #""due":"20261201T000000Z","tags":["home","@phone"],"recur":"2wks","project":"p"}]"#, .json)
        #expect(task?.due == .instant(Date(timeIntervalSince1970: 1_796_083_200)))
        #expect(task?.tags == ["home", "@phone"])
        #expect(task?.recurrence == Recurrence(.weeks(2)))
        #expect(task?.foreign == ["taskwarrior": #"{"project":"p"}"#])
    }

    /// A period of more than 10,000 units is no series, in any format: counting with one of
    /// `Int.max` weeks overflowed, and checking it off ended the program (found by an independent
    /// tester, from a CalDAV server). 10,000 is one.
    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a@x\r\nSUMMARY:y\r\nDUE;VALUE=DATE:20261201\r\nRRULE:FREQ=WEEKLY;INTERVAL=COUNT\r\n"
         + "END:VTODO\r\nEND:VCALENDAR\r\n", InterchangeFormat.ics),
        (#"[{"uuid":"019a0000-0000-7000-8000-000000000001","description":"x","status":"pending","due":"20261201T000000Z","recur":"COUNTwks"}]"#,
         .json),
        (#"[{"uuid":"019a0000-0000-7000-8000-000000000001","description":"x","status":"pending","due":"20261201T000000Z","tasksrecur":"COUNTw"}]"#,
         .json),
        ("- [ ] x (due 2026-12-01, every COUNT weeks)\n", .markdown),
        ("Call due:2026-12-01 rec:COUNTw\n", .todotxt),
    ])
    func aPeriodOfMoreThanTenThousandUnitsIsNoSeries(text: String, format: InterchangeFormat) throws {
        for count in ["9223372036854775807", "10001"] {
            #expect(try first(text.replacingOccurrences(of: "COUNT", with: count), format)?.recurrence == nil, "\(count)")
        }
        #expect(try first(text.replacingOccurrences(of: "COUNT", with: "10000"), format)?.recurrence?.rule == .weeks(10_000))
    }

    @Test func aTaskwarriorTemplateThatIsNotOursIsStillReportedAsSkipped() throws {
        let parsed = try Interchange.parse(Array(#"{"uuid":"019a0000-0000-7000-8000-000000000009","description":"t","status":"recurring"}"#.utf8),
                                           as: .json, timeZone: Samples.utc, now: Samples.now)
        #expect(parsed.skipped.map(\.reason) == [.recurringTemplate])
    }

    @Test func anICalendarDueInANamedZoneEveryCategoriesLineAndAnRRuleTasksCannotSay() throws {
        let task = try first("""
            BEGIN:VCALENDAR\r
            BEGIN:VTODO\r
            UID:019a0000-0000-7000-8000-000000000001\r
            SUMMARY:x\r
            DUE;TZID=Europe/Paris:20261201T170000\r
            CATEGORIES:home,a\\,b\r
            CATEGORIES:Two words\r
            CATEGORIES:@phone\r
            RRULE:FREQ=WEEKLY;COUNT=3\r
            END:VTODO\r
            END:VCALENDAR\r

            """, .ics)
        #expect(task?.due == .instant(Date(timeIntervalSince1970: 1_796_140_800)))
        #expect(task?.tags == ["home", "a,b", "Two_words", "@phone"])
        #expect(task?.recurrence == nil)
        // The due's zone, the categories as written and the due the series was read beside are kept
        // (markers, never written themselves) to write the due in that zone again, the categories
        // as they were while the tags are, and the series while the task is still due then.
        #expect(task?.foreign == ["icalendar": "RRULE:FREQ=WEEKLY;COUNT=3\nX-TASKS-DUE-ZONE;TZID=Europe/Paris:\n"
            + "X-TASKS-CATEGORIES:CATEGORIES:home,a\\,b\nX-TASKS-CATEGORIES:CATEGORIES:Two words\nX-TASKS-CATEGORIES:CATEGORIES:@phone\n"
            + "X-TASKS-SERIES-DUE:20261201T160000Z"])
    }

    @Test func aMarkdownItemWithoutOurWordsKeepsItsParenthesesAsText() throws {
        let task = try first("- [ ] Call (due soon) +home\n", .markdown)
        #expect(task?.text == "Call (due soon)")
        #expect(task?.tags == ["home"])
        #expect(task?.due == nil)
    }
}
