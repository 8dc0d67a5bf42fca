import Testing
import PropertyBased
import TaskModel
import TaskPresenter

/// Random command sequences, fed to a real presenter over an in-memory store, keep its rows equal
/// to those of `ReferenceList`; undoing everything returns to the empty list.
///
/// About 220 sequences of 30–60 lines per run (a few seconds), new random ones each run: a failure
/// prints the shrunk input and a `.fixedSeed(…)` trait that replays it.
@Suite("Random command sequences agree with a reference model")
struct PresenterModelPropertyTests {
    @Test("after every line of a session, the presenter's outcome and rows equal the model's")
    func sessionAgreesWithModel() async {
        await propertyCheck(count: 60, input: CommandLines.session) { lines in
            try recordingErrors {
                let harness = try PresenterHarness()
                for line in lines { try harness.handle(line) }
            }
        }
    }

    @Test("one command per presenter, without rendering, agrees with the model line after line")
    func oneShotCommandsAgreeWithModel() async {
        await propertyCheck(count: 30, input: CommandLines.session) { lines in
            try recordingErrors {
                let harness = try PresenterHarness(oneShot: true)
                for line in lines { try harness.handle(line) }
            }
        }
    }

    @Test("undoing every change of a session returns to the empty list; redoing them all returns to the latest list")
    func undoEverythingReturnsToStart() async {
        await propertyCheck(count: 50, input: CommandLines.session) { lines in
            try recordingErrors {
                let harness = try PresenterHarness()
                for line in lines { try harness.handle(line, checkingRows: false) }
                var latest = harness.model
                while latest.run("redo") == .succeeded {}
                try harness.undoEverything()
                try harness.redoEverything()
                #expect(harness.model.tasks == latest.tasks)
            }
        }
    }

    @Test("keep-going scripts skip exactly the lines the model rejects, and undo still reaches the start")
    func keepGoingScriptsAgreeWithModel() async {
        await propertyCheck(count: 40, input: CommandLines.scripts) { scripts in
            try recordingErrors {
                let harness = try PresenterHarness()
                for script in scripts { try harness.runScript(script, keepGoing: true) }
                try harness.undoEverything()
            }
        }
    }

    @Test("atomic scripts apply all their lines or none, as the model does")
    func atomicScriptsAgreeWithModel() async {
        await propertyCheck(count: 40, input: CommandLines.scripts) { scripts in
            try recordingErrors {
                let harness = try PresenterHarness()
                for script in scripts { try harness.runScript(script, keepGoing: false) }
                try harness.undoEverything()
            }
        }
    }
}

/// Runs `body`, recording an error it throws as an issue (a property check ignores thrown errors
/// that are not failed expectations, which are recorded already).
func recordingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExpectationFailedError {
        throw error
    } catch {
        Issue.record(error)
    }
}
