import Foundation
import TaskTestSupport
import Testing

/// The zsh completion script (`tasks --generate zsh`, installed as `_tasks`) in a real zsh.
@Suite struct ZshCompletionTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// What Tab adds at the end of `line` in an interactive zsh (`zpty`, with `compinit` and the
    /// script on `fpath`), one match a line: `compadd` is wrapped to write each match it adds.
    func candidates(_ line: String) async throws -> String {
        _ = try await GeneratedFiles.save("zsh", as: "functions/_tasks", in: folder)
        let setup = """
            fpath=('\(folder.file("functions"))' $fpath)
            autoload -U compinit && compinit -u -d '\(folder.file("zcompdump"))'
            compadd() {
                if (( ${@[(I)-[OAD]*]} )); then
                    builtin compadd "$@"
                    return
                fi
                local -a added
                builtin compadd -O added "$@"
                (( ${#added} )) && print -rl -- $added >> '\(folder.file("matches"))'
                builtin compadd "$@"
            }
            """
        try setup.write(toFile: folder.file("setup.zsh"), atomically: true, encoding: .utf8)
        try "".write(toFile: folder.file("matches"), atomically: true, encoding: .utf8)
        // The prompt and the closing word are typed with '' inside, so that only zsh's output matches.
        let driver = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PS1='<R''EADY>'; source '\(folder.file("setup.zsh"))'"
            zpty -r z out '*<READY>*'
            zpty -w -n z "$1"$'\\t'
            zpty -w z $'\\C-u'"print -r -- DO''NE"
            zpty -r z out '*DONE*'
            zpty -d z
            """
        let run = try await ProgramRun(program: "/usr/bin/timeout", ["60", "/usr/bin/zsh", "-f", "-c", driver, "zsh", line],
                                       in: folder, environment: GeneratedFiles.shellEnvironment(in: folder))
        #expect(run.status == 0 && run.error.isEmpty, "\(run)")
        return folder.contents(of: "matches") ?? ""
    }

    /// A store of two tasks at `path`, its folder made first.
    func makeStore(at path: String) async throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let run = try await ProgramRun(["--db", path, "--quiet"], input: "add Buy milk\nadd Call mom\n", in: folder,
                                       database: false)
        #expect(run == ProgramRun(), "\(run)")
    }

    @Test func taskNumbersAreOfferedFromAStoreWhosePathHasBackslashEscapedSpaces() async throws {
        try await makeStore(at: folder.file("dir with space/st.sqlite"))
        let escaped = folder.file(#"dir\ with\ space/st.sqlite"#)
        #expect(try await candidates("tasks --db \(escaped) rm ") == "1\n2\n")
        #expect(try await candidates("tasks --db=\(escaped) fav ") == "1\n2\n")
        #expect(try await candidates("tasks --db '\(folder.file("dir with space/st.sqlite"))' rm ") == "1\n2\n")
        #expect(try await candidates("tasks --db \"\(folder.file("dir with space/st.sqlite"))\" rm ") == "1\n2\n")
    }

    @Test func taskNumbersAreOfferedFromAStoreWhosePathHasABackslashAndAColon() async throws {
        try await makeStore(at: folder.file(#"a\b:c.sqlite"#))
        #expect(try await candidates("tasks --db \(folder.file(#"a\\b\:c.sqlite"#)) rm ") == "1\n2\n")
        #expect(try await candidates("tasks --db '\(folder.file(#"a\b:c.sqlite"#))' rm ") == "1\n2\n")
    }

    @Test func theScriptIsValidZsh() async throws {
        let script = try await GeneratedFiles.save("zsh", as: "functions/_tasks", in: folder)
        #expect(try await ProgramRun(program: "/usr/bin/zsh", ["-f", "-n", script], in: folder,
                                     environment: GeneratedFiles.shellEnvironment(in: folder)) == ProgramRun())
    }

    @Test func compinitFindsItForTasksAndItLoads() async throws {
        _ = try await GeneratedFiles.save("zsh", as: "functions/_tasks", in: folder)
        let script = """
            fpath=(\(folder.file("functions")) $fpath)
            autoload -U compinit && compinit -u -d \(folder.file("zcompdump"))
            print -r -- $_comps[tasks]
            autoload -U +X _tasks && whence -w _tasks
            """
        let run = try await ProgramRun(program: "/usr/bin/zsh", ["-f", "-c", script], in: folder,
                                       environment: GeneratedFiles.shellEnvironment(in: folder))
        #expect(run == ProgramRun(output: "_tasks\n_tasks: function\n"))
    }
}
