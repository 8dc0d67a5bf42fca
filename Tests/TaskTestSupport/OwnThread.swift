import Foundation

/// Runs `body` on a thread of its own and waits for it without blocking the test runner's threads.
/// For code that blocks (a store's busy timeout, a sync waiting on a server): on two cores the
/// runner has two threads, and two tests blocking them starve every other test's tasks, such as
/// one that was to interrupt the blocked code.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
