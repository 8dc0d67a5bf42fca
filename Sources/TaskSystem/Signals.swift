import Glibc
import Synchronization

/// The signals the prompt handles itself, and the one place that knows of them.
///
/// Each handler only records that its signal came, in an atomic flag (all a signal handler may
/// safely do); the session, the line editor and the output ask at their own pace. No signal is
/// passed on to any other process: libedit's own handling (`EL_SIGNAL`) re-sends a caught signal
/// to the whole process group, which reaches the user's shell, so it is not used.
///
/// - SIGINT: Ctrl-C while a command runs (while a line is edited, Ctrl-C is a key, not a signal).
///   The command's output stops and the prompt comes back; `interruptionRequested` is the seam a
///   long-running change can poll to cancel itself.
/// - SIGTERM, SIGHUP (the terminal was closed): the session ends as after Ctrl-D, the terminal
///   restored, the history saved and the store closed; then the program ends by that signal.
/// - SIGWINCH: the terminal changed size; the line editor redraws the line.
///
/// The handlers of SIGINT, SIGTERM and SIGHUP are installed without `SA_RESTART`, so that a
/// write blocked on a slow terminal returns (`EINTR`) when one comes; SIGWINCH's with it, so that
/// a resize interrupts no write (the wait for a key, `ppoll`, returns for any of them).
/// Script and one-shot modes do not install them: there, the default actions are right (and cost
/// nothing at start-up).
public enum Signals {
    /// Whether Ctrl-C (or a terminating signal) came since the last `takeInterruption()`.
    public static var interruptionRequested: Bool { interrupted.load(ordering: .acquiring) }

    /// The terminating signal that came (SIGTERM or SIGHUP), if one did.
    public static var terminationSignal: Int32? {
        let signal = termination.load(ordering: .acquiring)
        return signal == 0 ? nil : signal
    }

    /// Whether an interruption came since the last call, which clears it.
    public static func takeInterruption() -> Bool {
        interrupted.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Whether the terminal changed size since the last call, which clears it.
    public static func takeWindowChange() -> Bool {
        windowChanged.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Installs the handlers (once; the flags start cleared).
    public static func install() {
        // The flags are lazily made globals: make them before a handler can touch one.
        _ = interrupted.load(ordering: .relaxed)
        _ = termination.load(ordering: .relaxed)
        _ = windowChanged.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in Signals.record(signal) }
        sigemptyset(&action.sa_mask)
        for signal in handled {
            action.sa_flags = signal == SIGWINCH ? SA_RESTART : 0
            sigaction(signal, &action, nil)
        }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP, where their action is the default (one-shot
    /// and script modes), held until it returns: one that comes meanwhile is recorded
    /// (`endingHeld`), for `body` to stop what it started, and then ends the program as its default
    /// action would have. A child in a process group of its own gets no Ctrl-C from the terminal:
    /// one left running outlived a one-shot `tasks sync` that Ctrl-C ended. Where the prompt
    /// handles them (`install()`), or they are ignored, `body` just runs.
    public static func holdingEndings<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        _ = held.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in Signals.held.store(signal, ordering: .releasing) }
        sigemptyset(&action.sa_mask)
        var swapped: [Int32] = []
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            sigaction(signal, &action, nil)
            swapped.append(signal)
        }
        defer {
            var standard = sigaction()
            standard.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&standard.sa_mask)
            for signal in swapped { sigaction(signal, &standard, nil) }
            let came = held.exchange(0, ordering: .acquiringAndReleasing)
            if came != 0 { raise(came) }
        }
        return try body()
    }

    /// Whether a signal held by `holdingEndings` came: the program ends as that returns.
    public static var endingHeld: Bool { held.load(ordering: .acquiring) != 0 }

    /// Stops the process group `group` (a child Foundation's `Process` started, which leads its own
    /// group, and what that child started) at once.
    public static func killGroup(_ group: Int32) {
        guard group > 0 else { return }
        kill(-group, SIGKILL)
    }

    /// Ends the program by the terminating signal that came, as its default action would have
    /// (its parent sees the signal in the exit status). Returns when none came.
    public static func endByTerminationSignal() {
        guard let signal = terminationSignal else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
    }

    /// Stops the process as Ctrl-Z would have (the shell's `fg` resumes it), and returns once it
    /// is resumed. In an orphaned process group the stop is refused, and this returns at once.
    public static func stopAsTheTerminalWould() {
        raise(SIGTSTP)
    }

    /// What `waitForInput(on:)` saw.
    public enum Wait {
        /// The descriptor has input (or has reached its end, or failed: reading says which).
        case input
        /// Another descriptor watched has something to read (or has reached its end, or failed).
        case watched
        /// A handled signal came, before or during the wait.
        case signal
        /// The time given passed first.
        case timeout
    }

    /// Waits until `descriptor` has something to read or a handled signal comes, or for at most
    /// `milliseconds` when given; also until one of the `watched` descriptors has something to read
    /// (input first when both have). The signals are blocked while the flags are checked and
    /// unblocked only by the wait itself (`ppoll`), so that one coming just before the wait
    /// cannot leave it blocked until the next key.
    public static func waitForInput(on descriptor: Int32, watching watched: [Int32] = [], milliseconds: Int? = nil) -> Wait {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in handled { sigaddset(&blocked, signal) }
        var previous = sigset_t()
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        var polled = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            + watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var limit = timespec(tv_sec: (milliseconds ?? 0) / 1000, tv_nsec: (milliseconds ?? 0) % 1000 * 1_000_000)
        while true {
            if interruptionRequested || windowChanged.load(ordering: .acquiring) { return .signal }
            let count = nfds_t(polled.count)
            let ready = milliseconds == nil ? ppoll(&polled, count, nil, &previous) : ppoll(&polled, count, &limit, &previous)
            if ready < 0 && errno != EINTR { return .input }
            if ready == 0 { return .timeout }
            if ready > 0 { return polled[0].revents != 0 ? .input : .watched }
        }
    }

    private static let handled = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]
    private static let interrupted = Atomic<Bool>(false)
    private static let termination = Atomic<Int32>(0)
    private static let windowChanged = Atomic<Bool>(false)
    private static let held = Atomic<Int32>(0)

    /// The handler's whole work: one atomic store.
    private static func record(_ signal: Int32) {
        switch signal {
        case SIGINT:
            interrupted.store(true, ordering: .releasing)
        case SIGTERM, SIGHUP:
            termination.store(signal, ordering: .releasing)
            interrupted.store(true, ordering: .releasing)
        case SIGWINCH:
            windowChanged.store(true, ordering: .releasing)
        default:
            break
        }
    }
}

/// glibc's `ppoll(2)`, which the Glibc module does not export (a GNU extension); the arguments are
/// C's (pointers and integers, passed alike by both conventions).
@_silgen_name("ppoll")
private func ppoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: nfds_t,
                   _ timeout: UnsafePointer<timespec>?, _ signalMask: UnsafePointer<sigset_t>?) -> Int32
