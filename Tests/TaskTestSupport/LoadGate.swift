import Testing

/// Keeps the suites whose figures are timed (an open prompt shows a change within 2 s while twenty
/// prompts and six writers run) from running while the suites that load the machine most run
/// (real CalDAV servers, vdirsyncer, thousands of writes): on two busy cores, the two together
/// made a prompt miss its 2 s by 45 ms. Other suites run beside either, as before.
public struct LoadGate: SuiteTrait, TestScoping {
    /// Whether the suite runs alone among the gated ones (timed), or beside other loading ones.
    let isTimed: Bool

    public var isRecursive: Bool { false }

    /// Around the whole suite, once.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> LoadGate? {
        test.isSuite ? self : nil
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        await Gate.shared.enter(alone: isTimed)
        do {
            try await function()
        } catch {
            await Gate.shared.leave(alone: isTimed)
            throw error
        }
        await Gate.shared.leave(alone: isTimed)
    }

    /// A shared lock: the loading suites share it, a timed one takes it alone, before any loading
    /// suite that asks after it.
    private actor Gate {
        static let shared = Gate()
        private var sharing = 0
        private var alone = false
        private var aloneWaiting = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func enter(alone wantsAlone: Bool) async {
            if wantsAlone { aloneWaiting += 1 }
            while wantsAlone ? (alone || sharing > 0) : (alone || aloneWaiting > 0) {
                await withCheckedContinuation { waiting.append($0) }
            }
            if wantsAlone {
                aloneWaiting -= 1
                alone = true
            } else {
                sharing += 1
            }
        }

        func leave(alone wasAlone: Bool) {
            if wasAlone { alone = false } else { sharing -= 1 }
            let woken = waiting
            waiting = []
            for continuation in woken { continuation.resume() }
        }
    }
}

extension Trait where Self == LoadGate {
    /// A suite whose figures are timed: it runs while no `.loadsTheMachine` suite does.
    public static var timed: Self { LoadGate(isTimed: true) }
    /// A suite that loads the machine (servers, other programs, many writes).
    public static var loadsTheMachine: Self { LoadGate(isTimed: false) }
}
