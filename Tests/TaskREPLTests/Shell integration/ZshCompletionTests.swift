import Foundation
import TaskTestSupport
import Testing

/// The zsh completion script (`tasks --generate zsh`, installed as `_tasks`) in a real zsh.
@Suite struct ZshCompletionTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

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
