import Foundation

/// Ctrl-C for a sync: `interrupt()` comes from another thread than the sync's (the prompt's
/// interruption watch) and stops the requests of the transport under way, or of the next one
/// watched, until `reset()` (the start of the next sync).
final class SyncInterruption: @unchecked Sendable {
    // Every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var requested = false
    private var transport: HTTPTransport?

    /// Whether `interrupt()` came since the last `reset()`.
    var isRequested: Bool { lock.withLock { requested } }

    /// A sync starts: nothing interrupts it yet.
    func reset() {
        lock.withLock {
            requested = false
            transport = nil
        }
    }

    /// Stops the requests of the transport watched, and of any watched later.
    func interrupt() {
        let transport = lock.withLock {
            requested = true
            return self.transport
        }
        transport?.cancel()
    }

    /// The sync's requests go through `transport` from now on.
    func watch(_ transport: HTTPTransport) {
        let requested = lock.withLock {
            self.transport = transport
            return self.requested
        }
        if requested { transport.cancel() }
    }
}
