import Foundation
import TaskLineEditor
import TaskTestSupport
import Testing

/// The history on disk, shared by every prompt: each line is added to the file as it is now.
@Suite struct HistoryFileTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func aMissingFileHasNoEntriesAndIsMadeWithItsFolders() {
        let history = HistoryFile(path: folder.file("state/tasks/history"))
        #expect(history.load() == [])
        #expect(history.append("add milk"))
        #expect(history.load() == ["add milk"])
        #expect(folder.contents(of: "state/tasks/history") == "_HiStOrY_V2_\nadd\\040milk\n")
    }

    @Test func twoPromptsKeepEachOthersLines() {
        let first = HistoryFile(path: folder.file("history"))
        let second = HistoryFile(path: folder.file("history"))
        #expect(first.append("add a"))
        #expect(second.append("add b"))
        #expect(first.append("add c"))
        #expect(second.load() == ["add a", "add b", "add c"])
    }

    @Test func aLineRepeatingTheLastIsNotAddedAgain() {
        let history = HistoryFile(path: folder.file("history"))
        #expect(history.append("ls"))
        #expect(history.append("ls"))
        #expect(history.load() == ["ls"])
    }

    @Test func onlyTheLatestEntriesUpToTheLimitAreKept() {
        var history = HistoryFile(path: folder.file("history"))
        history.limit = 2
        for line in ["add a", "add b", "add c"] { #expect(history.append(line)) }
        #expect(history.load() == ["add b", "add c"])
    }
}
