import Foundation
import TaskTestSupport
import Testing

/// iCalendar with the real Python `icalendar` (from PyPI).
@Suite struct ICalendarPeerTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func python(_ program: String) async throws -> ProgramRun {
        try program.write(toFile: folder.file("program.py"), atomically: true, encoding: .utf8)
        return try await Peers.run(Peers.python, [folder.file("program.py")], in: folder)
    }

    @Test func icalendarReadsOurExport() async throws {
        let script = "add Buy milk, bread; eggs\nadd Pay rent\nadd \(String(repeating: "long ", count: 30))日本語\nfav 1\ndone 2\n"
        _ = try await ProgramRun(["--quiet"], input: script, in: folder)
        _ = try await ProgramRun(["--quiet", "export", folder.file("tasks.ics")], in: folder)
        let read = try await python("""
            import icalendar
            calendar = icalendar.Calendar.from_ical(open(\(folder.file("tasks.ics").debugDescription), "rb").read())
            for todo in calendar.walk("VTODO"):
                print(str(todo["SUMMARY"]), todo["STATUS"], todo.get("PRIORITY", "-"), "COMPLETED" in todo, len(str(todo["UID"])))
            """)
        #expect(read.output == """
            Buy milk, bread; eggs NEEDS-ACTION 1 False 36
            Pay rent COMPLETED - True 36
            \(String(repeating: "long ", count: 30))日本語 NEEDS-ACTION - False 36

            """, "\(read)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("tasks.ics")))
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        #expect(lines.allSatisfy { $0.last == UInt8(ascii: "\r") && $0.count <= 76 })
    }

    @Test func whatIcalendarWritesImportsAndItsOtherPropertiesComeBack() async throws {
        let written = try await python("""
            import icalendar, datetime
            calendar = icalendar.Calendar()
            calendar.add("prodid", "-//test//icalendar//EN")
            calendar.add("version", "2.0")
            for uid, summary, status, priority in [("a@example.com", "Call mom, then dad", "NEEDS-ACTION", 1),
                                                    ("b@example.com", "Line one\\nline two", "COMPLETED", 5)]:
                todo = icalendar.Todo()
                todo.add("uid", uid)
                todo.add("summary", summary)
                todo.add("status", status)
                todo.add("priority", priority)
                todo.add("dtstamp", datetime.datetime(2026, 11, 20, 9, 0, tzinfo=datetime.timezone.utc))
                todo.add("created", datetime.datetime(2026, 11, 20, 9, 0, tzinfo=datetime.timezone.utc))
                todo.add("due", datetime.date(2099, 12, 1))
                todo.add("categories", ["home", "family"])
                if status == "COMPLETED":
                    todo.add("completed", datetime.datetime(2026, 11, 21, 10, 0, tzinfo=datetime.timezone.utc))
                calendar.add_component(todo)
            open(\(folder.file("theirs.ics").debugDescription), "wb").write(calendar.to_ical())
            """)
        #expect(written.status == 0, "\(written)")
        let imported = try await ProgramRun(["import", folder.file("theirs.ics")], in: folder)
        #expect(imported.output == """
              1 ★ Call mom, then dad  +home +family  1 dec 2099
              2   ✓ Line one\\nline two  +home +family  1 dec 2099
            Imported \(folder.file("theirs.ics")) (iCalendar): 2 added, 0 updated, 0 unchanged

            """, "\(imported)")
        _ = try await ProgramRun(["--quiet", "export", folder.file("ours.ics")], in: folder)
        let read = try await python("""
            import icalendar
            calendar = icalendar.Calendar.from_ical(open(\(folder.file("ours.ics").debugDescription), "rb").read())
            for todo in calendar.walk("VTODO"):
                print(todo["UID"], repr(str(todo["SUMMARY"])), todo["STATUS"], todo["PRIORITY"], todo["DUE"].dt,
                      [str(c) for c in todo["CATEGORIES"].cats], todo["CREATED"].dt, todo.get("COMPLETED") and todo["COMPLETED"].dt)
            """)
        #expect(read.output == """
            a@example.com 'Call mom, then dad' NEEDS-ACTION 1 2099-12-01 ['home', 'family'] 2026-11-20 09:00:00+00:00 None
            b@example.com 'Line one\\nline two' COMPLETED 5 2099-12-01 ['home', 'family'] 2026-11-20 09:00:00+00:00 2026-11-21 10:00:00+00:00

            """, "\(read)")
    }

    @Test func icalendarReadsOurDueDatesCategoriesAndRecurrenceRules() async throws {
        try """
            2026-11-20 Pay rent +home @desk due:2026-12-01 rec:+1m
            2026-11-20 Call mom +a,b due:2026-12-02 due-time:17:30+00:00 rec:2w
            2026-11-20 Gym rec:+mon,thu
            2026-11-20 Rent due:2027-01-31 rec:+1m

            """.write(toFile: folder.file("start.txt"), atomically: true, encoding: .utf8)
        _ = try await ProgramRun(["--quiet", "import", folder.file("start.txt")], in: folder, environment: ["TZ": "UTC"])
        _ = try await ProgramRun(["--quiet", "export", folder.file("tasks.ics")], in: folder, environment: ["TZ": "UTC"])
        let read = try await python("""
            import icalendar
            calendar = icalendar.Calendar.from_ical(open(\(folder.file("tasks.ics").debugDescription), "rb").read())
            for todo in calendar.walk("VTODO"):
                due = todo.get("DUE")
                categories = todo.get("CATEGORIES")
                print(str(todo["SUMMARY"]), due and type(due.dt).__name__ + ' ' + due.dt.isoformat(), categories and [str(c) for c in categories.cats],
                      dict(todo["RRULE"]) if "RRULE" in todo else None, todo.get("X-TASKS-RECUR-FROM"))
            """)
        #expect(read.output == """
            Pay rent date 2026-12-01 ['home', '@desk'] {'FREQ': ['MONTHLY']} None
            Call mom datetime 2026-12-02T17:30:00+00:00 ['a,b'] {'FREQ': ['WEEKLY'], 'INTERVAL': [2]} COMPLETION
            Gym None None {'FREQ': ['WEEKLY'], 'BYDAY': ['MO', 'TH']} None
            Rent date 2027-01-31 None {'FREQ': ['MONTHLY'], 'BYMONTHDAY': [28, 29, 30, 31], 'BYSETPOS': [-1]} None

            """, "\(read)")
    }

    /// What another client wrote, changed here (checked off, un-checked, edited), reads as that
    /// client meant it: a zone for every TZID, the percentage agreeing with the status, the summary's language.
    @Test func icalendarReadsTheirToDosChangedHereAsTheyMeantThem() async throws {
        try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//peer//peer//EN\r
            BEGIN:VTIMEZONE\r
            TZID:Europe/Berlin\r
            BEGIN:STANDARD\r
            TZOFFSETFROM:+0100\r
            TZOFFSETTO:+0100\r
            DTSTART:19700101T000000\r
            END:STANDARD\r
            END:VTIMEZONE\r
            BEGIN:VTODO\r
            UID:paint@peer\r
            SUMMARY:Paint\r
            STATUS:IN-PROCESS\r
            PERCENT-COMPLETE:40\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:old@peer\r
            SUMMARY:Old\r
            STATUS:COMPLETED\r
            PERCENT-COMPLETE:100\r
            COMPLETED:20261121T100000Z\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:greet@peer\r
            SUMMARY;LANGUAGE=de:Grüße\r
            DTSTART;TZID=Europe/Berlin:20261130T090000\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:call@peer\r
            SUMMARY:Call\r
            DTSTART;TZID=America/New_York:20261130T090000\r
            END:VTODO\r
            END:VCALENDAR\r

            """.write(toFile: folder.file("theirs.ics"), atomically: true, encoding: .utf8)
        let utc = ["TZ": "UTC"]
        _ = try await ProgramRun(["--quiet", "import", folder.file("theirs.ics")], in: folder, environment: utc)
        _ = try await ProgramRun(["--quiet"], input: "done 1 2\nedit 3 Grüße, Oma\n", in: folder, environment: utc)
        _ = try await ProgramRun(["--quiet", "export", folder.file("ours.ics")], in: folder, environment: utc)
        let read = try await python("""
            import icalendar
            calendar = icalendar.Calendar.from_ical(open(\(folder.file("ours.ics").debugDescription), "rb").read())
            print([str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")])
            for todo in calendar.walk("VTODO"):
                start = todo.get("DTSTART")
                print(str(todo["SUMMARY"]), todo["SUMMARY"].params.get("LANGUAGE"), todo["STATUS"], todo.get("PERCENT-COMPLETE"),
                      "COMPLETED" in todo, start and start.dt.isoformat())
            """)
        #expect(read.output == """
            ['Europe/Berlin', 'America/New_York']
            Paint None COMPLETED 100 True None
            Old None NEEDS-ACTION None False None
            Grüße, Oma de NEEDS-ACTION None False 2026-11-30T09:00:00+01:00
            Call None NEEDS-ACTION None False 2026-11-30T09:00:00-05:00

            """, "\(read)")
    }

    /// To-dos due in zones their calendar named without defining them are written with zones made
    /// from the system's rules: icalendar reads each
    /// (`to_tz`) as Python's own zone database says, every six hours of the years around the due
    /// dates, and each due as it was read.
    @Test func icalendarReadsTheZonesMadeFromTheSystemsRulesAsItsOwnDatabaseSaysThem() async throws {
        let zones = [("Europe/Berlin", "20261201T170000"), ("America/New_York", "20260310T090000"),
                     ("Australia/Sydney", "20261004T090000"), ("Australia/Lord_Howe", "20260405T090000"),
                     ("Asia/Kolkata", "20260310T090000"), ("America/Sao_Paulo", "20180601T090000"),
                     ("Pacific/Chatham", "20260927T090000")]
        let toDos = zones.enumerated().map { index, zone in
            "BEGIN:VTODO\r\nUID:z\(index)@peer\r\nSUMMARY:\(zone.0)\r\nDUE;TZID=\(zone.0):\(zone.1)\r\nRRULE:FREQ=WEEKLY\r\nEND:VTODO\r\n"
        }
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//peer//peer//EN\r\n" + toDos.joined() + "END:VCALENDAR\r\n")
            .write(toFile: folder.file("theirs.ics"), atomically: true, encoding: .utf8)
        let utc = ["TZ": "UTC"]
        _ = try await ProgramRun(["--quiet", "import", folder.file("theirs.ics")], in: folder, environment: utc)
        _ = try await ProgramRun(["--quiet", "export", folder.file("ours.ics")], in: folder, environment: utc)
        let read = try await python("""
            import icalendar, datetime, zoneinfo
            calendar = icalendar.Calendar.from_ical(open(\(folder.file("ours.ics").debugDescription), "rb").read())
            dues = {str(todo["SUMMARY"]): todo["DUE"] for todo in calendar.walk("VTODO")}
            for zone in calendar.walk("VTIMEZONE"):
                tzid = str(zone["TZID"])
                theirs, ours = zone.to_tz(), zoneinfo.ZoneInfo(tzid)
                year = dues[tzid].dt.year
                moment = datetime.datetime(year - 1, 1, 1, tzinfo=datetime.timezone.utc)
                wrong = 0
                while moment.year <= year + 2:
                    wrong += moment.astimezone(theirs).utcoffset() != moment.astimezone(ours).utcoffset()
                    moment += datetime.timedelta(hours=6)
                print(tzid, dues[tzid].params["TZID"], dues[tzid].to_ical().decode(), "wrong:", wrong)
            """)
        #expect(read.output == """
            Europe/Berlin Europe/Berlin 20261201T170000 wrong: 0
            America/New_York America/New_York 20260310T090000 wrong: 0
            Australia/Sydney Australia/Sydney 20261004T090000 wrong: 0
            Australia/Lord_Howe Australia/Lord_Howe 20260405T090000 wrong: 0
            Asia/Kolkata Asia/Kolkata 20260310T090000 wrong: 0
            America/Sao_Paulo America/Sao_Paulo 20180601T090000 wrong: 0
            Pacific/Chatham Pacific/Chatham 20260927T090000 wrong: 0

            """, "\(read)")
    }
}
