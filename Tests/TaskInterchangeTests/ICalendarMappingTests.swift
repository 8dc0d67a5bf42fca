import Foundation
import Testing
@testable import TaskInterchange
import TaskModel

/// What other clients' to-dos become when tasks writes them back (export, and CalDAV sync through
/// `ICalendarResource`): valid iCalendar that reads the same, whatever tasks changed in them.
@Suite struct ICalendarMappingTests {
    /// A file of `body` (VTODOs and other components), read as tasks.
    static func imported(_ body: String) throws -> [TaskItem] {
        let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//peer//peer//EN\r\n" + body + "END:VCALENDAR\r\n"
        return Array(try RoundTripTests.reimported(Array(file.utf8), .ics))
    }

    static func exported(_ tasks: [TaskItem]) -> String {
        String(decoding: Interchange.export(TaskList(tasks), as: .ics, timeZone: Samples.utc), as: UTF8.self)
    }

    static let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tasks//tasks//EN\r\n"

    static let berlin = """
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:STANDARD\r
        DTSTART:19701025T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        TZNAME:CET\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:19700329T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        TZNAME:CEST\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r

        """

    /// Berlin's VTIMEZONE as tasks makes it from the system's rules for times in 2026
    /// (`ICalendarSystemZone`): from the year before, by the rules of the European Union.
    static let berlinFromTheSystem = """
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:DAYLIGHT\r
        DTSTART:20250330T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        DTSTART:20251026T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """

    static func todo(_ n: Int, _ lines: String) -> String {
        "BEGIN:VTODO\r\nUID:019a0000-0000-7000-8000-00000000000\(n)\r\nDTSTAMP:20261120T090000Z\r\n"
            + "CREATED:20261120T090000Z\r\n" + lines + "END:VTODO\r\n"
    }

    // MARK: Time zones

    @Test func aKeptTimeWithATZIDIsWrittenWithItsVTimezoneBeforeTheToDos() throws {
        // The zone comes after the to-do in the file, which RFC 5545 allows.
        let tasks = try Self.imported(Self.todo(1, """
            SUMMARY:Meet\r
            DUE;TZID=Europe/Berlin:20261201T090000\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r

            """) + Self.berlin)
        #expect(Self.exported(tasks) == Self.head + Self.berlin + Self.todo(1, """
            SUMMARY:Meet\r
            STATUS:NEEDS-ACTION\r
            DUE;TZID=Europe/Berlin:20261201T090000\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r

            """) + "END:VCALENDAR\r\n")
    }

    @Test func aZoneTwoToDosReferToIsWrittenOnceAndOneNoKeptLineNeedsIsNot() throws {
        let tasks = try Self.imported(Self.berlin + Self.todo(1, """
            SUMMARY:One\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r

            """) + Self.todo(2, """
            SUMMARY:Two\r
            RECURRENCE-ID;TZID="Europe/Berlin":20261130T090000\r

            """) + Self.todo(3, """
            SUMMARY:Three\r
            DUE;TZID=Europe/Berlin:20261201T090000\r

            """))
        let text = Self.exported(tasks)
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        #expect(text.hasPrefix(Self.head + Self.berlin + "BEGIN:VTODO\r\n"))
        #expect(text.contains("RECURRENCE-ID;TZID=\"Europe/Berlin\":20261130T090000\r\n"))
        #expect(text.contains("SUMMARY:Three\r\nSTATUS:NEEDS-ACTION\r\nDUE;TZID=Europe/Berlin:20261201T090000\r\nEND:VTODO\r\n"))
    }

    @Test func aLineEndingInAStrayCarriageReturnBeforeOneWithATZIDLeavesItsZoneKept() throws {
        let tasks = try Self.imported(Self.berlin + Self.todo(1, """
            SUMMARY:Meet\r
            X-A:1\r\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r

            """))
        #expect(Self.exported(tasks).hasPrefix(Self.head + Self.berlin + "BEGIN:VTODO\r\n"))
    }

    /// Outlook's name for Central European time, which the system does not know, defined by the
    /// calendar as Outlook writes it.
    static let outlook = """
        BEGIN:VTIMEZONE\r
        TZID:W. Europe Standard Time\r
        BEGIN:STANDARD\r
        DTSTART:16010101T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:16010101T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r

        """

    /// A due time in a zone the calendar defines and the system does not know is read by the
    /// zone's rules, winter and summer, and written back in it, with its VTIMEZONE: it was read as
    /// UTC, shown an hour late, and written back in UTC (found by an independent tester).
    @Test func aDueInAZoneOnlyTheCalendarDefinesIsReadAndWrittenByItsRules() throws {
        var tasks = try Self.imported(Self.todo(1, "SUMMARY:Winter\r\nDUE;TZID=\"W. Europe Standard Time\":20261210T170000\r\n")
            + Self.todo(2, "SUMMARY:Summer\r\nDUE;TZID=W. Europe Standard Time:20260710T170000\r\n") + Self.outlook)
        #expect(tasks.map(\.due) == [.instant(Samples.utcTime(2026, 12, 10, 16, 0)), .instant(Samples.utcTime(2026, 7, 10, 15, 0))])
        tasks[0].text = "Winter, edited"
        tasks[1].due = .instant(Samples.utcTime(2026, 3, 29, 0, 30)) // half an hour before summer time (01:00 UTC)
        let text = Self.exported(tasks)
        #expect(text.hasPrefix(Self.head + Self.outlook + "BEGIN:VTODO\r\n"))
        #expect(text.contains("SUMMARY:Winter\\, edited\r\nSTATUS:NEEDS-ACTION\r\nDUE;TZID=W. Europe Standard Time:20261210T170000\r\n"))
        #expect(text.contains("SUMMARY:Summer\r\nSTATUS:NEEDS-ACTION\r\nDUE;TZID=W. Europe Standard Time:20260329T013000\r\n"))
        #expect(try Self.imported(String(text.dropFirst(Self.head.count).dropLast("END:VCALENDAR\r\n".count))).map(\.due) == tasks.map(\.due))
    }

    /// RFC 5545 (§3.3.5): 02:30 on 25 October 2026, which Berlin's clocks show twice, is the first
    /// (summer time, 00:30 UTC); 02:30 on 29 March, which they skip, is read in winter time (01:30
    /// UTC). The same by the system's rules and by a calendar's own. (The second 02:30 was read, an
    /// hour late: found by an independent tester.)
    @Test(arguments: ["Europe/Berlin", "W. Europe Standard Time"])
    func aTimeTheClocksShowTwiceIsTheFirstAndOneTheySkipIsInTheOffsetBefore(_ zone: String) throws {
        let tasks = try Self.imported(Self.todo(1, "SUMMARY:Back\r\nDUE;TZID=\(zone):20261025T023000\r\n")
            + Self.todo(2, "SUMMARY:Forward\r\nDUE;TZID=\(zone):20260329T023000\r\n") + Self.outlook)
        #expect(tasks.map(\.due) == [.instant(Samples.utcTime(2026, 10, 25, 0, 30)), .instant(Samples.utcTime(2026, 3, 29, 1, 30))])
    }

    /// A zone of a program's own, of one offset, with no rule.
    @Test func aDueInAZoneOfOneOffsetTheCalendarDefinesIsReadByIt() throws {
        let zone = "BEGIN:VTIMEZONE\r\nTZID:My Zone\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
            + "TZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        var tasks = try Self.imported(zone + Self.todo(1, "SUMMARY:Call\r\nDUE;TZID=My Zone:20261210T170000\r\n"))
        #expect(tasks[0].due == .instant(Samples.utcTime(2026, 12, 10, 11, 30)))
        tasks[0].isFavorite = true
        #expect(Self.exported(tasks).contains("PRIORITY:1\r\nDUE;TZID=My Zone:20261210T170000\r\nEND:VTODO\r\n"))
    }

    /// With no VTIMEZONE kept, a zone the system knows is written with one made from its rules (see
    /// `ICalendarTimeZones`; in UTC, as before, a client repeating it by its local time drifted an
    /// hour at the next change of daylight saving time), and one it does not know, whose offset
    /// nobody can tell, as the same floating local time.
    @Test func aTZIDWithoutItsVTimezoneGetsOneFromTheSystemOrBecomesFloating() throws {
        let tasks = try Self.imported(Self.todo(1, """
            SUMMARY:Meet\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r
            EXDATE;TZID=Europe/Berlin:20260701T090000,20261207T090000\r
            X-SEEN;VALUE=DATE-TIME;TZID=Somewhere/Unknown:20261130T090000\r

            """))
        #expect(Self.exported(tasks) == Self.head + Self.berlinFromTheSystem + Self.todo(1, """
            SUMMARY:Meet\r
            STATUS:NEEDS-ACTION\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r
            EXDATE;TZID=Europe/Berlin:20260701T090000,20261207T090000\r
            X-SEEN;VALUE=DATE-TIME:20261130T090000\r

            """) + "END:VCALENDAR\r\n")
    }

    // MARK: Done and not done

    /// The end of the VTODO of `summary` done at `Samples.done`, `rest` after its own lines.
    static func done(_ summary: String, _ rest: String = "") -> String {
        "SUMMARY:\(summary)\r\nSTATUS:COMPLETED\r\nCOMPLETED:20251123T121320Z\r\n" + rest + "END:VTODO\r\n"
    }

    @Test func aToDoInProgressCheckedOffIsAHundredPercentAndUncheckedItIsAsItWas() throws {
        var tasks = try Self.imported(Self.todo(1, "SUMMARY:Paint\r\nSTATUS:IN-PROCESS\r\nPERCENT-COMPLETE:40\r\n"))
        tasks[0].doneAt = Samples.done
        #expect(Self.exported(tasks).contains(Self.done("Paint", "PERCENT-COMPLETE:100\r\n")))
        tasks[0].doneAt = nil
        #expect(Self.exported(tasks).contains("SUMMARY:Paint\r\nSTATUS:IN-PROCESS\r\nPERCENT-COMPLETE:40\r\nEND:VTODO\r\n"))
    }

    @Test func aCompletedToDoUncheckedLosesItsHundredPercentAndItsCompletedTime() throws {
        var tasks = try Self.imported(Self.todo(1, """
            SUMMARY:Paint\r
            STATUS:COMPLETED\r
            PERCENT-COMPLETE:100\r
            COMPLETED:20261121T100000Z\r

            """) + Self.todo(2, "SUMMARY:Odd\r\nSTATUS:IN-PROCESS\r\nCOMPLETED:20261121T100000Z\r\n"))
        #expect(tasks.map(\.isDone) == [true, false])
        tasks[0].doneAt = nil
        let text = Self.exported(tasks)
        #expect(text.contains("SUMMARY:Paint\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\n"))
        #expect(text.contains("SUMMARY:Odd\r\nSTATUS:IN-PROCESS\r\nEND:VTODO\r\n"))
    }

    @Test func aToDoWithAKeptCompletedTimeCheckedOffWritesOneCompleted() throws {
        var tasks = try Self.imported(Self.todo(1, "SUMMARY:Odd\r\nSTATUS:IN-PROCESS\r\nCOMPLETED:20261121T100000Z\r\n"))
        tasks[0].doneAt = Samples.done
        #expect(Self.exported(tasks).contains(Self.done("Odd")))
    }

    // MARK: A priority

    /// A high priority (1 to 4, RFC 5545) is a favourite, kept as it was read; a lower one is kept
    /// while the task is no favourite. Only 1 was a favourite: the phone's "high" was not shown
    /// (found by an independent tester).
    @Test func aHighPriorityIsAFavouriteAndEveryPriorityComesBackAsItWas() throws {
        var tasks = try Self.imported(Self.todo(1, "SUMMARY:High\r\nPRIORITY:3\r\n") + Self.todo(2, "SUMMARY:Medium\r\nPRIORITY:5\r\n"))
        #expect(tasks.map(\.isFavorite) == [true, false])
        #expect(Self.exported(tasks).contains("SUMMARY:High\r\nSTATUS:NEEDS-ACTION\r\nPRIORITY:3\r\nEND:VTODO\r\n"))
        #expect(Self.exported(tasks).contains("SUMMARY:Medium\r\nSTATUS:NEEDS-ACTION\r\nPRIORITY:5\r\nEND:VTODO\r\n"))
        tasks[0].isFavorite = false
        tasks[1].isFavorite = true
        #expect(Self.exported(tasks).contains("SUMMARY:High\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\n"))
        #expect(Self.exported(tasks).contains("SUMMARY:Medium\r\nSTATUS:NEEDS-ACTION\r\nPRIORITY:1\r\nEND:VTODO\r\n"))
        tasks[1].isFavorite = false
        #expect(Self.exported(tasks).contains("SUMMARY:Medium\r\nSTATUS:NEEDS-ACTION\r\nPRIORITY:5\r\nEND:VTODO\r\n"))
    }

    // MARK: A due date

    /// A to-do without a DUE is due at its DTSTART plus its DURATION, which the DUE written
    /// replaces (a to-do may have one of the two): Radicale refused the one tasks wrote with both,
    /// and a due date taken off here stayed on the phone (found by independent testers).
    @Test func aDurationIsADueDateWrittenAsOne() throws {
        var tasks = try Self.imported(Self.todo(1, "SUMMARY:Meet\r\nDTSTART:20261201T100000Z\r\nDURATION:PT1H30M\r\n")
            + Self.todo(2, "SUMMARY:Trip\r\nDTSTART;VALUE=DATE:20261201\r\nDURATION:P1W\r\n"))
        #expect(tasks.map(\.due) == [.instant(Samples.utcTime(2026, 12, 1, 11, 30)), .day(Samples.day(2026, 12, 8))])
        #expect(Self.exported(tasks).contains("DUE:20261201T113000Z\r\nDTSTART:20261201T100000Z\r\nEND:VTODO\r\n"))
        tasks[0].due = .day(Samples.day(2026, 12, 3))
        tasks[1].due = nil
        let text = Self.exported(tasks)
        #expect(text.contains("DUE;VALUE=DATE:20261203\r\nDTSTART;VALUE=DATE:20261201\r\nEND:VTODO\r\n"))
        #expect(text.contains("SUMMARY:Trip\r\nSTATUS:NEEDS-ACTION\r\nDTSTART;VALUE=DATE:20261201\r\nEND:VTODO\r\n"))
        #expect(!text.contains("DURATION"))
    }

    /// A kept DTSTART stands beside a due date only of its value type and not later (RFC 5545): a
    /// time becomes its day beside an all-day due date, and one later than the due date goes.
    @Test func aStartIsKeptOnlyAsItMayStandBesideTheDueDate() throws {
        var tasks = try Self.imported(Self.todo(1, "SUMMARY:A\r\nDTSTART:20261201T100000Z\r\n")
            + Self.todo(2, "SUMMARY:B\r\nDTSTART;VALUE=DATE:20261201\r\n") + Self.todo(3, "SUMMARY:C\r\nDTSTART:20261201T100000Z\r\n")
            + Self.todo(4, "SUMMARY:D\r\nDTSTART;VALUE=DATE:20261203\r\n"))
        tasks[0].due = .day(Samples.day(2026, 11, 30))
        tasks[1].due = .instant(Samples.utcTime(2026, 12, 2, 9, 0))
        tasks[2].due = .instant(Samples.utcTime(2026, 12, 2, 9, 0))
        tasks[3].due = .instant(Samples.utcTime(2026, 12, 2, 9, 0))
        let text = Self.exported(tasks)
        #expect(text.contains("SUMMARY:A\r\nSTATUS:NEEDS-ACTION\r\nDUE;VALUE=DATE:20261130\r\nEND:VTODO\r\n"))
        // A day becomes its midnight beside a timed due date (it was dropped: found by an independent tester).
        #expect(text.contains("SUMMARY:B\r\nSTATUS:NEEDS-ACTION\r\nDUE:20261202T090000Z\r\nDTSTART:20261201T000000\r\nEND:VTODO\r\n"))
        #expect(text.contains("SUMMARY:D\r\nSTATUS:NEEDS-ACTION\r\nDUE:20261202T090000Z\r\nEND:VTODO\r\n"))
        #expect(text.contains("SUMMARY:C\r\nSTATUS:NEEDS-ACTION\r\nDUE:20261202T090000Z\r\nDTSTART:20261201T100000Z\r\nEND:VTODO\r\n"))
    }

    /// A duration's days are the calendar's in the start's zone: across the change of clocks one
    /// is 25 hours (it was 24: found by an independent tester).
    @Test func aDurationsDaysAreCalendarDaysInTheStartsZone() throws {
        let tasks = try Self.imported(Self.berlin + Self.todo(1, "SUMMARY:A\r\nDTSTART;TZID=Europe/Berlin:20261024T100000\r\nDURATION:P1D\r\n"))
        #expect(tasks[0].due == .instant(Samples.utcTime(2026, 10, 25, 9, 0)))
    }

    @Test(arguments: [("P1W", 7, 0), ("P2D", 2, 0), ("PT1H30M", 0, 5400), ("-P1DT12H", -1, -43200), ("PT15S", 0, 15),
                      ("P1DT2H3M4S", 1, 7384)])
    func aDurationReads(_ text: String, _ days: Int, _ seconds: Int) throws {
        let read = try #require(ICalendarAttributes.duration(text))
        #expect(read.days == days && read.seconds == seconds)
    }

    @Test(arguments: ["", "P", "PT", "1H", "P1H", "PT1D", "P1.5D", "PTT1H", "P1D2"])
    func aDurationThatIsNotOneDoesNotRead(_ text: String) {
        #expect(ICalendarAttributes.duration(text) == nil)
    }

    // MARK: The summary's parameters

    @Test func aSummaryKeepsItsParametersAlsoOnceEdited() throws {
        var tasks = try Self.imported(Self.todo(1, "SUMMARY;LANGUAGE=de:Grüße\r\n"))
        #expect(tasks[0].text == "Grüße")
        #expect(Self.exported(tasks).contains("CREATED:20261120T090000Z\r\nSUMMARY;LANGUAGE=de:Grüße\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\n"))
        tasks[0].text = "Grüße, Oma"
        #expect(Self.exported(tasks).contains("CREATED:20261120T090000Z\r\nSUMMARY;LANGUAGE=de:Grüße\\, Oma\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\n"))
    }

    // MARK: What tasks does not model

    @Test func sortOrderAlarmsDescriptionRelationsAndXPropertiesComeBackUntouched() throws {
        let kept = """
            DESCRIPTION:Two coats\\, then dry\r
            X-APPLE-SORT-ORDER:738459920\r
            RELATED-TO;RELTYPE=PARENT:019a0000-0000-7000-8000-000000000009\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:Paint\r
            TRIGGER;RELATED=END:-PT15M\r
            X-WR-ALARMUID:5C1B\r
            END:VALARM\r
            X-MOZ-GENERATION:3\r
            X-CUSTOM;X-PARAM="a:b":value\r

            """
        var tasks = try Self.imported(Self.todo(1, "SUMMARY:Paint\r\n" + kept))
        tasks[0].text = "Paint the door"
        #expect(Self.exported(tasks) == Self.head + Self.todo(1, "SUMMARY:Paint the door\r\nSTATUS:NEEDS-ACTION\r\n" + kept)
            + "END:VCALENDAR\r\n")
    }

    /// A to-do's kept lines by what they are: its own lines, whole components, a stray `END` alone
    /// (the lines after it are the to-do's own still), and a zone never ended kept among the rest.
    @Test func keptLinesAreTheToDosOwnOrAComponentsAndAStrayEndChangesNothingAfterIt() {
        let lines = ["DESCRIPTION:a", "BEGIN:VALARM", "UID:alarm", "END:VALARM", "END:VTODO", "X-KEPT:b",
                     "BEGIN:VTIMEZONE", "TZID:Nowhere", "BEGIN:STANDARD", "END:STANDARD"]
        let kept = ICalendarKeptLines(lines)
        #expect(ICalendarKeptLines.blocks(lines) == [["DESCRIPTION:a"], ["BEGIN:VALARM", "UID:alarm", "END:VALARM"],
                                                   ["END:VTODO"], ["X-KEPT:b"], Array(lines[6...])])
        #expect(kept.own == [true, false, false, false, false, true, false, false, false, false])
        #expect(kept.first(named: "UID") == nil && kept.first(named: "X-KEPT") == "X-KEPT:b")
        #expect(ICalendarTimeZones.split(lines).rest == lines && ICalendarTimeZones.split(lines).zones.isEmpty)
    }
}
