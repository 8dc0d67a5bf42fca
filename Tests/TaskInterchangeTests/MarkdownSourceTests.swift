import Foundation
import Testing
import TaskInterchange
import TaskModel

/// A Markdown item's text is its Markdown source: read as written, written back as read, escaped
/// only where it would end or change the item; fenced code is not tasks.
@Suite struct MarkdownSourceTests {
    func texts(_ file: String) throws -> [String] {
        try Interchange.parse(Array(file.utf8), as: .markdown, now: Samples.now).tasks.map(\.text)
    }

    func export(_ texts: [String]) -> String {
        let list = TaskList(texts.enumerated().map { Samples.task(UInt8($0.offset + 1), $0.element) })
        return String(decoding: Interchange.export(list, as: .markdown, timeZone: Samples.utc), as: UTF8.self)
    }

    static let written = """
        - [ ] **Bold** and `code` <!-- uuid:019a0000-0000-7000-8000-000000000001 created:2025-11-22T09:26:40Z -->
        - [ ] [a link](https://example.com) <b>html</b> &amp; \\*kept\\* 1\\. +home in the middle (mom) <!-- uuid:019a0000-0000-7000-8000-000000000002 created:2025-11-22T10:26:40Z -->
        - [ ] ~~struck~~ _it_ # | > <!-- uuid:019a0000-0000-7000-8000-000000000003 created:2025-11-22T11:26:40Z -->

        """

    @Test func theTextIsTheSourceAsWrittenAndComesBackAsTheSameBytes() throws {
        let parsed = try Interchange.parse(Array(Self.written.utf8), as: .markdown, now: Samples.now)
        #expect(parsed.tasks.map(\.text) == ["**Bold** and `code`",
                                             "[a link](https://example.com) <b>html</b> &amp; \\*kept\\* 1\\. +home in the middle (mom)",
                                             "~~struck~~ _it_ # | >"])
        let list = TaskList(parsed.tasks.map { TaskItem(id: $0.id ?? UUID(), text: $0.text, createdAt: $0.createdAt) })
        #expect(String(decoding: Interchange.export(list, as: .markdown, timeZone: Samples.utc), as: UTF8.self) == Self.written)
    }

    @Test func onlyWhatWouldEndOrChangeTheItemIsEscaped() {
        #expect(export(["a\n# b\n1. c\n  d\n-e", " lead", "★ star", "tail +tag", "(due 2026-12-01)", "x\\\ny", "a\n&#35;",
                        "cr\rtab\tx"]) == """
            - [ ] a\\
              &#35; b\\
              &#49;. c\\
              &#32; d\\
              &#45;e <!-- uuid:019a0000-0000-7000-8000-000000000001 created:2025-11-22T09:26:40Z -->
            - [ ] &#32;lead <!-- uuid:019a0000-0000-7000-8000-000000000002 created:2025-11-22T10:26:40Z -->
            - [ ] &#9733; star <!-- uuid:019a0000-0000-7000-8000-000000000003 created:2025-11-22T11:26:40Z -->
            - [ ] tail \\+tag <!-- uuid:019a0000-0000-7000-8000-000000000004 created:2025-11-22T12:26:40Z -->
            - [ ] (due 2026-12-01\\) <!-- uuid:019a0000-0000-7000-8000-000000000005 created:2025-11-22T13:26:40Z -->
            - [ ] x&#92;\\
              y <!-- uuid:019a0000-0000-7000-8000-000000000006 created:2025-11-22T14:26:40Z -->
            - [ ] a\\
              &#38;#35; <!-- uuid:019a0000-0000-7000-8000-000000000007 created:2025-11-22T15:26:40Z -->
            - [ ] cr&#13;tab\tx <!-- uuid:019a0000-0000-7000-8000-000000000008 created:2025-11-22T16:26:40Z -->

            """)
    }

    @Test func textsThatLookLikeTheEscapesComeBackExactly() throws {
        let tricky = ["&#35;", "&#38;#35;", "a\n&#32;b", "\\+tag", "x \\\\+a +b", "(due 2026-12-01\\)", "a\\\\\nb", "\\", "a\n\\",
                      "&#9733; x", "1) \n2) x", "a +b\n+c", "a\n(every day)", "x &#92;\ny"]
        #expect(try texts(export(tricky)) == tricky)
    }

    @Test func linesInFencedCodeBlocksAreNotTasks() throws {
        let file = """
            - [ ] one
            ````sh
            - [ ] in backticks
            ```
            ````
               ~~~~
            - [ ] in tildes
            ~~~
               ~~~~~\u{20}\u{20}
            - [ ] two
                ```
            - [ ] three
            ~~~
            - [ ] never closed

            """
        #expect(try texts(file) == ["one", "two", "three"])
    }

    @Test func aBacktickFenceWithABacktickInItsInfoIsNoFence() throws {
        #expect(try texts("``` a`b\n- [ ] one\n") == ["one"])
    }

    @Test func aHardLineBreakBeforeTheNextItemOrABlankLineIsABackslash() throws {
        #expect(try texts("- [ ] a\\\n- [ ] b\\\n\n- [ ] c\\\n  d\n") == ["a\\", "b\\", "c\nd"])
    }
}
