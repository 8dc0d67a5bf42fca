import TaskSystem
import Foundation

/// Passes the user's Ctrl-C on to the command running at the prompt, so that a long change stops
/// and rolls back instead of running to its end, and a sync waiting on a server stops waiting.
///
/// A signal handler may only set a flag (`Signals`); the store's and the sync's `interrupt()` are reached from
/// this thread instead, which waits, without waking, until a command starts, and then looks at the
/// flag every 10 ms until the command ends.
final class InterruptionForwarder: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var isRunning = false
    private let interrupt: @Sendable () -> Void

    /// Starts the thread; `interrupt` is called at most once per command, when Ctrl-C comes during it.
    init(interrupt: @escaping @Sendable () -> Void) {
        self.interrupt = interrupt
        let thread = Thread { [unowned self] in self.watch() }
        thread.name = "tasks interruption"
        thread.start()
    }

    /// Runs `command`, forwarding a Ctrl-C that comes meanwhile.
    func run<Result>(_ command: () -> Result) -> Result {
        condition.withLock {
            isRunning = true
            condition.signal()
        }
        defer { condition.withLock { isRunning = false } }
        return command()
    }

    private func watch() {
        while true {
            condition.withLock { while !isRunning { condition.wait() } }
            var forwarded = false
            while condition.withLock({ isRunning }) {
                if !forwarded && Signals.interruptionRequested {
                    interrupt()
                    forwarded = true
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }
}
