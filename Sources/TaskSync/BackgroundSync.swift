import Foundation
import TaskSystem

/// The open prompt's sync: on a thread of its own, over a connection of its own to the list, so
/// that the keyboard never waits for a server. It syncs as the prompt opens, shortly after each
/// change made at the prompt, and every `idleInterval` otherwise; what a sync brings is written to
/// the list like another prompt's change, which the prompt's watch of the store then shows. What
/// a sync said (conflicts, failures) waits in `takeOutcomes()` for the prompt to show when idle,
/// and `descriptor` becomes readable meanwhile, so that a prompt waiting on a server's
/// notifications (a shared list) wakes for it too.
/// A list that is not paired costs a sleeping thread: it is asked whether it is paired each time.
public final class BackgroundSync: @unchecked Sendable {
    // Every stored property but the constants is guarded by `condition`.
    /// What one sync came to.
    public enum Outcome: Sendable {
        case synced(SyncReport, address: String)
        case failed(SyncError)
    }

    private let condition = NSCondition()
    private var due: Date?
    private var outcomes: [Outcome] = []
    private var stopped = false
    private let isPaired: @Sendable () -> Bool
    private let open: @Sendable () throws -> CalDAVSync
    private let changeDelay: TimeInterval
    private let idleInterval: TimeInterval
    /// Readable while there are outcomes to take.
    private let outcomesWaiting = WakeUpPipe()

    /// `open` makes the sync over a connection of its own, when the list is first found paired.
    public init(isPaired: @escaping @Sendable () -> Bool, open: @escaping @Sendable () throws -> CalDAVSync,
                changeDelay: TimeInterval = 2, idleInterval: TimeInterval = 60) {
        self.isPaired = isPaired
        self.open = open
        self.changeDelay = changeDelay
        self.idleInterval = idleInterval
    }

    /// Starts the thread, which syncs at once.
    public func start() {
        condition.lock()
        due = Date()
        condition.unlock()
        Thread.detachNewThread { [self] in loop() }
    }

    /// The list was changed here: a sync follows within `changeDelay`.
    public func listChanged() {
        condition.lock()
        let soon = Date(timeIntervalSinceNow: changeDelay)
        if due.map({ $0 > soon }) ?? true { due = soon }
        condition.signal()
        condition.unlock()
    }

    /// A descriptor that is readable while a sync has finished since the last `takeOutcomes()`, to
    /// wait on beside the keyboard; nil when the process has no descriptor left for it.
    public var descriptor: Int32? { outcomesWaiting?.descriptor }

    /// What the syncs finished since the last call came to, oldest first.
    public func takeOutcomes() -> [Outcome] {
        condition.lock()
        defer { condition.unlock() }
        let taken = outcomes
        outcomes = []
        outcomesWaiting?.drain()
        return taken
    }

    /// Stops the thread after the sync it is running, if any (the process may end before: a sync
    /// cut short leaves both sides consistent).
    public func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        var sync: CalDAVSync?
        while waitUntilDue() {
            guard isPaired() else { continue }
            let outcome: Outcome
            do {
                let opened = try sync ?? open()
                sync = opened
                let report = try opened.sync()
                outcome = .synced(report, address: report.address)
            } catch let error as SyncError {
                outcome = .failed(error)
            } catch {
                outcome = .failed(.store(error))
            }
            condition.lock()
            outcomes.append(outcome)
            outcomesWaiting?.signal()
            condition.unlock()
        }
    }

    /// Waits until a sync is due, and sets the next one `idleInterval` later; false once stopped.
    private func waitUntilDue() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if let due, due <= Date() { break }
            condition.wait(until: due ?? .distantFuture)
        }
        due = Date(timeIntervalSinceNow: idleInterval)
        return !stopped
    }
}
