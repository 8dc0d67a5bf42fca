import Foundation
import TaskTestSupport
import Testing

/// Scripts and one-shot commands, run the same way on an SQLite file and on a shared list on
/// PostgreSQL: the same output, errors and exit status, byte for byte.
@Suite struct BackendParityTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    // MARK: Scripts

    @Test(arguments: TestStore.Kind.allCases) func aScriptPrintsTheFinalListOnce(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        let run = try await store.run([], input: "add Call mom\nadd Pay rent\nfav 1\n# a comment\n\ndone 2\n")
        #expect(run == ProgramRun(output: "  1 ★ Call mom\n  2   ✓ Pay rent\n"))
    }

    @Test(arguments: TestStore.Kind.allCases) func aFailingLineChangesNothing(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        _ = try await store.run(["add", "kept"])
        let run = try await store.run([], input: "add one\nclear\nrm 9\nadd two\n")
        #expect(run == ProgramRun(error: "line 3: rm 9: there is no task 9 (the list is empty)\n", status: 1))
        #expect(try await store.texts() == ["kept"])
    }

    @Test(arguments: TestStore.Kind.allCases) func keepGoingSkipsFailingLines(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        let run = try await store.run(["--keep-going"], input: "add one\nrm 9\nadd two\nundo\nredo\nredo\n")
        #expect(run == ProgramRun(output: "Undid: add “two”\nRedid: add “two”\n  1   one\n  2   two\n",
                                  error: "line 2: rm 9: there is no task 9 (the list has 1)\nline 6: redo: nothing to redo\n",
                                  status: 1))
    }

    @Test(arguments: TestStore.Kind.allCases) func aScriptsNumbersFollowItsOwnChanges(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        let run = try await store.run(["--quiet"], input: "add a\nadd b\nadd c\nrm 1\nmv 2 1\nedit 1 C\nclear done\n")
        #expect(run == ProgramRun())
        #expect(try await store.texts() == ["C", "b"])
    }

    @Test(arguments: TestStore.Kind.allCases) func hostileTextIsKeptExactlyAndShownEscaped(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        let input = Array("add evil\u{1B}]0;pwned\u{7} a".utf8) + [0] + Array("b caf".utf8) + [0xE9] + Array(" 日本\n".utf8)
        let run = try await ProgramRun(["--db", store.location], inputBytes: input, in: folder, database: false)
        #expect(run == ProgramRun(output: "  1   evil\\e]0;pwned\\x07 a\\0b caf\u{FFFD} 日本\n"))
        #expect(try await store.run(["edit", "1", "plain"]).status == 0)
        #expect(try await store.run(["undo"]).output == "  1   evil\\e]0;pwned\\x07 a\\0b caf\u{FFFD} 日本\n"
                    + "Undid: edit “evil\\e]0;pwned\\x07 a\\0b caf\u{FFFD} 日本”\n")
    }

    @Test(arguments: TestStore.Kind.allCases) func manyLinesRunAsOneScript(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        let run = try await store.run([], input: (1...2_000).map { "add task \($0)\n" }.joined())
        let lines = run.output.split(separator: "\n")
        #expect(run.status == 0 && run.error == "")
        #expect(lines.count == 2_000)
        #expect(lines.first == "    1   task 1")
        #expect(lines.last == " 2000   task 2000")
    }

    // MARK: One-shot commands

    @Test(arguments: TestStore.Kind.allCases) func eachCommandPrintsTheListItLeaves(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        #expect(try await store.run(["add", "Buy", "milk"]) == ProgramRun(output: "  1   Buy milk\n"))
        #expect(try await store.run(["add", "Pay rent"]) == ProgramRun(output: "  1   Buy milk\n  2   Pay rent\n"))
        #expect(try await store.run(["fav", "2"]) == ProgramRun(output: "  1   Buy milk\n  2 ★ Pay rent\n"))
        #expect(try await store.run(["mv", "2", "1"]) == ProgramRun(output: "  1 ★ Pay rent\n  2   Buy milk\n"))
        #expect(try await store.run(["find", "MILK"])
                == ProgramRun(output: "  2   Buy milk\n1 of 2 tasks matches “MILK”; `list` shows all\n"))
        #expect(try await store.run(["rm", "1"]) == ProgramRun(output: "  1   Buy milk\n"))
        #expect(try await store.run(["undo"]) == ProgramRun(output: "  1 ★ Pay rent\n  2   Buy milk\nUndid: rm “Pay rent”\n"))
        #expect(try await store.run(["redo"]) == ProgramRun(output: "  1   Buy milk\nRedid: rm “Pay rent”\n"))
    }

    @Test(arguments: TestStore.Kind.allCases) func aFailingCommandExitsOne(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        _ = try await store.run(["add", "one"])
        #expect(try await store.run(["rm", "9"]) == ProgramRun(error: "rm 9: there is no task 9 (the list has 1)\n", status: 1))
        #expect(try await store.run(["redo"]) == ProgramRun(error: "redo: nothing to redo\n", status: 1))
    }

    @Test(arguments: TestStore.Kind.allCases) func undoIsKeptAcrossRuns(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        _ = try await store.run(["--quiet"], input: "add a\nadd b\nadd c\n")
        _ = try await store.run(["--quiet", "clear"])
        #expect(try await store.run(["undo"]).output == "  1   a\n  2   b\n  3   c\nUndid: clear (3 tasks)\n")
        #expect(try await store.run(["undo"]).output == "  1   a\n  2   b\nUndid: add “c”\n")
    }

    @Test(arguments: TestStore.Kind.allCases) func numbersAlignPastNinetyNine(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        _ = try await store.run(["--quiet"], input: (1...100).map { "add t\($0)\n" }.joined())
        let lines = try await store.run(["list"]).output.split(separator: "\n")
        #expect(lines.first == "  1   t1")
        #expect(lines.last == "100   t100")
    }

    // MARK: Several processes at once

    @Test(arguments: TestStore.Kind.allCases) func concurrentOneShotAddsLoseNothing(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        let loops = 4, adds = 25
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for loop in 1...loops {
                group.addTask {
                    var failures: [String] = []
                    for add in 1...adds {
                        let run = try await store.run(["--quiet", "add", "loop \(loop) add \(add)"])
                        if run != ProgramRun() { failures.append("loop \(loop) add \(add): \(run)") }
                    }
                    return failures
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures == [])
        let texts = try await store.texts()
        for loop in 1...loops { // each loop's adds are all there, in the order it made them
            #expect(texts.filter { $0.hasPrefix("loop \(loop) ") } == (1...adds).map { "loop \(loop) add \($0)" })
        }
        #expect(texts.count == loops * adds)
    }

    @Test(arguments: TestStore.Kind.allCases) func concurrentScriptsAreEachAppliedWhole(_ kind: TestStore.Kind) async throws {
        let store = try TestStore(kind, in: folder)
        let scripts = 3, lines = 400
        let runs = try await withThrowingTaskGroup(of: ProgramRun.self) { group in
            for script in 1...scripts {
                let input = (1...lines).map { "add script \(script) line \($0)\n" }.joined()
                group.addTask { try await store.run(["--quiet"], input: input) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(runs == Array(repeating: ProgramRun(), count: scripts))
        let texts = try await store.texts()
        try #require(texts.count == scripts * lines)
        for start in stride(from: 0, to: texts.count, by: lines) { // one block a script, never interleaved
            let script = try #require(texts[start].split(separator: " ").dropFirst().first)
            #expect(Array(texts[start..<(start + lines)]) == (1...lines).map { "script \(script) line \($0)" })
        }
    }
}
