import Foundation
import Testing
import TaskInterchange

/// A file that is not valid is refused with the line (or JSON path) and what is wrong.
@Suite struct MalformedFileTests {
    func error(_ text: String, _ format: InterchangeFormat) -> InterchangeError? {
        do {
            _ = try Interchange.parse(Array(text.utf8), as: format)
            return nil
        } catch {
            return error
        }
    }

    @Test func jsonSyntaxNamesTheLineAndPath() {
        #expect(error("[\n{\"uuid\": \"x\",\n \"tags\": [\"a\" \"b\"]}\n]", .json)
                == InterchangeError(.jsonPath("[0].tags", line: 3), .invalidJSON(expected: "`,` or `]`")))
    }

    @Test func aTaskwarriorTaskWithoutDescriptionNamesItsIndex() {
        #expect(error(#"{"uuid":"019a0000-0000-7000-8000-000000000001","status":"pending"}"#, .json)
                == InterchangeError(.jsonPath("[0]", line: 1), .missingField("description")))
    }

    @Test func theSameIdentityTwiceNamesBothLines() {
        let line = "2026-01-01 a uuid:019a0000-0000-7000-8000-000000000001\n"
        #expect(error(line + "\n" + line, .todotxt)
                == InterchangeError(.line(3), .duplicateIdentity(UUID(uuidString: "019a0000-0000-7000-8000-000000000001")!, firstLine: 1)))
    }

    @Test func invalidUTF8NamesItsLine() {
        #expect(throws: InterchangeError(.line(2), .invalidUTF8)) {
            try Interchange.parse(Array("ok\n".utf8) + [0xFF, 0x0A], as: .todotxt)
        }
    }

    @Test func anUnclosedToDoNamesWhereItBegan() {
        #expect(error("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\n", .ics) == InterchangeError(.line(2), .unclosedComponent("VTODO")))
    }

    @Test func aMarkdownNoteWithABadDateNamesItsLine() {
        #expect(error("# list\n- [ ] a <!-- created:yesterday -->\n", .markdown)
                == InterchangeError(.line(2), .invalidValue(field: "created", value: "yesterday")))
    }

    @Test func theFormatIsToldFromTheContent() {
        #expect(InterchangeFormat.sniff(Array("[\n{}]".utf8)) == .json)
        #expect(InterchangeFormat.sniff(Array("BEGIN:VCALENDAR\r\n".utf8)) == .ics)
        #expect(InterchangeFormat.sniff(Array("# Tasks\n\n- [x] done\n".utf8)) == .markdown)
        // Markdown without a task list (its reader refuses it), and todo.txt with a Markdown-like line.
        #expect(InterchangeFormat.sniff(Array("# Notes\n\nSome notes.\n".utf8)) == .markdown)
        #expect(InterchangeFormat.sniff(Array("Intro\n```\ncode\n```\n".utf8)) == .markdown)
        #expect(InterchangeFormat.sniff(Array("Title\n=====\ntext\n".utf8)) == .markdown)
        #expect(InterchangeFormat.sniff(Array("x 2026-11-20 Done\n- dash\n".utf8)) == .todotxt)
        #expect(InterchangeFormat.sniff(Array("2026-11-20 Call mom\n# not a heading?\n".utf8)) == .todotxt)
        #expect(InterchangeFormat.sniff(Array("Buy milk\nCall #3 mom\n".utf8)) == .todotxt)
        #expect(InterchangeFormat.sniff(Array("(A) call mom\n".utf8)) == .todotxt)
    }
}
