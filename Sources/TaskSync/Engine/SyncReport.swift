import Foundation
import TaskInterchange
import TaskModel

/// What a sync did: data for the presenter to word.
public struct SyncReport: Sendable {
    /// How many tasks a side gained, saw changed, and lost.
    public struct Counts: Sendable, Hashable {
        public var added = 0
        public var updated = 0
        public var removed = 0
        /// Tasks put in another place (what the server moved).
        public var moved = 0

        public var total: Int { added + updated + removed + moved }

        public init(added: Int = 0, updated: Int = 0, removed: Int = 0, moved: Int = 0) {
            (self.added, self.updated, self.removed, self.moved) = (added, updated, removed, moved)
        }
    }

    /// A task both sides changed in the same field(s) differently (the later change was kept), or
    /// removed on one side and changed on the other (it was kept).
    public struct Conflict: Sendable {
        /// The task's text as merged.
        public var text: String
        public var conflicts: [SyncConflict]
    }

    /// A member of the task list that could not be read as a to-do tasks can hold, or fetched.
    public struct Skipped: Sendable {
        public var href: String
        public var reason: Reason
        /// Its `SUMMARY`, when its data came and holds one: what a user knows it by (servers and
        /// phones name resources by a UUID).
        public var summary: String?

        public enum Reason: Sendable {
            /// Its data is not such a to-do (`unreadableRecurrence`: one that repeats in a way tasks cannot follow).
            case unreadable(InterchangeError)
            /// Fetching it alone (its data could not come with the others') was answered with this status.
            case notFetched(status: Int)
            /// Another member holds a to-do of the same `UID` (one written in other letter case:
            /// tasks reads a UUID in either), which the list takes.
            case sameUID
        }
    }

    /// The task list synced with.
    public var address = ""
    /// What came from the server into the list.
    public var received = Counts()
    /// What went from the list to the server.
    public var sent = Counts()
    public var conflicts: [Conflict] = []
    public var skipped: [Skipped] = []
    /// Tasks changed on the server while this sync ran: left for the next one.
    public var postponed = 0
    /// Tasks changed here and not sent, since the server's copy is one tasks cannot read.
    public var notSent = 0
    /// Tasks the server refused to store, with its status: left as they are on both sides.
    public var rejected: [Rejected] = []

    /// A task the server would not take.
    public struct Rejected: Sendable {
        public var text: String
        public var status: Int
    }

    /// This report with what an `earlier` sync did added (both sent what was changed at a closing
    /// prompt): the counts and conflicts of both; what was left undone, this one's alone.
    func adding(_ earlier: SyncReport) -> SyncReport {
        var both = self
        both.received = received.adding(earlier.received)
        both.sent = sent.adding(earlier.sent)
        both.conflicts = earlier.conflicts + conflicts
        return both
    }
}

extension SyncReport.Counts {
    /// Both counts together.
    public func adding(_ other: Self) -> Self {
        Self(added: added + other.added, updated: updated + other.updated, removed: removed + other.removed,
             moved: moved + other.moved)
    }
}

/// What `sync --status` says.
public struct SyncStatus: Sendable {
    public var pairing: Pairing
    public var lastSync: Date?
    /// How many tasks are on both sides as of the last sync.
    public var syncedTasks: Int
    /// How many to-dos on the server the syncs leave alone, since tasks cannot read them (a series
    /// repeating in a way tasks cannot follow), until the server changes them.
    public var leftAlone = 0
    /// When the last sync failed, where none succeeded since.
    public var lastFailure: Date?
}
