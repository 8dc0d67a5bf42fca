import Foundation
import TaskSync
import Testing

/// When the prompt's background sync runs again: its idle interval counts from the end of the last
/// sync, not its start.
@Suite struct BackgroundSyncScheduleTests {
    /// The start and end of each sync attempt, in order.
    final class Attempts: @unchecked Sendable {
        private let lock = NSLock()
        private var moments: [(start: ContinuousClock.Instant, end: ContinuousClock.Instant)] = []

        func record(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) {
            lock.withLock { moments.append((start, end)) }
        }

        var all: [(start: ContinuousClock.Instant, end: ContinuousClock.Instant)] { lock.withLock { moments } }
    }

    /// Each sync fails after 0.6 s (a server refusing, slowly) with an idle interval of 0.3 s: the
    /// next began at once as one ended, and another prompt on the list, waiting for its lock,
    /// never had a turn nor said the server was down (found by an independent tester).
    @Test func aSyncThatLastsItsIntervalLeavesTheIntervalBeforeTheNext() async throws {
        let attempts = Attempts()
        let background = BackgroundSync(isPaired: { true }, open: {
            let start = ContinuousClock.now
            Thread.sleep(forTimeInterval: 0.6)
            attempts.record(start, .now)
            throw SyncError.notPaired
        }, changeDelay: 600, idleInterval: 0.3)
        background.start()
        defer { background.stop() }
        let deadline = ContinuousClock.now + .seconds(60)
        while attempts.all.count < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let all = attempts.all
        try #require(all.count >= 3)
        for index in 1..<3 {
            #expect(all[index].start - all[index - 1].end >= .milliseconds(250), "attempt \(index): \(all)")
        }
    }
}
