@testable import TaskCLI
import Testing

/// How a start of `tasks` takes its commands, and what each mode shows.
@Suite struct InputModeTests {
    @Test func commandWordsMakeAOneShotCommandJoinedBySpaces() {
        #expect(InputMode(commandWords: ["add", "Buy", "milk"], standardInputIsTerminal: true) == .oneShot("add Buy milk"))
    }

    /// A password command given as several words keeps each word whole for the shell that runs it;
    /// one given as one word is its line as typed (found by an independent tester: quoting was lost).
    @Test func aPasswordCommandOfSeveralWordsIsQuotedForTheShell() {
        let sync = ["sync", "https://dav.example.com/", "--password-command"]
        #expect(InputMode.line(sync + ["pass", "show", "Personal/My CalDAV"])
                == "sync https://dav.example.com/ --password-command pass show 'Personal/My CalDAV'")
        #expect(InputMode.line(sync + ["sh", "-c", #"echo "$PW""#])
                == #"sync https://dav.example.com/ --password-command sh -c 'echo "$PW"'"#)
        #expect(InputMode.line(sync + ["cat", "it's"]) == #"sync https://dav.example.com/ --password-command cat 'it'\''s'"#)
        #expect(InputMode.line(sync + [#"pass show "My CalDAV""#]) == #"sync https://dav.example.com/ --password-command pass show "My CalDAV""#)
        #expect(InputMode.line(["add", "Buy", "it's", "milk"]) == "add Buy it's milk")
        #expect(InputMode.line(["add", "a", "--password-command", "b", "it's"]) == "add a --password-command b it's")
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
