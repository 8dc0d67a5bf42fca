import Foundation
import TaskTestSupport
import Testing

/// Many prompts open at once: `tasks` in a session of its own for each, all on one tmux server,
/// and read together: one tmux run captures every pane's screen, so that watching twenty prompts
/// costs the machine one small process per look rather than twenty.
final class TerminalGroup {
    private let server = TmuxServer()
    /// How many prompts.
    let count: Int

    /// Starts `count` prompts of `tasks` with `arguments` in `columns`×`rows` terminals, in the
    /// private environment of `folder` (see `TerminalSession`), and waits until each shows its prompt.
    init(count: Int, _ arguments: [String], in folder: TemporaryFolder, columns: Int, rows: Int) async throws {
        try TasksBinary.checkBuilt()
        self.count = count
        let script = TerminalSession.paneScript(arguments, in: folder)
        for index in 0..<count {
            try await server.run(["new-session", "-d", "-s", "p\(index)", "-x", "\(columns)", "-y", "\(rows)", script])
        }
        try await waitForEach(within: TerminalSession.timeout) { $0.last == TerminalSession.barePrompt }
    }

    /// The line printed before each pane's screen in a capture of them all.
    private static let marker = "@@pane@@"

    /// What each pane shows now, in order: its screen without its scrollback or the blank lines at
    /// the bottom.
    func screens() async throws -> [[String]] {
        let commands = (0..<count).map { index in
            ["display-message", "-p", "-t", "p\(index)", Self.marker, ";", "capture-pane", "-p", "-t", "p\(index)"]
        }
        let text = try await server.run(Array(commands.joined(separator: [";"])))
        var screens: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == Self.marker {
                screens.append([])
            } else if !screens.isEmpty {
                screens[screens.count - 1].append(String(line))
            }
        }
        return screens.map { screen in Array(screen.reversed().drop { $0.isEmpty }.reversed()) }
    }

    /// Looks at every pane until each has shown a screen for which `condition` holds, and returns
    /// for each the moment of the first look that found it; fails the test after `limit`.
    @discardableResult
    func waitForEach(within limit: Duration, _ condition: ([String]) -> Bool,
                     sourceLocation: SourceLocation = #_sourceLocation) async throws -> [ContinuousClock.Instant] {
        let deadline = ContinuousClock.now + limit
        var found = [ContinuousClock.Instant?](repeating: nil, count: count)
        while true {
            let screens = try await screens()
            let look = ContinuousClock.now // at the latest: the screen may have shown it a little earlier
            for (index, screen) in screens.enumerated() where found[index] == nil && condition(screen) {
                found[index] = look
            }
            let moments = found.compactMap { $0 }
            if moments.count == count { return moments }
            guard ContinuousClock.now < deadline else {
                let waiting = found.indices.filter { found[$0] == nil }
                let first = waiting.first.map { screens[$0].joined(separator: "\n") } ?? ""
                Issue.record("timed out: \(waiting.count) of \(count) prompts never showed it; prompt \(waiting[0]):\n\(first)",
                             sourceLocation: sourceLocation)
                throw TerminalSession.TimedOut()
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
