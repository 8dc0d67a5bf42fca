import Foundation
import Testing
import TaskInterchange
import TaskModel

/// What each format writes for due dates, tags and recurrences, byte for byte, in a zone with
/// summer time and an offset (Paris: UTC+1 in December). iCalendar writes a recurring task's timed
/// due in that zone, with its VTIMEZONE: the zone tasks follows the series in.
@Suite struct AttributeBytesTests {
    static let paris = TimeZone(identifier: "Europe/Paris") ?? Samples.utc

    static let list = TaskList([
        Samples.task(1, "Pay rent", due: .day(Samples.day(2026, 12, 1)), tags: ["home", "@desk"],
                     recurrence: Recurrence(.months(1, dayOfMonth: nil))),
        Samples.task(2, "Call mom", due: .instant(Samples.dueInstant), recurrence: Recurrence(.weeks(2), fromCompletion: true)),
        Samples.task(3, "Gym", recurrence: Recurrence(.weekdays([.thursday, .monday]))),
        Samples.task(4, "Rent on the 31st", isDone: true, due: .day(Samples.day(2027, 2, 28)),
                     recurrence: Recurrence(.months(1, dayOfMonth: 31))),
        Samples.task(5, "+not a tag (due today)", due: .instant(Samples.dueInstant.addingTimeInterval(30))),
    ])

    func export(_ format: InterchangeFormat) -> String {
        String(decoding: Interchange.export(Self.list, as: format, timeZone: Self.paris), as: UTF8.self)
    }

    @Test func todoTxt() {
        #expect(export(.todotxt) == """
            2025-11-22 Pay rent +home @desk due:2026-12-01 rec:+1m uuid:019a0000-0000-7000-8000-000000000001
            2025-11-22 Call mom due:2026-12-01 due-time:17:00+01:00 rec:2w uuid:019a0000-0000-7000-8000-000000000002
            2025-11-22 Gym rec:+mon,thu uuid:019a0000-0000-7000-8000-000000000003
            x 2025-11-23 2025-11-22 Rent on the 31st due:2027-02-28 rec:+1m rec-day:31 uuid:019a0000-0000-7000-8000-000000000004
            2025-11-22 \\+not a tag (due today) due:2026-12-01 due-time:17:00:30+01:00 uuid:019a0000-0000-7000-8000-000000000005

            """)
    }

    @Test func taskwarriorJSON() {
        #expect(export(.json) == """
            [
            {"uuid":"0d500f1f-d754-87f6-b78e-c9bad8cd886c","description":"Pay rent","entry":"20251122T092640Z","status":"recurring","due":"20261130T230000Z","recur":"monthly","mask":"-","rtype":"periodic","tags":["home","@desk"],"tasksdue":"day"},
            {"uuid":"019a0000-0000-7000-8000-000000000001","description":"Pay rent","entry":"20251122T092640Z","status":"pending","due":"20261130T230000Z","recur":"monthly","parent":"0d500f1f-d754-87f6-b78e-c9bad8cd886c","imask":0,"rtype":"periodic","tags":["home","@desk"],"tasksdue":"day"},
            {"uuid":"019a0000-0000-7000-8000-000000000002","description":"Call mom","entry":"20251122T102640Z","status":"pending","due":"20261201T160000Z","tasksrecur":"2w-after"},
            {"uuid":"019a0000-0000-7000-8000-000000000003","description":"Gym","entry":"20251122T112640Z","status":"pending","tasksrecur":"wd14"},
            {"uuid":"019a0000-0000-7000-8000-000000000004","description":"Rent on the 31st","entry":"20251122T122640Z","status":"completed","end":"20251123T121320Z","due":"20270227T230000Z","tasksrecur":"1m@31","tasksdue":"day"},
            {"uuid":"019a0000-0000-7000-8000-000000000005","description":"+not a tag (due today)","entry":"20251122T132640Z","status":"pending","due":"20261201T160030Z"}
            ]

            """)
    }

    @Test func markdown() {
        #expect(export(.markdown) == """
            - [ ] Pay rent +home @desk (due 2026-12-01, every month) <!-- uuid:019a0000-0000-7000-8000-000000000001 created:2025-11-22T09:26:40Z -->
            - [ ] Call mom (due 2026-12-01 16:00 UTC, every 2 weeks after done) <!-- uuid:019a0000-0000-7000-8000-000000000002 created:2025-11-22T10:26:40Z -->
            - [ ] Gym (every mon, thu) <!-- uuid:019a0000-0000-7000-8000-000000000003 created:2025-11-22T11:26:40Z -->
            - [x] Rent on the 31st (due 2027-02-28, every month on day 31) <!-- uuid:019a0000-0000-7000-8000-000000000004 created:2025-11-22T12:26:40Z done:2025-11-23T12:13:20Z -->
            - [ ] +not a tag (due today) (due 2026-12-01 16:00:30 UTC) <!-- uuid:019a0000-0000-7000-8000-000000000005 created:2025-11-22T13:26:40Z -->

            """)
    }

    /// Paris keeps Berlin's rules.
    static let parisFromTheSystem = ICalendarMappingTests.berlinFromTheSystem.replacingOccurrences(of: "Europe/Berlin", with: "Europe/Paris")

    @Test func iCalendar() {
        #expect(export(.ics) == """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//tasks//tasks//EN\r
            \(Self.parisFromTheSystem)BEGIN:VTODO\r
            UID:019a0000-0000-7000-8000-000000000001\r
            DTSTAMP:20251122T092640Z\r
            CREATED:20251122T092640Z\r
            SUMMARY:Pay rent\r
            STATUS:NEEDS-ACTION\r
            DUE;VALUE=DATE:20261201\r
            RRULE:FREQ=MONTHLY\r
            CATEGORIES:home,@desk\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:019a0000-0000-7000-8000-000000000002\r
            DTSTAMP:20251122T102640Z\r
            CREATED:20251122T102640Z\r
            SUMMARY:Call mom\r
            STATUS:NEEDS-ACTION\r
            DUE;TZID=Europe/Paris:20261201T170000\r
            RRULE:FREQ=WEEKLY;INTERVAL=2\r
            X-TASKS-RECUR-FROM:COMPLETION\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:019a0000-0000-7000-8000-000000000003\r
            DTSTAMP:20251122T112640Z\r
            CREATED:20251122T112640Z\r
            SUMMARY:Gym\r
            STATUS:NEEDS-ACTION\r
            RRULE:FREQ=WEEKLY;BYDAY=MO,TH\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:019a0000-0000-7000-8000-000000000004\r
            DTSTAMP:20251122T122640Z\r
            CREATED:20251122T122640Z\r
            SUMMARY:Rent on the 31st\r
            STATUS:COMPLETED\r
            COMPLETED:20251123T121320Z\r
            DUE;VALUE=DATE:20270228\r
            RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:019a0000-0000-7000-8000-000000000005\r
            DTSTAMP:20251122T132640Z\r
            CREATED:20251122T132640Z\r
            SUMMARY:+not a tag (due today)\r
            STATUS:NEEDS-ACTION\r
            DUE:20261201T160030Z\r
            END:VTODO\r
            END:VCALENDAR\r

            """)
    }
}
