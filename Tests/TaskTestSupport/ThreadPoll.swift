import Foundation

/// Watching for a moment on a thread of its own. A task polling on Swift concurrency's two threads
/// can wait for minutes while other suites keep them busy (found in loaded clean-clone runs: a
/// checkpoint and a password command came and went unseen), so a test that must act the moment
/// something happens (a kill, a Ctrl-C) acts from here, in `check`.
public enum ThreadPoll {
    /// Calls `check` every `interval` until it returns a value, and returns that value; nil once
    /// `limit` has passed.
    public static func first<Value: Sendable>(every interval: Duration, within limit: Duration,
                                              _ check: @escaping @Sendable () -> Value?) async -> Value? {
        await withCheckedContinuation { continuation in
            Thread {
                let deadline = ContinuousClock.now + limit
                while ContinuousClock.now < deadline {
                    if let found = check() { return continuation.resume(returning: found) }
                    usleep(useconds_t(interval / .microseconds(1)))
                }
                continuation.resume(returning: nil)
            }.start()
        }
    }
}
