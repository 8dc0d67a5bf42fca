import Foundation
import TaskModel
import TaskSystem

/// What a list is paired with: the task list's address (without user or password), the user's
/// name, the command that gives the password (never the password), and whether a password may go
/// over plain http to another machine.
public struct Pairing: Codable, Sendable, Hashable {
    public var url: URL
    public var user: String?
    public var passwordCommand: String?
    public var allowsPlainHTTP: Bool
    /// The host whose `~/.netrc` entry holds the password, when the task list is on another host
    /// than the address paired with named (iCloud: `caldav.icloud.com`, its lists on
    /// `pNN-caldav.icloud.com`); nil: the list's own.
    public var passwordHost: String?

    public init(url: URL, user: String?, passwordCommand: String?, allowsPlainHTTP: Bool) {
        self.url = url
        self.user = user
        self.passwordCommand = passwordCommand
        self.allowsPlainHTTP = allowsPlainHTTP
    }
}

/// What a sync keeps between runs, in a file of its own beside the list (`PairingFile`): the
/// pairing, the server's sync token, and for each task synced its resource, ETag and the iCalendar
/// text both sides last agreed on (the base of the next merge).
struct SyncState: Codable, Sendable, Equatable {
    struct Item: Codable, Sendable, Equatable {
        /// The resource's href, as the server wrote it.
        var href: String
        var etag: String?
        /// The resource's text as last synced; nil: kept in the pairing file, not read
        /// (`PairingFile.base(of:)`), as a sync needs it only for a task that changed.
        var base: String?
        /// The task as the list held it after the last sync (`fingerprint(of:)`): while it is the
        /// same and the server names no change, the task is as both sides agreed, and its base
        /// need not be read.
        var fingerprint: UInt64?
        /// Its `X-APPLE-SORT-ORDER` in the base.
        var sortValue: Int64?
        /// Whether the server's copy is one tasks cannot read (a to-do repeating in a way it cannot
        /// follow): the task is left alone on both sides until the server changes it again.
        var unreadableThere: Bool?
        /// What a sync cut short was writing of it to the server, which may or may not have
        /// arrived (`SyncCheckpoints`); nil: nothing.
        var inFlight: InFlight?
    }

    /// A write to the server a sync was making when it was cut short.
    enum InFlight: Codable, Sendable, Equatable {
        /// Sending it as a new task, the item's base what was sent. Listed by the server, it
        /// arrived (and is as both sides left it, unless changed since); not listed, it did not,
        /// and the task is new to the server still.
        case adding
        /// Sending this text as a new task, after the server removed it and it changed here, the
        /// item's base what both sides last agreed on. Not listed, as `adding`; listed holding
        /// this text, it arrived, and is the base both sides agree on (a task removed here since
        /// is removed there: it came back as changed there, found by an independent tester); else
        /// it is merged against what was sent, but for the fields the server holds as the base
        /// (`SyncFields.putBackBase`). Either way the next sync says it was kept, which the sync
        /// cut short never said (found by an independent tester).
        case puttingBack(String)
        /// Sending this text to replace the base (the task changed here): when the server holds
        /// it, it arrived, and the next sync merges against it; else it did not, and the task's
        /// change is sent again over the base.
        case changing(String)
        /// Removing it: no longer on the server, it was removed, and the task is new to the
        /// server should the list hold it again (an `undo`).
        case removing

        /// Whether it is a task sent as new: not listed by the server, it did not arrive.
        var isAdding: Bool {
            switch self {
            case .adding, .puttingBack: true
            case .changing, .removing: false
            }
        }
    }

    /// A number that changes when any field of a task that syncs does: its synced fields and the
    /// iCalendar properties it keeps (`StableHash`). Every field is written out here, the same in
    /// every process: `String(describing:)` of a due date went through reflection (half of the CPU
    /// of a small sync of 1,000 dated tasks), and of a repeat on weekdays listed a `Set` in the
    /// order of the process's hash seed.
    static func fingerprint(of fields: SyncFields, properties: String?) -> UInt64 {
        var hash = StableHash()
        func add(_ text: String) {
            hash.add(text)
            hash.addSeparator()
        }
        add(fields.text)
        add(fields.isFavorite ? "1" : "0")
        add(fields.doneAt.map { String(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? "-")
        switch fields.due {
        case nil: add("-")
        case let .day(day)?: add("day \(day.daysSince1970)")
        case let .instant(instant)?: add("at \(instant.timeIntervalSince1970)")
        }
        for tag in fields.tags { add(tag) }
        add(fields.recurrence.map(fingerprintText) ?? "-")
        add(SyncPlan.meaningful(properties).joined(separator: "\n"))
        return hash.value
    }

    private static func fingerprintText(of recurrence: Recurrence) -> String {
        let rule = switch recurrence.rule {
        case let .days(count): "days \(count)"
        case let .weeks(count): "weeks \(count)"
        case let .months(count, dayOfMonth): "months \(count) \(dayOfMonth.map(String.init) ?? "-")"
        case let .weekdays(days): "weekdays " + days.map(\.rawValue).sorted().map(String.init).joined(separator: ",")
        }
        // A series' clock only when it has one: the fingerprints of those without stay what they were.
        return rule + (recurrence.fromCompletion ? " from completion" : "") + (recurrence.minuteOfDay.map { " at \($0)" } ?? "")
            + (recurrence.zone.map { " in " + $0 } ?? "")
    }

    var version = 1
    var pairing: Pairing
    var syncToken: String?
    /// The paths of the resources the last sync wrote (put or removed), after it read `syncToken`
    /// (the pairing file's column `putSinceToken`). Asked what changed since that token, a server
    /// usually names each one, but Xandikos names none that is as it was at the token: one made and
    /// removed since, one another client put back as it was. The next sync asks for those.
    var writtenSinceToken: [String]?
    var lastSync: Date?
    /// By task identity, lower case.
    var items: [String: Item] = [:]
    /// How many items are to-dos on the server that tasks cannot read (`Item.unreadableThere`; nil:
    /// none), kept apart so that `sync --status` need not read every item: decoding a field of
    /// each made it a third slower (200,000 tasks).
    var leftAlone: Int?

    init(pairing: Pairing) {
        self.pairing = pairing
    }

    /// How many tasks are on both sides: the items but those the server holds a copy of that tasks
    /// cannot read (kept so that `sync --status` names them).
    var syncedCount: Int {
        items.count - (leftAlone ?? 0)
    }

    /// What `sync --status` says of a pairing: the state without what is kept of each task.
    struct Summary {
        var pairing: Pairing
        var lastSync: Date?
        var itemCount: Int
        var leftAlone: Int?
    }

    /// The state kept at `path`, its items without their bases when the file is an SQLite one; nil
    /// when there is none (the list is not paired). With `upgrading`, a JSON file an earlier
    /// version wrote is replaced by an SQLite one (call it holding `Posix.withLock(path:)`).
    static func load(from path: String, upgrading: Bool = false) throws(SyncError) -> SyncState? {
        if let file = try PairingFile.open(path) { return try file.load() }
        let state = try decodeJSON(SyncState.self, from: path)
        if upgrading, let state { try PairingFile.create(state, at: path) }
        return state
    }

    /// The summary of the state kept at `path`; nil when there is none.
    static func summary(at path: String) throws(SyncError) -> Summary? {
        if let file = try PairingFile.open(path) { return try file.summary() }
        return try decodeJSON(JSONSummary.self, from: path).map {
            Summary(pairing: $0.pairing, lastSync: $0.lastSync, itemCount: $0.items.count, leftAlone: $0.leftAlone)
        }
    }

    /// Writes it to `path`: what changed since `before` (the state as read from there), or the
    /// whole state as a new file (`before` nil, or a JSON file there). Call it holding
    /// `Posix.withLock(path:)`.
    func save(to path: String, since before: SyncState? = nil) throws(SyncError) {
        if let file = try PairingFile.open(path) {
            try file.write(self, since: before)
        } else {
            try PairingFile.create(self, at: path)
        }
    }

    /// A pairing file an earlier version wrote: JSON, decoded whole.
    private static func decodeJSON<Kept: Decodable>(_ type: Kept.Type, from path: String) throws(SyncError) -> Kept? {
        guard let bytes = Posix.contents(ofFile: path) else {
            if Posix.lastErrorWasMissingFile { return nil }
            throw .pairingFile(path: path, reason: Posix.lastErrorDescription())
        }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw .unreadablePairingFile(path: path)
        }
    }

    /// What a summary reads of a JSON pairing file: each task's state counted, not read.
    private struct JSONSummary: Decodable {
        struct Counted: Decodable {
            init(from decoder: any Decoder) {}
        }

        var pairing: Pairing
        var lastSync: Date?
        var items: [String: Counted]
        var leftAlone: Int?
    }

    static func remove(at path: String) throws(SyncError) {
        guard Posix.removeFile(path) else { throw .pairingFile(path: path, reason: Posix.lastErrorDescription()) }
        _ = Posix.removeFile(failurePath(path))
    }

    /// Unpairs the state kept at `path`: it is kept at `formerPath(path)`, for the list paired again
    /// with the same task list to merge the tasks both sides hold against what they last agreed on.
    /// Pairing again started afresh, where each field held differently went to the side changed
    /// later: the other side's check-off was undone (found by an independent tester).
    static func unpair(at path: String) throws(SyncError) {
        guard Posix.renameFile(path, to: formerPath(path)) else {
            throw .pairingFile(path: path, reason: Posix.lastErrorDescription())
        }
        _ = Posix.removeFile(path + ".lock")
        _ = Posix.removeFile(failurePath(path))
    }

    /// Where the state kept at `path` is kept once unpaired (`unpair(at:)`), until the list is
    /// paired again and synced.
    static func formerPath(_ path: String) -> String {
        path + ".unpaired"
    }

    /// The file that marks the last sync of the pairing kept at `path` as failed (`CalDAVSync.sync`).
    static func failurePath(_ path: String) -> String {
        path + ".failed"
    }
}
