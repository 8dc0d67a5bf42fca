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
/// As the prompt closes, `finish(giveUp:)` sends what was changed here and not sent yet, waiting
/// at most `finishLimit`.
public final class BackgroundSync: @unchecked Sendable {
    // Every stored property but the constants is guarded by `condition`.
    /// What one sync came to.
    public enum Outcome: Sendable {
        case synced(SyncReport, address: String)
        case failed(SyncError)
    }

    /// What the last sync as the prompt closes came to.
    public enum Finish: Sendable {
        /// Every change made here was sent already (or the list is not paired): no sync ran.
        case nothingToSend
        /// The sync that sends the changes made here ended so; when it followed one under way as
        /// the prompt closed, which may have sent them, what both synced (`SyncReport.adding`).
        case ended(Outcome)
        /// It had not ended after `finishLimit` seconds.
        case timedOut
        /// It had not ended after `finishLimit` seconds, waiting all along behind another sync of
        /// the list, which may send the changes (another prompt's, or a one-shot `tasks sync`).
        case waitedForAnotherSync
        /// `giveUp` said to stop waiting for it.
        case givenUp
    }

    private let condition = NSCondition()
    private var due: Date?
    private var outcomes: [Outcome] = []
    private var stopped = false
    /// Changes made here (`listChanged()`), counted; `sent` of them went in a sync that worked.
    private var changes = 0
    private var sent = 0
    /// Syncs started; the last one, while it runs, sends the first `covered` changes.
    private var started = 0
    private var running = false
    /// Whether the sync under way waits behind another sync of the list (for more than half a second).
    private var waitingForTurn = false
    private var covered = 0
    /// The number of the last sync that ended.
    private var ended = 0
    /// While the prompt closes: the first sync whose outcome counts, and the outcomes so far.
    private var closing: (first: Int, outcomes: [Outcome])?
    private let isPaired: @Sendable () -> Bool
    private let open: @Sendable () throws -> CalDAVSync
    private let changeDelay: TimeInterval
    private let idleInterval: TimeInterval
    /// How long, in seconds, the prompt's closing waits for the sync sending its last changes: a
    /// host that never answers a connection is said after HTTPTransport's connect timeout (5 s),
    /// which it outlasts (a refused one at once).
    public let finishLimit: TimeInterval
    /// How long, in seconds, each sync waits for its turn behind another sync of the list
    /// (`patience`, unless a test says less).
    private let turnLimit: TimeInterval
    /// Readable while there are outcomes to take.
    private let outcomesWaiting = WakeUpPipe()

    /// How long, in seconds, the prompt's sync waits for a server that sends nothing
    /// (`CalDAVSync`'s `patience`), shorter than a typed sync's: it holds the list's lock meanwhile,
    /// and another prompt on the list, waiting its turn, said nothing of the server for minutes
    /// (found by an independent tester). It is also how long it waits for its turn behind another
    /// sync of the list (a typed one waits 90 s on a server). The next sync tries again.
    public static let patience: TimeInterval = 30

    /// `open` makes the sync over a connection of its own, when the list is first found paired.
    public init(isPaired: @escaping @Sendable () -> Bool, open: @escaping @Sendable () throws -> CalDAVSync,
                changeDelay: TimeInterval = 2, idleInterval: TimeInterval = 60, finishLimit: TimeInterval = 8,
                turnLimit: TimeInterval = patience) {
        self.isPaired = isPaired
        self.turnLimit = turnLimit
        self.open = open
        self.changeDelay = changeDelay
        self.idleInterval = idleInterval
        self.finishLimit = finishLimit
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
        changes += 1
        let soon = Date(timeIntervalSinceNow: changeDelay)
        if due.map({ $0 > soon }) ?? true { due = soon }
        condition.broadcast()
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

    /// A sync other than this one's (`sync` typed at the prompt) sent every change made here.
    public func changesSent() {
        condition.lock()
        sent = changes
        condition.unlock()
    }

    /// Sends what was changed here and not sent yet, as the prompt closes: waits for the sync under
    /// way, and when that one started before the last change and worked, for one more, started at
    /// once; at most `finishLimit` seconds, and no longer than `giveUp` (asked every 50 ms) allows.
    /// Then stops.
    /// A list with nothing unsent costs no request. A sync still running when the process ends is
    /// cut short, which leaves both sides consistent: the next one sends the changes.
    public func finish(giveUp: () -> Bool) -> Finish {
        let paired = isPaired()
        condition.lock()
        defer {
            stopped = true
            condition.broadcast()
            condition.unlock()
        }
        guard paired, changes > sent else { return .nothingToSend }
        // The sync under way may have read the list after the last change: what it sends counts.
        var awaited = started
        closing = (running ? started : started + 1, [])
        if !running || covered < changes {
            awaited += 1
            due = Date()
            condition.broadcast()
        }
        let deadline = Date(timeIntervalSinceNow: finishLimit)
        // A failure ends the wait: the next sync would most likely fail too, and the bound is for both.
        while ended < awaited, !Self.failed(closing?.outcomes.last) {
            if giveUp() { return .givenUp }
            if Date() >= deadline { return waitingForTurn ? .waitedForAnotherSync : .timedOut }
            condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.05)))
        }
        return closing.flatMap { Self.together($0.outcomes) }.map(Finish.ended) ?? .nothingToSend
    }

    private static func failed(_ outcome: Outcome?) -> Bool {
        if case .failed? = outcome { true } else { false }
    }

    /// The last of `outcomes` (oldest first), with what the syncs that worked before it did when it worked.
    private static func together(_ outcomes: [Outcome]) -> Outcome? {
        guard case let .synced(last, address)? = outcomes.last else { return outcomes.last }
        let report = outcomes.dropLast().reduce(into: last) { report, outcome in
            if case let .synced(earlier, _) = outcome { report = report.adding(earlier) }
        }
        return .synced(report, address: address)
    }

    /// Stops the thread after the sync it is running, if any (the process may end before: a sync
    /// cut short leaves both sides consistent).
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func loop() {
        var sync: CalDAVSync?
        while let number = waitUntilDue() {
            guard isPaired() else {
                end(number, nil)
                continue
            }
            let outcome: Outcome
            do {
                let opened = try sync ?? open()
                sync = opened
                let report = try opened.sync(turnLimit: turnLimit, waiting: { [self] in waitsForTurn(true) },
                                             turnTaken: { [self] in waitsForTurn(false) })
                outcome = .synced(report, address: report.address)
            } catch let error as SyncError {
                outcome = .failed(error)
            } catch {
                outcome = .failed(.store(error))
            }
            end(number, outcome)
        }
    }

    /// Waits until a sync is due, and sets the next one `idleInterval` later (`end` sets it again
    /// from the sync's end); the number of the sync to run then, or nil once stopped.
    private func waitUntilDue() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if let due, due <= Date() { break }
            condition.wait(until: due ?? .distantFuture)
        }
        guard !stopped else { return nil }
        due = Date(timeIntervalSinceNow: idleInterval)
        started += 1
        running = true
        covered = changes
        return started
    }

    /// Records whether the sync under way waits behind another sync of the list.
    private func waitsForTurn(_ waits: Bool) {
        condition.lock()
        waitingForTurn = waits
        condition.unlock()
    }

    /// Records how sync `number` ended, for the idle prompt and for `finish(giveUp:)`.
    private func end(_ number: Int, _ outcome: Outcome?) {
        condition.lock()
        running = false
        waitingForTurn = false
        ended = number
        // The next idle sync counts from this one's end, not its start: one that lasted its interval
        // (a server refusing, or not answering) started the next at once, and another prompt on the
        // list, waiting for its lock, never had a turn nor said the server was down (found by an
        // independent tester). A change made meanwhile keeps its sooner sync.
        if changes == covered, !stopped { due = Date(timeIntervalSinceNow: idleInterval) }
        if let outcome, let first = closing?.first, number >= first { closing?.outcomes.append(outcome) }
        if let outcome {
            if case .synced = outcome { sent = max(sent, covered) }
            outcomes.append(outcome)
            outcomesWaiting?.signal()
        }
        condition.broadcast()
        condition.unlock()
    }
}
