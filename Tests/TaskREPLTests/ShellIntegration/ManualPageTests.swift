import Foundation
import TaskTestSupport
import Testing

/// The man page (`tasks --generate man`): clean roff, and what `man` shows of it.
@Suite struct ManualPageTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// The page as `man -l` shows it at 80 columns, without formatting.
    func shownPage() async throws -> String {
        let page = try await GeneratedFiles.save("man", as: "tasks.1", in: folder)
        let run = try await ProgramRun(program: "/usr/bin/man", ["-l", page], in: folder,
                                       environment: GeneratedFiles.shellEnvironment(in: folder, ["MANWIDTH": "80"]))
        #expect(run.status == 0 && run.error.isEmpty, "\(run)")
        return run.output
    }

    @Test func groffFindsNothingToWarnAbout() async throws {
        let page = try await GeneratedFiles.save("man", as: "tasks.1", in: folder)
        #expect(try await ProgramRun(program: "/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", page], in: folder,
                                     environment: GeneratedFiles.shellEnvironment(in: folder)) == ProgramRun())
    }

    @Test func theNameAndSynopsisComeFromTheCommandLine() async throws {
        let page = try await shownPage()
        #expect(page.hasPrefix("""
            TASKS(1)                         User Commands                        TASKS(1)

            NAME
                   tasks - a to-do list for the terminal

            SYNOPSIS
                   tasks  [--db  path] [--user name] [--quiet] [--keep-going] [--no-color]
                   [command ...]
                   tasks --generate file
                   tasks --version
                   tasks -h | --help

            DESCRIPTION

            """), "\(page)")
        #expect(page.hasSuffix("tasks 0.1.0                                                           TASKS(1)\n"))
    }

    @Test func aOneShotCommandTakesWordsStartingWithADashWithoutADoubleDash() async throws {
        // groff spreads a justified line's spare spaces from alternate ends, line after line, so the
        // gaps move with any text above: the words and where the lines break are compared.
        let page = Self.singleSpaced(try await shownPage())
        #expect(page.contains(Self.singleSpaced("""

                   tasks COMMAND [ARGUMENT…]
                          One command, then the list. Flags go before COMMAND: every word
                          after it is its argument, even one starting with - (tasks add -5
                          degrees).

            """)), "\(page)")
    }

    /// `text` with each run of spaces inside a line made one, the indentation kept.
    private static func singleSpaced(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let indentation = line.prefix { $0 == " " }
            let words = line.dropFirst(indentation.count).split(separator: " ", omittingEmptySubsequences: true)
            return indentation + words.joined(separator: " ")
        }.joined(separator: "\n")
    }

    @Test func everyFlagOfHelpIsAnOption() async throws {
        let page = try await shownPage()
        let options = try #require(page.firstRange(of: "\nOPTIONS\n")).lowerBound
        let help = try await ProgramRun(["--help"], in: folder, database: false).output
        let flags = help.split(separator: "\n").drop { $0 != "OPTIONS:" }.dropFirst()
            .compactMap { $0.split(separator: " ").first { $0.hasPrefix("-") } }
        #expect(flags.count >= 7)
        for flag in flags {
            #expect(page[options...].contains("\n       \(flag.trimmingCharacters(in: [","]))"), "\(flag)")
        }
    }

    @Test func everyCommandOfHelpIsExplained() async throws {
        let page = try await shownPage()
        let commands = try #require(page.firstRange(of: "\nCOMMANDS\n")).lowerBound
        for command in try await HelpedCommand.all(in: folder) {
            let detail = try await ProgramRun(["help", command.spellings[0]], in: folder).output
            let usage = String(detail.prefix { $0 != "\n" })
            #expect(page[commands...].contains("\n       \(usage)"), "\(usage)")
        }
    }

    @Test func theStoreExitStatusEnvironmentAndFilesAreDescribed() async throws {
        let page = try await shownPage()
        for heading in ["STORE", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"] {
            #expect(page.contains("\n\(heading)\n"), "\(heading)")
        }
        for variable in ["TASKS_DB", "XDG_DATA_HOME", "XDG_STATE_HOME", "NO_COLOR", "EDITRC"] {
            #expect(page.contains("\n       \(variable)"), "\(variable)")
        }
    }
}
