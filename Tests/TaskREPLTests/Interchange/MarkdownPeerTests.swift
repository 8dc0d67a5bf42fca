import Foundation
import TaskTestSupport
import Testing

/// The Markdown task list with the real cmark-gfm and its tasklist extension.
@Suite struct MarkdownPeerTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func cmarkRendersOurExportAsCheckboxesCheckedWhereDoneWithTheTextsAsWritten() async throws {
        let script = "add Buy *milk* <b>now</b>\nadd 1. not a number\nadd # not a heading\nadd two\\nlines\n"
            + "add - [ ] not a box & `code`\nfav 1\ndone 2\n"
        _ = try await ProgramRun(["--quiet"], input: script.replacing("\\n", with: "\\n"), in: folder)
        _ = try await ProgramRun(["--quiet", "edit", "4", "two"], in: folder)
        _ = try await ProgramRun(["--quiet", "export", folder.file("tasks.md")], in: folder)
        let rendered = try await Peers.run(Peers.cmark, ["--extension", "tasklist", folder.file("tasks.md")], in: folder)
        #expect(rendered.output == """
            <ul>
            <li><input type="checkbox" disabled="" /> ★ Buy *milk* &lt;b&gt;now&lt;/b&gt; <!-- raw HTML omitted --></li>
            <li><input type="checkbox" checked="" disabled="" /> 1. not a number <!-- raw HTML omitted --></li>
            <li><input type="checkbox" disabled="" /> # not a heading <!-- raw HTML omitted --></li>
            <li><input type="checkbox" disabled="" /> two <!-- raw HTML omitted --></li>
            <li><input type="checkbox" disabled="" /> - [ ] not a box &amp; `code` <!-- raw HTML omitted --></li>
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
}
