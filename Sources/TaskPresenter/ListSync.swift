import TaskModel
import TaskSync

/// The presenter's part that syncs the list with a CalDAV task list: `sync` as typed, and the open
/// prompt's sync in the background (told of each change made here), whose outcomes it words for
/// the idle prompt to show, a failure once until a sync works again.
final class ListSync {
    /// `sync` with a CalDAV task list; nil where a program does not sync (a benchmark, the fuzzer).
    private let sync: CalDAVSync?
    /// The open prompt's sync, when it has one.
    private var background: BackgroundSync?
    /// What the background sync last said went wrong, said once.
    private var failureSaid: String?
    /// How many changes made here the background sync last found it cannot send, said once.
    private var notSentSaid = 0
    /// What the background sync said, in words, not shown yet.
    private var pending: [Message] = []
    /// What the background syncs sent since the last `sync` typed here: a typed one that finds
    /// nothing to do says so, or a user who typed `sync` to send a change reads "nothing changed"
    /// as the change not sent (found by an independent tester).
    private var sentInBackground = SyncReport.Counts()

    init(_ sync: CalDAVSync?) {
        self.sync = sync
    }

    /// Runs `command`: what it came to. `say` shows a line while it runs.
    func run(_ command: SyncCommand, at moment: Moment, say: (Message) -> Void) throws -> SyncCommands.Outcome {
        guard let sync else { throw SyncCommand.Refusal.unavailable }
        _ = hasNews
        let syncs = switch command {
        case .run, .pair: true
        case .status, .unpair: false
        }
        let done: SyncCommands.Outcome
        do {
            done = try SyncCommands.perform(command, with: sync, at: moment, sentBefore: sentInBackground, say: say)
        } catch {
            if syncs { hearBesideTypedSync() }
            throw error
        }
        // A sync that ran sent every change made here: closing the prompt need not send them again.
        if syncs {
            background?.changesSent()
            hearBesideTypedSync()
            sentInBackground = .init()
        }
        return done
    }

    /// Hears what the prompt's own syncs came to while a sync typed here ran, but for one that gave
    /// up waiting for its turn: it said "another sync of this list has been under way" of the sync
    /// just typed, which said how it went itself, synced, failed or stopped with Ctrl-C (found by an
    /// independent tester).
    private func hearBesideTypedSync() {
        hear((background?.takeOutcomes() ?? []).filter { outcome in
            if case .failed(.otherSyncBusy) = outcome { false } else { true }
        })
    }

    /// As the prompt closes: sends what was changed here and not sent yet (`BackgroundSync`), and
    /// says in a line how that went; nothing when there was nothing to send.
    func finish(giveUp: () -> Bool) -> [Message] {
        guard let background else { return [] }
        return SyncCommands.closing(background.finish(giveUp: giveUp), limit: background.finishLimit, netrcFile: sync?.netrcFile)
    }

    /// Syncs in the background from now on.
    func start(_ background: BackgroundSync) {
        self.background = background
        background.start()
    }

    /// The list was changed here: the background sync follows soon, and a `sync` typed reads the list.
    func listChanged() {
        sync?.listChangedHere()
        background?.listChanged()
    }

    /// A descriptor that is readable while the background sync has something to say.
    var descriptor: Int32? { background?.descriptor }

    /// Whether the background sync has something to say: a sync that brought nothing to tell (most
    /// of them, one a minute) is no news, so the idle prompt is not redrawn for it.
    var hasNews: Bool {
        hear(background?.takeOutcomes() ?? [])
        return !pending.isEmpty
    }

    /// Words what the background syncs came to, to be shown.
    private func hear(_ outcomes: [BackgroundSync.Outcome]) {
        for outcome in outcomes {
            let (said, failure, notSent) = SyncCommands.background(outcome, failedBefore: failureSaid, notSentBefore: notSentSaid,
                                                                   netrcFile: sync?.netrcFile)
            failureSaid = failure
            notSentSaid = notSent
            pending += said
            if case let .synced(report, _) = outcome { sentInBackground = sentInBackground.adding(report.sent) }
        }
    }

    /// What the background sync said since it was last asked, in words.
    func takeNews() -> [Message] {
        _ = hasNews
        defer { pending = [] }
        return pending
    }
}
