import Foundation
import Testing
import TaskInterchange
import TaskModel

/// What each format writes for a favourite, a done task and a done favourite, byte for byte.
@Suite struct ExactBytesTests {
    static let list = TaskList([
        Samples.task(1, "Call mom", favorite: true, tags: ["family"]),
        Samples.task(2, "Pay rent", isDone: true),
        Samples.task(3, "ends with pri:A", favorite: true, isDone: true),
        Samples.task(4, "Water", foreign: ["todo.txt": "C", "taskwarrior": #"{"tags":["home"]}"#, "icalendar": "DUE:20261201T000000Z"]),
    ])

    func export(_ format: InterchangeFormat) -> String {
        String(decoding: Interchange.export(Self.list, as: format, timeZone: Samples.utc), as: UTF8.self)
    }

    @Test func todoTxt() {
        #expect(export(.todotxt) == """
            (A) 2025-11-22 Call mom +family uuid:019a0000-0000-7000-8000-000000000001
            x 2025-11-23 2025-11-22 Pay rent uuid:019a0000-0000-7000-8000-000000000002
            x 2025-11-23 2025-11-22 ends with pri\\:A pri:A uuid:019a0000-0000-7000-8000-000000000003
            (C) 2025-11-22 Water uuid:019a0000-0000-7000-8000-000000000004

            """)
    }

    @Test func taskwarriorJSON() {
        #expect(export(.json) == """
            [
            {"uuid":"019a0000-0000-7000-8000-000000000001","description":"Call mom","entry":"20251122T092640Z","status":"pending","priority":"H","tags":["family"]},
            {"uuid":"019a0000-0000-7000-8000-000000000002","description":"Pay rent","entry":"20251122T102640Z","status":"completed","end":"20251123T121320Z"},
            {"uuid":"019a0000-0000-7000-8000-000000000003","description":"ends with pri:A","entry":"20251122T112640Z","status":"completed","end":"20251123T121320Z","priority":"H"},
            {"uuid":"019a0000-0000-7000-8000-000000000004","description":"Water","entry":"20251122T122640Z","status":"pending","tags":["home"]}
            ]

            """)
    }

    @Test func markdown() {
        #expect(export(.markdown) == """
            - [ ] ★ Call mom +family <!-- uuid:019a0000-0000-7000-8000-000000000001 created:2025-11-22T09:26:40Z -->
            - [x] Pay rent <!-- uuid:019a0000-0000-7000-8000-000000000002 created:2025-11-22T10:26:40Z done:2025-11-23T12:13:20Z -->
            - [x] ★ ends with pri:A <!-- uuid:019a0000-0000-7000-8000-000000000003 created:2025-11-22T11:26:40Z done:2025-11-23T12:13:20Z -->
            - [ ] Water <!-- uuid:019a0000-0000-7000-8000-000000000004 created:2025-11-22T12:26:40Z -->

            """)
    }

    @Test func iCalendarFoldsAt75OctetsWithCRLF() {
        let long = TaskList([Samples.task(1, String(repeating: "é", count: 40))])
        let text = String(decoding: Interchange.export(long, as: .ics, timeZone: Samples.utc), as: UTF8.self)
        #expect(text.contains("SUMMARY:" + String(repeating: "é", count: 33) + "\r\n " + String(repeating: "é", count: 7) + "\r\n"))
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    }

    @Test func iCalendarWritesForeignPropertiesBackAfterItsOwn() {
        #expect(export(.ics).contains("""
            BEGIN:VTODO\r
            UID:019a0000-0000-7000-8000-000000000004\r
            DTSTAMP:20251122T122640Z\r
            CREATED:20251122T122640Z\r
            SUMMARY:Water\r
            STATUS:NEEDS-ACTION\r
            DUE:20261201T000000Z\r
            END:VTODO\r

            """))
    }
}
