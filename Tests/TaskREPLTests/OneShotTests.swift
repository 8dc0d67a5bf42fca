import Foundation
import TaskTestSupport
import Testing

/// One-shot mode: a command given on the command line.
@Suite struct OneShotTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func addPrintsTheList() async throws {
        #expect(try await ProgramRun(["add", "Buy", "milk"], in: folder) == ProgramRun(output: "  1   Buy milk\n"))
    }

    @Test func theCommandsWordsAreJoinedWithSingleSpaces() async throws {
        #expect(try await ProgramRun(["add", "Buy  milk", "now"], in: folder).output == "  1   Buy  milk now\n")
    }

    @Test func quietPrintsNothing() async throws {
        #expect(try await ProgramRun(["--quiet", "add", "one"], in: folder) == ProgramRun())
        #expect(try await ProgramRun(["list"], in: folder).output == "  1   one\n")
    }

    @Test func listOfNothingSaysHowToAddATask() async throws {
        #expect(try await ProgramRun(["list"], in: folder) == ProgramRun(output: "No tasks. Add one with: tasks add TEXT\n"))
    }

    @Test func favStarsTheTask() async throws {
        _ = try await ProgramRun(["add", "one"], in: folder)
        #expect(try await ProgramRun(["fav", "1"], in: folder).output == "  1 ★ one\n")
    }

    @Test func rmRemovesTheTask() async throws {
        _ = try await ProgramRun(["--quiet", "add", "one"], in: folder)
        _ = try await ProgramRun(["--quiet", "add", "two"], in: folder)
        #expect(try await ProgramRun(["rm", "1"], in: folder) == ProgramRun(output: "  1   two\n"))
    }

    @Test func aFailingCommandExitsOneWithItsErrorOnStandardError() async throws {
        _ = try await ProgramRun(["add", "one"], in: folder)
        #expect(try await ProgramRun(["rm", "9"], in: folder)
            == ProgramRun(error: "rm 9: there is no task 9 (the list has 1)\n", status: 1))
    }

    @Test func infoMessagesGoToStandardOutputAfterTheList() async throws {
        _ = try await ProgramRun(["--quiet", "add", "one"], in: folder)
        _ = try await ProgramRun(["--quiet", "fav", "1"], in: folder)
        #expect(try await ProgramRun(["undo"], in: folder)
                == ProgramRun(output: "  1   one\nUndid: fav “one” (now not a favourite)\n"))
    }

    @Test func helpGoesToStandardOutput() async throws {
        let run = try await ProgramRun(["help"], in: folder)
        #expect(run.status == 0)
        #expect(run.error == "")
        #expect(run.output.hasPrefix("add TEXT "))
    }

    @Test(arguments: [[], ["rm"], ["fav"], ["help"]])
    func helpFitsEightyColumnsOffATerminal(topic: [String]) async throws {
        let run = try await ProgramRun(["help"] + topic, in: folder)
        let lines = run.output.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.filter { $0.count > 80 } == [])
    }

    @Test func anErrorOffATerminalStaysOneLine() async throws {
        let run = try await ProgramRun(["rm", "9", "8", "7", "6", "5", "4", "3", "2", "1", "10", "11", "12", "13",
                                        "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25"],
                                       in: folder)
        #expect(run.error.split(separator: "\n").count == 1)
    }

    @Test func aFullDiskOnStandardOutputIsAFailure() async throws {
        _ = try await ProgramRun(["--quiet", "add", "one"], in: folder)
        let errorPath = folder.file("stderr")
        let status = try await ChildProcess.run(TasksBinary.path, ["--db", folder.file("tasks.sqlite"), "list"],
                                          environment: TasksBinary.environment(in: folder),
                                          output: "/dev/full", error: errorPath)
        #expect(status == 1)
        #expect(folder.contents(of: "stderr") == "tasks: cannot write to standard output: No space left on device\n")
    }

    @Test func quitSucceeds() async throws {
        #expect(try await ProgramRun(["quit"], in: folder).status == 0)
    }

    @Test func numbersAlignPastNinetyNine() async throws {
        let script = (1...100).map { "add t\($0)\n" }.joined()
        _ = try await ProgramRun(["--quiet"], input: script, in: folder)
        let lines = try await ProgramRun(["list"], in: folder).output.split(separator: "\n")
        #expect(lines.first == "  1   t1")
        #expect(lines.last == "100   t100")
    }

    @Test func everyWordAfterTheCommandIsItsArgumentEvenWithADash() async throws {
        #expect(try await ProgramRun(["add", "-5", "degrees"], in: folder) == ProgramRun(output: "  1   -5 degrees\n"))
    }

    @Test func aFlagAfterTheCommandIsPartOfTheText() async throws {
        #expect(try await ProgramRun(["add", "one", "--quiet"], in: folder) == ProgramRun(output: "  1   one --quiet\n"))
    }

    @Test func aDashNumberIsTheCommandsToJudge() async throws {
        _ = try await ProgramRun(["--quiet", "add", "one"], in: folder)
        #expect(try await ProgramRun(["rm", "-3"], in: folder)
            == ProgramRun(error: "rm -3: `-3` is not a task number (numbers start at 1)\n", status: 1))
    }

    @Test(arguments: ["", "   "])
    func anEmptyCommandIsAUsageError(command: String) async throws {
        #expect(try await ProgramRun([command], in: folder) == ProgramRun(
            error: "tasks: the command is empty: give one, such as `tasks add TEXT` (`tasks help` lists them)\n",
            status: 2))
        #expect(!FileManager.default.fileExists(atPath: folder.file("tasks.sqlite")))
    }

    /// Runs `tasks` with `arguments` and standard output on a full disk; returns its status and standard error.
    private func runOnAFullDisk(_ arguments: [String], input: String = "/dev/null") async throws -> (Int32, String?) {
        let status = try await ChildProcess.run(TasksBinary.path, ["--db", folder.file("tasks.sqlite")] + arguments,
                                                environment: TasksBinary.environment(in: folder),
                                                input: input, output: "/dev/full", error: folder.file("stderr"))
        return (status, folder.contents(of: "stderr"))
    }

    @Test func aFullDiskAfterAChangeSaysTheChangeWasSaved() async throws {
        let (status, error) = try await runOnAFullDisk(["add", "one"])
        #expect(status == 1)
        #expect(error == "tasks: cannot write to standard output: No space left on device (the change was saved)\n")
        #expect(try await ProgramRun(["list"], in: folder).output == "  1   one\n")
    }

    @Test func aFullDiskAfterAScriptSaysItsChangesWereSaved() async throws {
        let script = folder.file("script")
        try "add one\nadd two\n".write(toFile: script, atomically: true, encoding: .utf8)
        let (status, error) = try await runOnAFullDisk([], input: script)
        #expect(status == 1)
        #expect(error == "tasks: cannot write to standard output: No space left on device (the changes were saved)\n")
        #expect(try await ProgramRun(["list"], in: folder).output == "  1   one\n  2   two\n")
    }
}
