@testable import TaskCLI
import Testing

/// How a start of `tasks` takes its commands, and what each mode shows.
@Suite struct InputModeTests {
    @Test func commandWordsMakeAOneShotCommandJoinedBySpaces() {
        #expect(InputMode(commandWords: ["add", "Buy", "milk"], standardInputIsTerminal: true) == .oneShot("add Buy milk"))
    }

    @Test func noWordsReadATerminalAsThePromptAndAnythingElseAsAScript() {
        #expect(InputMode(commandWords: [], standardInputIsTerminal: true) == .interactive)
        #expect(InputMode(commandWords: [], standardInputIsTerminal: false) == .script)
    }

    @Test func theListIsShownAfterChangesAtThePromptAndAfterAOneShotCommandUnlessQuiet() {
        #expect(InputMode.interactive.rendersAfterChanges(quiet: true))
        #expect(InputMode.oneShot("rm 1").rendersAfterChanges(quiet: false))
        #expect(!InputMode.oneShot("rm 1").rendersAfterChanges(quiet: true))
        #expect(!InputMode.script.rendersAfterChanges(quiet: false))
    }

    @Test func anEmptyListSaysHowToAddATaskInThatMode() {
        #expect(InputMode.interactive.emptyListText == "No tasks. Add one with: add TEXT")
        #expect(InputMode.script.emptyListText == "No tasks. Add one with: tasks add TEXT")
    }
}
