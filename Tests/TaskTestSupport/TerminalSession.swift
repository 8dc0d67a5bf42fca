import Foundation
import Testing

/// The `tasks` REPL running on a pseudo-terminal: a tmux server on a private socket, driven with
/// `send-keys` and read with `capture-pane`. Waits poll the screen; nothing sleeps a fixed time.
/// The server is killed when the session goes away.
public final class TerminalSession {
    /// The prompt as `capture-pane` shows it on an empty line (trailing spaces trimmed).
    public static let barePrompt = "tasks>"
    /// How long a wait lasts before the test fails, unless the session was given another: a wait
    /// ends as soon as the screen shows what it waits for, so the limit only needs to be generous.
    /// 10 s was not, once, for a prompt to start while the whole suite ran on two busy cores.
    public static let timeout: Duration = .seconds(30)

    private let server = TmuxServer()
    /// How long this session's waits last.
    private let timeout: Duration

    /// Starts `tasks` with `arguments` in a `columns`×`rows` terminal, in the private environment
    /// of `folder` (database `folder/tasks.sqlite`), and waits for its first prompt (`prompt`, the
    /// bare one unless the list is read-only or a view is in effect). The pane's
    /// shell survives Ctrl-C (`trap : INT`; the program gets the default action), and with
    /// `jobControl` runs the program as a job of its own (`set -m`), as an interactive shell
    /// would, so that Ctrl-Z can stop it. `shellSetup` runs in the pane's shell first (`ulimit`);
    /// `launcher` runs the program (`valgrind …`). With `outputFilter`, its standard output is
    /// piped through that command (standard input and error stay on the terminal).
    public init(_ arguments: [String] = [], in folder: TemporaryFolder, environment extra: [String: String] = [:],
         columns: Int = 100, rows: Int = 40, jobControl: Bool = false, shellSetup: String = "",
         launcher: [String] = [], outputFilter: String? = nil, timeout: Duration = TerminalSession.timeout,
         prompt: String = TerminalSession.barePrompt) async throws {
        try TasksBinary.checkBuilt()
        self.timeout = timeout
        let script = Self.paneScript(arguments, in: folder, environment: extra, jobControl: jobControl,
                                     shellSetup: shellSetup, launcher: launcher, outputFilter: outputFilter)
        try await tmux(["new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)", script])
        try await waitFor { $0.last == prompt }
    }

    /// The pane's shell command that runs `tasks` as `init` describes, then prints its exit status
    /// and whether the terminal's settings were restored.
    public static func paneScript(_ arguments: [String], in folder: TemporaryFolder, environment extra: [String: String] = [:],
                           jobControl: Bool = false, shellSetup: String = "", launcher: [String] = [],
                           outputFilter: String? = nil) -> String {
        let environment = TasksBinary.environment(in: folder, extra).map { "\($0.key)=\(quoted($0.value))" }
        let program = (launcher + [TasksBinary.path, "--db", folder.file("tasks.sqlite")] + arguments).map(quoted)
        let command = (["env", "-i", "TERM=\"$TERM\""] + environment + program).joined(separator: " ")
            + (outputFilter.map { " | " + $0 } ?? "")
        return (jobControl ? "set -m; " : "") + "trap : INT; " + shellSetup + "settings=$(stty -g); " + command
            + "; echo EXIT=$?; if [ \"$(stty -g)\" = \"$settings\" ]; then echo TTY=same; else echo TTY=changed; fi; sleep 60"
    }

    // MARK: Keys

    /// Types `text` literally (no Enter).
    public func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", "t", "-l", text])
    }

    /// Presses keys by their tmux names: `Enter`, `Up`, `Tab`, `C-c`, `C-d`, `C-u`, `C-Left`, `M-Left`.
    public func press(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "t"] + keys)
    }

    /// Pastes `text` as a terminal does: between bracketed-paste markers when the program asked
    /// for them.
    public func paste(_ text: String) async throws {
        try await tmux(["set-buffer", "-b", "test", text])
        try await tmux(["paste-buffer", "-p", "-d", "-b", "test", "-t", "t"])
    }

    /// Changes the terminal's width (the program gets SIGWINCH), and waits until the terminal has
    /// it: tmux sets a pane's size up to 250 ms after the command (it spaces a pane's resizes), and
    /// a test that typed meanwhile typed at the old width, the signal arriving in the middle.
    public func resize(columns: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await tmux(["resize-window", "-t", "t", "-x", "\(columns)"])
        try await pollTerminal(every: .milliseconds(10), "the terminal to be \(columns) columns wide",
                               sourceLocation: sourceLocation) { descriptor in
            var size = winsize()
            return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && Int(size.ws_col) == columns
        }
    }

    /// Types `line`, presses Enter, waits for the next prompt and returns the lines printed in between.
    @discardableResult
    public func run(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        var echoed = Self.barePrompt + " " + line
        while echoed.last == " " { echoed.removeLast() }
        try await type(line)
        try await waitFor({ $0.last == echoed }, sourceLocation: sourceLocation)
        try await press("Enter")
        let screen = try await waitForPrompt(sourceLocation: sourceLocation)
        guard let echo = screen.lastIndex(of: echoed) else { return [] }
        return Array(screen[(echo + 1)..<(screen.count - 1)])
    }

    // MARK: Screen

    /// The screen and its scrollback as lines, without the blank lines at the bottom; with
    /// `joined`, rows the terminal wrapped are joined into their line.
    public func lines(escapes: Bool = false, joined: Bool = false) async throws -> [String] {
        let text = try await tmux(["capture-pane", "-p", "-t", "t", "-S", "-1000"] + (escapes ? ["-e"] : [])
                                  + (joined ? ["-J"] : []))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if joined { // -J keeps trailing spaces, which a plain capture drops
            lines = lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Waits until `condition` holds for the screen's lines and returns them; fails the test on timeout.
    @discardableResult
    public func waitFor(escapes: Bool = false, joined: Bool = false, _ condition: ([String]) -> Bool,
                 sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var screen = try await lines(escapes: escapes, joined: joined)
        while !condition(screen) {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out; the screen:\n\(screen.joined(separator: "\n"))", sourceLocation: sourceLocation)
                throw TimedOut()
            }
            try await Task.sleep(for: .milliseconds(20))
            screen = try await lines(escapes: escapes, joined: joined)
        }
        return screen
    }

    /// Waits for an empty prompt on the last line.
    @discardableResult
    public func waitForPrompt(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await waitFor({ $0.last == Self.barePrompt }, sourceLocation: sourceLocation)
    }

    /// Waits for the program to exit and returns its exit status and whether the terminal's settings
    /// were as before it started (both printed by the pane's shell).
    public func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> (status: Int32?, terminalRestored: Bool) {
        let screen = try await waitFor({ $0.contains { $0.hasPrefix("TTY=") } }, sourceLocation: sourceLocation)
        let status = screen.last { $0.hasPrefix("EXIT=") }.flatMap { Int32($0.dropFirst("EXIT=".count)) }
        return (status, screen.contains("TTY=same"))
    }

    /// Types `line` (no Enter), sends `signal` to the program once it shows, and waits for it to exit.
    public func send(_ signal: Int32, afterTyping line: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> (status: Int32?, terminalRestored: Bool) {
        try await type(line)
        try await waitFor({ $0.last == Self.barePrompt + " " + line }, sourceLocation: sourceLocation)
        let program = try #require(try await programID(), sourceLocation: sourceLocation)
        kill(program, signal)
        return try await waitForExit(sourceLocation: sourceLocation)
    }

    /// The process id of the program (the child of the pane's shell), or nil when it has none.
    public func programID() async throws -> pid_t? {
        let output = try await tmux(["display-message", "-p", "-t", "t", "#{pane_pid}"])
        guard let shell = Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Waits until the terminal turns typed Ctrl-C into a signal again: the program has taken the
    /// line entered and runs it (while a line is edited, Ctrl-C is a key).
    public func waitForSignalKeys(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await pollTerminal(every: .milliseconds(5), "the terminal's signal keys", sourceLocation: sourceLocation) { descriptor in
            var settings = termios()
            return tcgetattr(descriptor, &settings) == 0 && settings.c_lflag & tcflag_t(ISIG) != 0
        }
    }

    /// Waits until the program has read every key sent to it and each of its threads sleeps, seen
    /// three times in a row 20 ms apart: it has handled what it was sent (keys, a resize) and waits
    /// for more. A terminal resized again while the program still draws for the size before is a
    /// race no program wins (the drawing lands at the new width); under valgrind on two busy cores
    /// a test lost it.
    public func waitUntilIdle(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let program = try #require(try await programID(), sourceLocation: sourceLocation)
        var quiet = 0
        try await pollTerminal(every: .milliseconds(20), "the program to wait for keys", sourceLocation: sourceLocation) { descriptor in
            var unread: Int32 = 0
            let idle = ioctl(descriptor, UInt(FIONREAD), &unread) == 0 && unread == 0 && Self.sleeps(program)
            quiet = idle ? quiet + 1 : 0
            return quiet == 3
        }
    }

    /// Opens the pane's terminal (not as a controlling one) and asks `holds` about it every
    /// `interval` until it says yes; fails the test, waiting for `what`, on timeout.
    private func pollTerminal(every interval: Duration, _ what: String, sourceLocation: SourceLocation,
                              _ holds: (Int32) -> Bool) async throws {
        let path = try await tmux(["display-message", "-p", "-t", "t", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw ChildProcess.SpawnFailed(path: path, code: errno) }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + timeout
        while !holds(descriptor) {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
                throw TimedOut()
            }
            try await Task.sleep(for: interval)
        }
    }

    /// Whether every thread of process `id` sleeps (state `S` in `/proc/ID/task/*/stat`).
    private static func sleeps(_ id: pid_t) -> Bool {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(id)/task") else { return false }
        return threads.allSatisfy { thread in
            // The state follows the command's name, which is in parentheses and may hold any character.
            guard let stat = try? String(contentsOfFile: "/proc/\(id)/task/\(thread)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").first == "S"
        }
    }

    /// Closes the terminal, as closing its window does: the program gets SIGHUP.
    public func closeTerminal() async throws {
        try await tmux(["kill-server"])
    }

    /// From now on, appends every byte the program writes to the terminal to the file at `path`
    /// (tmux's `pipe-pane`), escape sequences and all, as the terminal receives them.
    public func record(to path: String) async throws {
        try await tmux(["pipe-pane", "-o", "-t", "t", "cat >> " + Self.quoted(path)])
    }

    // MARK: tmux

    /// A wait that ran out of time (already recorded as an issue).
    public struct TimedOut: Error {
        public init() {}
    }

    /// Runs tmux on the private socket and returns what it printed.
    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        try await server.run(arguments)
    }

    /// `text` quoted for the pane's shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
