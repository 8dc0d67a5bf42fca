import Foundation
import TaskModel
import TaskSystem

/// Two-way sync of a list with a CalDAV task list: pairing (finding the task lists of a server
/// when given its address), syncing, saying what is paired, unpairing. Each call opens its own
/// connections and closes them; the pairing and what the last sync agreed on are kept in the file
/// at `statePath`.
public final class CalDAVSync: @unchecked Sendable {
    // Used from one thread at a time: the prompt's, or the background sync's.
    private let storage: any TaskStorage
    public let statePath: String
    private let environment: [String: String]
    private let timeZone: TimeZone
    private let clock: @Sendable () -> Date
    /// The list's version after this object's last sync, when it left nothing to do (`SyncRun`).
    private var knownVersion: Int?
    /// What the pairing file held when this object last read or wrote it, and its stamp then: a
    /// sync that finds the file as it left it does not read it again (an open prompt syncs every
    /// minute, and 200,000 tasks' state is 100 MB of JSON).
    private var cached: (state: SyncState, stamp: Posix.FileStamp)?
    /// Ctrl-C for the sync under way (`interrupt()`, from another thread).
    private let interruption = SyncInterruption()
    /// How long, in seconds, a request waits for the server to send something before the sync fails.
    private let patience: TimeInterval

    /// How long a sync typed by the user waits for a server that sends nothing, in seconds: a slow
    /// server on a slow line must still be waited for, and Ctrl-C stops the wait.
    public static let typedPatience: TimeInterval = 90

    /// A sync of the list `storage` (its pairing kept at `statePath`), whose requests fail when the
    /// server sends nothing for `patience` seconds.
    public init(storage: any TaskStorage, statePath: String, patience: TimeInterval = typedPatience,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                timeZone: TimeZone = .current, clock: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.statePath = statePath
        self.patience = patience
        self.environment = environment
        self.timeZone = timeZone
        self.clock = clock
    }

    /// How `sync URL` pairs.
    public struct PairRequest: Sendable {
        public var address: String
        public var user: String?
        public var passwordCommand: String?
        public var allowsPlainHTTP: Bool

        public init(address: String, user: String? = nil, passwordCommand: String? = nil, allowsPlainHTTP: Bool = false) {
            self.address = address
            self.user = user
            self.passwordCommand = passwordCommand
            self.allowsPlainHTTP = allowsPlainHTTP
        }
    }

    /// What `sync URL` did.
    public enum PairOutcome: Sendable {
        /// Paired with this task list and synced (the list was paired with it already, or is now).
        case synced(TaskListInfo, SyncReport, newlyPaired: Bool)
        /// The address is a server with several task lists: none was chosen.
        case found([TaskListInfo])
    }

    /// Pairs with the task list at `request.address` (or the one task list found from a server's
    /// address) and syncs; a list paired with another task list is refused. `waiting` is called,
    /// once, when another sync of the list holds its lock (`locked(waiting:_:)`).
    public func pair(_ request: PairRequest, waiting: () -> Void = {}) throws(SyncError) -> PairOutcome {
        interruption.reset()
        let pairing = try Self.pairing(request)
        // A shared list's pairing is kept in the state folder, which nothing may have made yet.
        if let slash = statePath.lastIndex(of: "/"), slash != statePath.startIndex {
            Posix.makeFolders(String(statePath[..<slash]))
        }
        defer { if !isPaired { _ = Posix.removeFile(statePath + ".lock") } }
        return try markingFailure { () throws(SyncError) in
            try interruptible { () throws(SyncError) in try locked(waiting: waiting) { () throws(SyncError) in try pair(pairing) } }
        }
    }

    private func pair(_ pairing: Pairing) throws(SyncError) -> PairOutcome {
        let existing = try loadState()
        if let existing {
            guard Self.asks(pairing, sameAs: existing.pairing) else { throw .pairedElsewhere(existing.pairing.url.absoluteString) }
            return .synced(TaskListInfo(url: existing.pairing.url), try sync(StateReading(head: existing)), newlyPaired: false)
        }
        let credentials = try Credentials.look(for: pairing, environment: environment, patience: patience,
                                                   stopped: { [interruption] in interruption.isRequested })
        let session = try session(credentials, for: pairing.url)
        defer { session.transport.shutDown() }
        let list: TaskListInfo
        switch try Discovery.find(pairing.url, session: session) {
        case let .taskList(found): list = found
        case let .lists(found) where found.count == 1: list = found[0]
        case let .lists(found) where found.isEmpty: throw .noTaskLists(pairing.url.absoluteString)
        case let .lists(found): return .found(found)
        }
        var state = SyncState(pairing: pairing)
        state.pairing.url = list.url.absoluteString.hasSuffix("/") ? list.url : list.url.appendingPathComponent("")
        if state.pairing.url.host?.lowercased() != pairing.url.host?.lowercased() { state.pairing.passwordHost = pairing.url.host }
        if state.pairing.user == nil { state.pairing.user = credentials.user }
        // What the list last agreed on with another task list is no base for this one.
        let formerPath = SyncState.formerPath(statePath)
        if (try? SyncState.summary(at: formerPath))??.pairing.url.absoluteString != state.pairing.url.absoluteString {
            _ = Posix.removeFile(formerPath)
        }
        // Paired from here on: a first sync cut short is finished by `sync` alone.
        try save(state)
        let report = try run(&state, session: session)
        return .synced(list, report, newlyPaired: true)
    }

    /// Syncs a paired list; `waiting` is called, once, when another sync of the list holds its lock,
    /// and then `turnTaken` once it has the lock.
    /// With `turnLimit`, a sync that has not had its turn after that many seconds fails
    /// (`otherSyncBusy`) rather than wait longer.
    public func sync(turnLimit: TimeInterval? = nil, waiting: () -> Void = {},
                     turnTaken: () -> Void = {}) throws(SyncError) -> SyncReport {
        interruption.reset()
        guard isPaired else { throw .notPaired }
        return try markingFailure { () throws(SyncError) in
            try interruptible { () throws(SyncError) in
                try locked(turnLimit: turnLimit, waiting: waiting, turnTaken: turnTaken) { () throws(SyncError) in
                    guard let reading = try readState() else { throw .notPaired }
                    return try sync(reading)
                }
            }
        }
    }

    /// Runs `body`, a sync; one that fails on a paired list (but for being interrupted, another
    /// sync's turn, or another pairing) is marked, for `status()` to say, until one succeeds.
    private func markingFailure<T>(_ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        do {
            let result = try body()
            _ = Posix.removeFile(failurePath)
            return result
        } catch {
            switch error {
            case .notPaired, .interrupted, .otherSyncBusy, .pairedElsewhere: break
            default: if isPaired { _ = Posix.mark(failurePath) }
            }
            throw error
        }
    }

    /// The file whose time is that of the last sync that failed, since the last that did not.
    private var failurePath: String { SyncState.failurePath(statePath) }

    /// The list was changed over this object's own connection (the prompt's), which the list's
    /// version (`externalVersion()`: other connections' changes) does not count: the next sync
    /// reads the list. A `sync` typed just after a change said "nothing changed" (found by an
    /// independent tester).
    public func listChangedHere() {
        knownVersion = nil
    }

    /// Stops the password commands syncs started that still run: call it as the program ends.
    public static func stopPasswordCommands() {
        PasswordCommand.stopAll()
    }

    /// Stops the sync or pairing under way, from another thread (Ctrl-C at the prompt): its
    /// requests fail, and it throws `interrupted`. A sync cut short leaves both sides consistent.
    public func interrupt() {
        interruption.interrupt()
    }

    /// Runs `body`, whose failure is `interrupted` when `interrupt()` came meanwhile: a request
    /// stopped, the password command stopped by the same Ctrl-C, the list's transaction rolled back.
    private func interruptible<T>(_ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        do {
            return try body()
        } catch {
            throw interruption.isRequested ? .interrupted : error
        }
    }

    /// A session with the server at `url`, which `interrupt()` stops.
    private func session(_ credentials: Credentials, for url: URL) throws(SyncError) -> DAVSession {
        let session = DAVSession(credentials: credentials, for: url, patience: patience, environment: environment)
        interruption.watch(session.transport)
        return session
    }

    private func sync(_ reading: StateReading) throws(SyncError) -> SyncReport {
        let credentials = try Credentials.look(for: reading.head.pairing, environment: environment, patience: patience,
                                                   stopped: { [interruption] in interruption.isRequested })
        let session = try session(credentials, for: reading.head.pairing.url)
        defer { session.transport.shutDown() }
        let list = reading.head.pairing.url
        func isGone(_ error: SyncError) -> Bool {
            guard case let .status(code, _, path) = error else { return false }
            return [404, 410].contains(code) && HrefPath.of(path, in: list) == HrefPath.of(list.absoluteString, in: list)
        }
        do throws(SyncError) {
            // The server is asked what changed before the tasks' rows are read (a few milliseconds
            // a thousand tasks), and the list: both are read while it answers.
            let asked = try RemoteChanges.ask(since: reading.head.syncToken, in: list, session: session)
            var state = try whole(reading)
            return try run(&state, session: session, asked: asked, file: reading.file)
        } catch {
            // Said as such: "the server answered REPORT … with 404" left the user to guess.
            if isGone(error) { throw .taskListGone }
            // Xandikos may answer a request with a body at a list removed before it has read the
            // body, which the HTTP client takes for a failed connection: a `HEAD`, which has none,
            // asks again.
            if case .transport(.other, _) = error {
                do throws(SyncError) {
                    try session.check(try session.transport.send("HEAD", list), "HEAD", list)
                } catch let probe where isGone(probe) {
                    throw .taskListGone
                } catch {}
            }
            throw error
        }
    }

    /// What the list is paired with, and when it last synced; nil when it is not paired.
    public func status() throws(SyncError) -> SyncStatus? {
        try SyncState.summary(at: statePath).map { state in
            // A sync that changed nothing only touched the file: it ran when the file says, after the
            // last one recorded (none: paired, not synced yet).
            let touched = Posix.modificationTime(statePath).map(Date.init(timeIntervalSince1970:))
            let last = state.lastSync.map { max($0, touched ?? $0) }
            let leftAlone = state.leftAlone ?? 0
            // A mark no later than the last sync that worked (which failed to remove it) says nothing.
            var failed = Posix.modificationTime(failurePath).map(Date.init(timeIntervalSince1970:))
            if let marked = failed, let last, marked <= last { failed = nil }
            return SyncStatus(pairing: state.pairing, lastSync: last, syncedTasks: state.itemCount - leftAlone,
                              leftAlone: leftAlone, lastFailure: failed)
        }
    }

    /// The file the password is read from when the pairing names no command: the one `$NETRC`
    /// names, or nil for `~/.netrc`.
    public var netrcFile: String? {
        Credentials.netrcFile(environment)
    }

    /// What `unpair` did.
    public enum Unpaired: Sendable {
        /// Forgot the pairing with this task list.
        case from(Pairing)
        /// Removed a pairing file that did not read as one (damaged, or not a pairing at all).
        case unreadableFileRemoved
    }

    /// Forgets the pairing (removing no task on either side) and says what it was; nil when there was
    /// none. A file that does not read as a pairing is removed too: nothing else could. `waiting`:
    /// as `sync(waiting:)`'s.
    public func unpair(waiting: () -> Void = {}) throws(SyncError) -> Unpaired? {
        guard isPaired else { return nil }
        return try locked(waiting: waiting) { () throws(SyncError) in
            var state: SyncState.Summary?
            do throws(SyncError) {
                state = try SyncState.summary(at: statePath)
            } catch {
                guard case .unreadablePairingFile = error else { throw error }
            }
            guard FileManager.default.fileExists(atPath: statePath) else { return nil }
            cached = nil
            guard let state else {
                try SyncState.remove(at: statePath)
                return .unreadableFileRemoved
            }
            try SyncState.unpair(at: statePath)
            return .from(state.pairing)
        }
    }

    /// Runs `body` holding the pairing's lock, so that two syncs of one list (two prompts, a prompt
    /// and a one-shot `sync`) take turns rather than both write the server and the pairing. When the
    /// lock is not free within `waitingNotice` seconds, `waiting` is called, once: a sync typed
    /// while another waited on a server that did not answer sat silent for minutes (found by an
    /// independent tester). Ctrl-C stops the wait, and so does `turnLimit` (in seconds), when given.
    private func locked<T>(turnLimit: TimeInterval? = nil, waiting: () -> Void = {}, turnTaken: () -> Void = {},
                           _ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        let interruption = interruption
        let notice = Date(timeIntervalSinceNow: Self.waitingNotice)
        let end = turnLimit.map { Date(timeIntervalSinceNow: $0) }
        var said = false
        var tooLong = false
        let statePath = statePath
        let outcome = withoutActuallyEscaping(waiting) { waiting in
            Posix.withLock(path: statePath, giveUp: {
                if !said, Date() >= notice {
                    said = true
                    waiting()
                }
                if let end, Date() >= end { tooLong = true }
                return interruption.isRequested || tooLong
            }, {
                if said { turnTaken() }
                return Result { () throws(SyncError) in try body() }
            })
        }
        guard let result = outcome else {
            if interruption.isRequested { throw .interrupted }
            if tooLong, let turnLimit { throw .otherSyncBusy(seconds: Int(turnLimit.rounded())) }
            throw .pairingFile(path: statePath + ".lock", reason: Posix.lastErrorDescription())
        }
        return try result.get()
    }

    /// How long a sync waits for another one's lock before it says so, in seconds: long enough for
    /// most syncs of an open prompt to end unseen.
    static let waitingNotice: TimeInterval = 0.5

    /// Whether the list is paired (a cheap look at the file: the prompt asks it at start).
    public var isPaired: Bool {
        FileManager.default.fileExists(atPath: statePath)
    }

    /// Syncs `state` (`asked`: the question sent the server ahead; `file`: the pairing file, when
    /// opened already).
    private func run(_ state: inout SyncState, session: DAVSession, asked: RemoteChanges.Question? = nil,
                     file openFile: PairingFile? = nil) throws(SyncError) -> SyncReport {
        let before = state
        let statePath = statePath
        // Opened when the run first needs it: a sync with nothing new reads no base and keeps nothing.
        var file = openFile
        func opened() throws(SyncError) -> PairingFile? {
            if file == nil { file = try PairingFile.open(statePath) }
            return file
        }
        // The state kept before `sync --unpair`, when the list was paired again with the same task
        // list and has not synced through since: opened when first needed, and forgotten when unreadable.
        let formerPath = SyncState.formerPath(statePath)
        var former: (file: PairingFile, lastSync: Date?)??
        func remembered(_ key: String) -> SyncRun.Remembered? {
            if former == nil {
                let file = (try? PairingFile.open(formerPath)) ?? nil
                former = .some(file.flatMap { file in (try? file.summary()).map { (file, $0.lastSync) } })
            }
            guard let found = former ?? nil, let base = (try? found.file.base(of: key)) ?? nil else { return nil }
            return SyncRun.Remembered(base: base, agreedAt: found.lastSync)
        }
        // What the pairing file holds: the state read, then each checkpoint the run keeps.
        var kept = state
        var run = SyncRun(state: state, session: session, asked: asked, storage: storage, timeZone: timeZone, now: clock(),
                          knownVersion: knownVersion, bases: { (key) throws(SyncError) in
            try opened()?.base(of: key)
        }, remembered: remembered, keep: { (checkpoint, keys) throws(SyncError) in
            // An SQLite file: a JSON one was replaced as it was read, a new one made as the list paired.
            guard let file = try opened() else { throw .pairingFile(path: statePath, reason: "removed during the sync") }
            try file.write(checkpoint, keys: keys)
            kept = checkpoint
        })
        knownVersion = nil
        var report = try run.run()
        _ = Posix.removeFile(formerPath)
        knownVersion = run.cleanVersion
        report.address = state.pairing.url.absoluteString
        state = run.state
        var unchanged = state
        unchanged.lastSync = before.lastSync
        // A sync that changed nothing rewrites nothing: the file's time says when it ran.
        if unchanged == before, kept == before, Posix.touch(statePath) {
            cached = Posix.stamp(statePath).map { (state, $0) }
            return report
        }
        try save(state, since: kept)
        return report
    }

    /// The pairing file's state, from this object's memory when the file is as it left it. Call it
    /// holding the pairing's lock, as every writer of the file does.
    private func loadState() throws(SyncError) -> SyncState? {
        try readState().map { (reading) throws(SyncError) in try whole(reading) }
    }

    /// The pairing file's state as a sync reads it: the pairing's own row first (`head`), the
    /// tasks' rows (`whole(_:)`) once the server is asked what changed.
    private struct StateReading {
        /// The state; without its items when `file` is not nil.
        var head: SyncState
        /// The SQLite file the items are still to be read from.
        var file: PairingFile? = nil
        /// The file's stamp before it was read.
        var stamp: Posix.FileStamp? = nil
    }

    /// The pairing file's state, its items read by `whole(_:)`; from this object's memory when the
    /// file is as it left it. Call it, and `whole(_:)`, holding the pairing's lock, as every writer
    /// of the file does.
    private func readState() throws(SyncError) -> StateReading? {
        // Stamped before reading: a file replaced meanwhile is read again next time.
        let stamp = Posix.stamp(statePath)
        if let cached, let stamp, cached.stamp == stamp { return StateReading(head: cached.state) }
        if let file = try PairingFile.open(statePath) {
            return StateReading(head: try file.loadPairing(), file: file, stamp: stamp)
        }
        // None, or a JSON file of an earlier version, read whole (and replaced by an SQLite one).
        let state = try SyncState.load(from: statePath, upgrading: true)
        cached = state.flatMap { state in stamp.map { (state, $0) } }
        return state.map { StateReading(head: $0) }
    }

    /// The whole state `reading` began to read.
    private func whole(_ reading: StateReading) throws(SyncError) -> SyncState {
        guard let file = reading.file else { return reading.head }
        var state = reading.head
        try file.loadItems(into: &state)
        cached = reading.stamp.map { (state, $0) }
        return state
    }

    /// Writes `state` to the pairing file: what changed since `before`, as read from it.
    private func save(_ state: SyncState, since before: SyncState? = nil) throws(SyncError) {
        cached = nil
        try state.save(to: statePath, since: before)
        // The bases are in the file now, read again when needed: a first sync of 200,000 tasks
        // would keep 120 MB of them for the life of the prompt.
        var kept = state
        if kept.items.values.contains(where: { $0.base != nil }) {
            kept.items = kept.items.mapValues { item in
                var item = item
                item.base = nil
                return item
            }
        }
        cached = Posix.stamp(statePath).map { (kept, $0) }
    }

    /// Whether `sync URL` asking for `asked` names what the list is paired with: the same task
    /// list on the same server (scheme, host, port), and no other user, password command or
    /// permission to send a password in clear than the pairing's. Anything else would sync with
    /// the pairing while the user believes it syncs with what was typed.
    private static func asks(_ asked: Pairing, sameAs paired: Pairing) -> Bool {
        let (url, pairedURL) = (asked.url, paired.url)
        return HrefPath.of(pairedURL.absoluteString, in: pairedURL) == HrefPath.of(url.absoluteString, in: pairedURL)
            && HrefPath.sameServer(url, pairedURL)
            && (asked.user == nil || asked.user == paired.user)
            && (asked.passwordCommand == nil || asked.passwordCommand == paired.passwordCommand)
            && (!asked.allowsPlainHTTP || paired.allowsPlainHTTP)
    }

    /// The pairing `request` asks for: an http(s) address with a host, the user taken out of it.
    private static func pairing(_ request: PairRequest) throws(SyncError) -> Pairing {
        if URLComponents(string: request.address)?.password != nil { throw .passwordInAddress }
        guard var components = URLComponents(string: request.address), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), components.host?.isEmpty == false else {
            throw .invalidAddress(withoutPassword(request.address))
        }
        let user = request.user ?? components.user
        components.user = nil
        components.scheme = scheme
        if components.path.isEmpty { components.path = "/" }
        guard let url = components.url, HTTPTransport.hasValidPort(url) else { throw .invalidAddress(withoutPassword(request.address)) }
        return Pairing(url: url, user: user, passwordCommand: request.passwordCommand, allowsPlainHTTP: request.allowsPlainHTTP)
    }

    /// `address` with what may be a password (`user:secret@` after `//`) left out, for a message.
    public static func withoutPassword(_ address: String) -> String {
        guard let start = address.range(of: "//")?.upperBound else { return address }
        let authority = address[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return address }
        return String(address[..<address.index(after: colon)]) + "…" + String(address[at...])
    }
}
