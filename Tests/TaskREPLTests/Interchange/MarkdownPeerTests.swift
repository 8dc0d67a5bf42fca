import Foundation
import TaskTestSupport
import Testing

/// The Markdown task list with the real cmark-gfm and its tasklist extension.
@Suite struct MarkdownPeerTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func cmarkRendersOurExportAsCheckboxesCheckedWhereDoneWithTheTextsAsMarkdown() async throws {
        let script = "add Buy *milk* <b>now</b>\nadd 1. not a number\nadd # not a heading\nadd two\\nlines\n"
            + "add - [ ] not a box & `code`\nfav 1\ndone 2\n"
        _ = try await ProgramRun(["--quiet"], input: script.replacing("\\n", with: "\\n"), in: folder)
        _ = try await ProgramRun(["--quiet", "edit", "4", "two"], in: folder)
        _ = try await ProgramRun(["--quiet", "export", folder.file("tasks.md")], in: folder)
        let rendered = try await Peers.run(Peers.cmark, ["--extension", "tasklist", folder.file("tasks.md")], in: folder)
        #expect(rendered.output == """
            <ul>
            <li><input type="checkbox" disabled="" /> ★ Buy <em>milk</em> <!-- raw HTML omitted -->now<!-- raw HTML omitted --> <!-- raw HTML omitted --></li>
            <li><input type="checkbox" checked="" disabled="" /> 1. not a number <!-- raw HTML omitted --></li>
            <li><input type="checkbox" disabled="" /> # not a heading <!-- raw HTML omitted --></li>
            <li><input type="checkbox" disabled="" /> two <!-- raw HTML omitted --></li>
            <li><input type="checkbox" disabled="" /> - [ ] not a box &amp; <code>code</code> <!-- raw HTML omitted --></li>
            </ul>

            """, "\(rendered)")
    }

    @Test func aLineBreakInATextRendersAsALineBreakInTheSameItem() async throws {
        let folderPath = folder.file("tasks.sqlite")
        _ = try await ProgramRun(["--quiet", "add", "first line"], in: folder)
        _ = try await ProgramRun(["--quiet", "import", "-"], input: "- [ ] two\\\n  lines\n", in: folder)
        _ = try await ProgramRun(["--quiet", "export", folder.file("tasks.md")], in: folder)
        let rendered = try await Peers.run(Peers.cmark, ["--extension", "tasklist", folder.file("tasks.md")], in: folder)
        #expect(rendered.output.contains("<li><input type=\"checkbox\" disabled=\"\" /> two<br />\nlines <!--"), "\(rendered) \(folderPath)")
    }

    /// A list the user exported and then edited by hand, in Markdown of every kind.
    static let edited = """
        - [ ] **Bold** and `code` +home <!-- uuid:019a0000-0000-7000-8000-000000000001 created:2025-11-22T09:26:40Z -->
        - [x] ★ [a link](https://example.com) <b>html</b> &amp; \\*kept\\* ~~struck~~ _it_ <!-- uuid:019a0000-0000-7000-8000-000000000002 created:2025-11-22T10:26:40Z done:2025-11-23T12:13:20Z -->
        - [ ] two\\
          &#35; lines (due 2026-12-01) <!-- uuid:019a0000-0000-7000-8000-000000000003 created:2025-11-22T11:26:40Z -->

        """

    @Test func aHandEditedListImportedAndExportedIsTheSameFileAndRendersTheSame() async throws {
        try Self.edited.write(toFile: folder.file("edited.md"), atomically: true, encoding: .utf8)
        let imported = try await ProgramRun(["--quiet", "import", folder.file("edited.md")], in: folder)
        #expect(imported.output.hasSuffix(": 3 added, 0 updated, 0 unchanged\n"), "\(imported)")
        _ = try await ProgramRun(["--quiet", "export", folder.file("again.md")], in: folder)
        #expect(try String(contentsOfFile: folder.file("again.md"), encoding: .utf8) == Self.edited)
        let original = try await Peers.run(Peers.cmark, ["--extension", "tasklist", "--extension", "strikethrough",
                                                          folder.file("edited.md")], in: folder)
        let again = try await Peers.run(Peers.cmark, ["--extension", "tasklist", "--extension", "strikethrough",
                                                       folder.file("again.md")], in: folder)
        #expect(original.output.contains("<strong>Bold</strong> and <code>code</code>"), "\(original)")
        #expect(again.output == original.output)
    }

}
