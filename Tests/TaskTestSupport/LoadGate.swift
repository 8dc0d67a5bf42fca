import Testing

/// Keeps the suite that loads the machine most of all (twenty prompts watching six writers) from
/// running while the other suites that load it most run (real CalDAV servers, vdirsyncer,
/// thousands of writes): on two cores the two together slowed each other by minutes. Other suites
/// run beside either, as before. (How soon those prompts show the list is a figure of `make bench`,
/// bench/crowd.py, not of a test.)
public struct LoadGate: SuiteTrait, TestScoping {
    /// Whether the suite runs alone among the gated ones, or beside other loading ones.
    let isAlone: Bool

    public var isRecursive: Bool { false }

    /// Around the whole suite, once.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> LoadGate? {
        test.isSuite ? self : nil
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        await Gate.shared.enter(alone: isAlone)
        do {
            try await function()
        } catch {
            await Gate.shared.leave(alone: isAlone)
            throw error
        }
        await Gate.shared.leave(alone: isAlone)
    }

    /// A shared lock: the loading suites share it, the one that runs alone takes it alone, before any
    /// loading suite that asks after it.
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
    /// A suite that loads the machine most of all: it runs while no `.loadsTheMachine` suite does.
    public static var alone: Self { LoadGate(isAlone: true) }
    /// A suite that loads the machine (servers, other programs, many writes).
    public static var loadsTheMachine: Self { LoadGate(isAlone: false) }
}
