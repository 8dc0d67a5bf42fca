import Foundation
import TaskTestSupport
import Testing

/// `make install` and `make uninstall` with a PREFIX and a DESTDIR (the executable given, so that
/// no release build is needed), and the installed files found where each program looks.
@Suite struct InstallTests {
    let folder: TemporaryFolder
    /// The prefix as the installed files see it, and where the staged tree is.
    let prefix = "/opt/tasks-test"
    let stage: String

    init() throws {
        folder = try TemporaryFolder()
        stage = folder.file("stage")
    }

    /// The folder of this package (the Makefile's).
    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs `make target` with `prefix` (this suite's by default) and `destdir` (the stage by default).
    func make(_ target: String, prefix: String? = nil, destdir: String? = nil) async throws -> ProgramRun {
        try await ProgramRun(program: "/usr/bin/make",
                             ["-s", "-C", Self.packageFolder, target, "PREFIX=\(prefix ?? self.prefix)",
                              "DESTDIR=\(destdir ?? stage)", "INSTALL_BINARY=\(TasksBinary.path)"],
                             in: folder, environment: GeneratedFiles.shellEnvironment(in: folder))
    }

    /// Every file under the stage, with its mode, sorted.
    func stagedFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: stage)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: stage + "/" + path)
            guard attributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            let mode = (attributes?[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
            files.append("\(mode) \(path)")
        }
        return files.sorted()
    }

    @Test func installPutsEachFileWhereItsProgramLooksAndUninstallRemovesThem() async throws {
        let installed = try await make("install")
        #expect(installed.status == 0, "\(installed)")
        let root = String(prefix.dropFirst())
        #expect(stagedFiles() == [
            "644 \(root)/share/bash-completion/completions/tasks",
            "644 \(root)/share/fish/vendor_completions.d/tasks.fish",
            "644 \(root)/share/man/man1/tasks.1",
            "644 \(root)/share/zsh/site-functions/_tasks",
            "755 \(root)/bin/tasks",
        ])
        let uninstalled = try await make("uninstall")
        #expect(uninstalled.status == 0, "\(uninstalled)")
        #expect(stagedFiles() == [])
    }

    @Test func aPrefixWithSpacesAndAQuoteIsInstalledAndUninstalledWhole() async throws {
        let prefix = folder.file("my prefix's tree")
        let installed = try await make("install", prefix: prefix, destdir: "")
        #expect(installed.status == 0, "\(installed)")
        let files = ["bin/tasks", "share/bash-completion/completions/tasks", "share/fish/vendor_completions.d/tasks.fish",
                     "share/man/man1/tasks.1", "share/zsh/site-functions/_tasks"].map { prefix + "/" + $0 }
        #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "\(installed)")
        // Nothing at the words the prefix would split into, here or in the Makefile's folder.
        #expect(!FileManager.default.fileExists(atPath: folder.file("my")))
        #expect(!FileManager.default.fileExists(atPath: Self.packageFolder + "/prefix's"))
        let uninstalled = try await make("uninstall", prefix: prefix, destdir: "")
        #expect(uninstalled.status == 0, "\(uninstalled)")
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(FileManager.default.fileExists(atPath: prefix + "/bin"))
    }

    @Test func theInstalledFilesAreFoundByManBashCompletionFishAndZsh() async throws {
        #expect(try await make("install").status == 0)
        let share = stage + prefix + "/share"
        let environment = GeneratedFiles.shellEnvironment(in: folder, [
            "PATH": stage + prefix + "/bin:/usr/bin:/bin", "XDG_DATA_DIRS": share, "MANWIDTH": "80",
        ])
        let bash = try await ProgramRun(program: "/bin/bash", ["--norc", "--noprofile", "-c", """
            source /usr/share/bash-completion/bash_completion; __load_completion tasks && complete -p tasks
            """], in: folder, environment: environment)
        #expect(bash == ProgramRun(output: "complete -F _tasks tasks\n"))
        // Not --no-config: fish's own configuration is what adds the vendor folders to its search.
        let fish = try await ProgramRun(program: "/usr/bin/fish", ["-c", "complete -C 'tasks --no-'"],
                                        in: folder, environment: environment)
        #expect(fish == ProgramRun(output: "--no-color\tNever use colour (NO_COLOR does the same).\n"))
        let zsh = try await ProgramRun(program: "/usr/bin/zsh", ["-f", "-c", """
            fpath=(\(share)/zsh/site-functions $fpath); autoload -U compinit && compinit -u -d \(folder.file("zcompdump"))
            print -r -- $_comps[tasks]
            """], in: folder, environment: environment)
        #expect(zsh == ProgramRun(output: "_tasks\n"))
        let man = try await ProgramRun(program: "/usr/bin/man", ["-l", share + "/man/man1/tasks.1"], in: folder,
                                       environment: environment)
        #expect(man.status == 0 && man.output.contains("\nNAME\n       tasks - a to-do list for the terminal\n"), "\(man)")
    }
}
