import Foundation
import TaskTestSupport
import Testing

/// The bash completion script (`tasks --generate bash`) in a real bash, driven as readline drives
/// it: `COMP_WORDS`, `COMP_CWORD`, `COMP_TYPE` set, the function called, `COMPREPLY` printed.
@Suite struct BashCompletionTests {
    let folder: TemporaryFolder
    let store: String

    init() async throws {
        folder = try TemporaryFolder()
        store = try await GeneratedFiles.fixtureStore(in: folder)
    }

    /// What the script offers for the line `words` (the last one being completed), one entry a line;
    /// with `bashCompletion`, bash-completion's own functions are loaded first, as on most systems.
    /// `line` is COMP_LINE, the words joined by spaces unless given: bash splits a word of the line
    /// into several at `:` and `=`, with no space between them.
    func candidates(_ words: [String], line: String? = nil, type: Int = 9, bashCompletion: Bool = false,
                    environment: [String: String] = [:]) async throws -> String {
        let script = try await GeneratedFiles.save("bash", as: "tasks.bash", in: folder)
        let driver = """
            \(bashCompletion ? "source /usr/share/bash-completion/bash_completion" : "")
            source "$0"
            COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_TYPE=\(type)
            COMP_LINE=${COMPLETED_LINE-"${COMP_WORDS[*]}"}; COMP_POINT=${#COMP_LINE}
            _tasks tasks "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            ((${#COMPREPLY[@]} == 0)) || printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try await ProgramRun(program: "/bin/bash", ["--norc", "--noprofile", "-c", driver, script] + words,
                                       in: folder, environment: GeneratedFiles.shellEnvironment(
                                           in: folder, environment.merging(["COLUMNS": "40", "COMPLETED_LINE": line]
                                               .compactMapValues { $0 }) { $1 }))
        #expect(run.status == 0 && run.error.isEmpty, "\(run)")
        return run.output
    }

    @Test func theCommandNamesAreOfferedFirst() async throws {
        let spellings = try await HelpedCommand.all(in: folder).flatMap(\.spellings)
        #expect(try await candidates(["tasks", ""]) == spellings.map { $0 + "\n" }.joined())
        #expect(try await candidates(["tasks", "--quiet", "fa"]) == "fav\n")
    }

    @Test func theFlagsAreOfferedAfterADash() async throws {
        #expect(try await candidates(["tasks", "--"])
            == "--db\n--user\n--quiet\n--keep-going\n--no-color\n--generate\n--version\n--help\n")
        #expect(try await candidates(["tasks", "--k"]) == "--keep-going\n")
    }

    @Test func theDbOptionTakesAFile() async throws {
        let expected = store + "\n"
        #expect(try await candidates(["tasks", "--db", folder.file("fix")]) == expected)
        #expect(try await candidates(["tasks", "--db", "=", folder.file("fix")]) == expected)
        #expect(try await candidates(["tasks", "--db", folder.file("fix")], bashCompletion: true) == expected)
    }

    @Test func theGenerateOptionTakesOneOfItsFiles() async throws {
        #expect(try await candidates(["tasks", "--generate", ""]) == "man\nbash\nzsh\nfish\n")
    }

    @Test func severalTaskNumbersAreListedWithTheirTextsEscapedOneALine() async throws {
        #expect(try await candidates(["tasks", "--db", store, "rm", ""]) == """
            1  Buy milk                            
            2  Call mom                            
            3  Pay rent                            
            4  It's\\there $(date) `x` \\ \\e[31m     

            """)
    }

    @Test func oneTaskNumberIsOfferedAlone() async throws {
        #expect(try await candidates(["tasks", "--db", store, "rm", "2"]) == "2\n")
    }

    @Test func menuCompletionOffersTheNumbersAlone() async throws {
        #expect(try await candidates(["tasks", "--db", store, "fav", ""], type: 37) == "1\n2\n3\n4\n")
    }

    @Test func aUserNameBeforeTheCommandIsSkippedWithItsFlag() async throws {
        #expect(try await candidates(["tasks", "--user", "ann", "--db", store, "fav", ""], type: 37) == "1\n2\n3\n4\n")
        #expect(try await candidates(["tasks", "--db", store, "--user", "=", "ann", "fav", ""],
                                     line: "tasks --db \(store) --user=ann fav ", type: 37) == "1\n2\n3\n4\n")
    }

    @Test func theStoreMayBeGivenWithAnEqualsSignOrQuoted() async throws {
        #expect(try await candidates(["tasks", "--db", "=", store, "rm", ""], line: "tasks --db=\(store) rm ", type: 37)
            == "1\n2\n3\n4\n")
        #expect(try await candidates(["tasks", "--db", "'\(store)'", "rm", ""], type: 37) == "1\n2\n3\n4\n")
    }

    /// A store at `name` in the folder holding tasks of `texts`; its path.
    func store(_ name: String, texts: [String]) async throws -> String {
        let path = folder.file(name)
        let run = try await ProgramRun(["--db", path, "--quiet"], input: texts.map { "add \($0)\n" }.joined(),
                                       in: folder, database: false)
        #expect(run == ProgramRun(), "\(run)")
        return path
    }

    @Test func aStorePathWithAColonOrAnEqualsSignIsReadWhole() async throws {
        let store = try await store("a:b=c.sqlite", texts: ["Buy milk", "Call mom"])
        let folder = self.folder.file("")
        // As bash splits `tasks --db FOLDER/a:b=c.sqlite rm ` (COMP_WORDBREAKS), and the same with `--db=`.
        #expect(try await candidates(["tasks", "--db", folder + "a", ":", "b", "=", "c.sqlite", "rm", ""],
                                     line: "tasks --db \(store) rm ", type: 37) == "1\n2\n")
        #expect(try await candidates(["tasks", "--db", "=", folder + "a", ":", "b", "=", "c.sqlite", "rm", ""],
                                     line: "tasks --db=\(store) rm ", type: 37) == "1\n2\n")
        #expect(try await candidates(["tasks", "--db", "=", folder + "a", ":", "b", "=", "c.sqlite", "edit", "1", ""],
                                     line: "tasks --db=\(store) edit 1 ") == "")
    }

    @Test func wideTextsAreCutToTheTerminalWidthInColumns() async throws {
        let store = try await store("wide.sqlite", texts: ["日本語のテキストはとても長いので幅を超えます", "短い", "e\u{301}t\u{E9} accents"])
        // COLUMNS is 40: each entry is 39 columns, a wide character two of them, a combining accent none.
        let spaces = { (count: Int) in String(repeating: " ", count: count) }
        #expect(try await candidates(["tasks", "--db", store, "rm", ""]) == [
            "1  日本語のテキストはとても長いので幅… ",
            "2  短い" + spaces(32),
            "3  e\u{301}t\u{E9} accents" + spaces(25),
        ].map { $0 + "\n" }.joined())
    }

    @Test func theStoreOfTASKS_DBIsReadWhenNoneIsGiven() async throws {
        #expect(try await candidates(["tasks", "rm", ""], type: 37, environment: ["TASKS_DB": store]) == "1\n2\n3\n4\n")
    }

    @Test func aStoreThatDoesNotExistOffersNothingAndIsNotCreated() async throws {
        #expect(try await candidates(["tasks", "rm", ""], type: 37) == "")
        #expect(!FileManager.default.fileExists(atPath: folder.file("data/tasks/tasks.sqlite")))
    }

    @Test func taskNumbersAreOfferedExactlyWhereTheHelpSaysN() async throws {
        for command in try await HelpedCommand.all(in: folder) {
            for position in 1...2 {
                let words = ["tasks", "--db", store, command.spellings[0]] + Array(repeating: "1", count: position - 1) + [""]
                let offered = try await candidates(words, type: 37)
                if command.takesTaskNumber(at: position) {
                    #expect(offered == "1\n2\n3\n4\n", "\(command.spellings[0]), argument \(position)")
                } else {
                    #expect(!offered.hasPrefix("1\n"), "\(command.spellings[0]), argument \(position)")
                }
            }
        }
    }

    @Test func helpIsCompletedWithACommandName() async throws {
        #expect(try await candidates(["tasks", "help", "re"]) == "redo\n")
    }

    @Test func nothingIsOfferedForTheTextOfATask() async throws {
        #expect(try await candidates(["tasks", "--db", store, "add", ""]) == "")
        #expect(try await candidates(["tasks", "--db", store, "edit", "2", ""]) == "")
    }

    @Test func wordsAfterADoubleDashAreCommandWords() async throws {
        #expect(try await candidates(["tasks", "--db", store, "--", "rm", ""], type: 37) == "1\n2\n3\n4\n")
        #expect(try await candidates(["tasks", "--", "--"]) == "")
    }
}
