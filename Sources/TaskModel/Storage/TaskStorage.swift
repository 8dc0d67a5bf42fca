import Foundation

/// A place where the task list is kept: an SQLite file, a shared PostgreSQL list, …
///
/// Everything happens in transactions: `write` runs its closure in one, committed when the closure
/// returns and rolled back when it throws, so a whole script is all or nothing; `read` gives a
/// consistent view. The presenter uses only this protocol and the two below, and every backend
/// passes the same specification suite (TaskModelTests' `StorageSpec`). Errors are `StoreError`s.
public protocol TaskStorage: AnyObject, Sendable {
    /// Where the list is kept, as the user named it (a path; a server address without its password).
    var location: String { get }

    /// What opening did to a store written by an earlier version of tasks, when it had to be
    /// brought up to this version's schema; nil when it was not, or when there is nothing worth
    /// telling (a shared list is upgraded with its history kept). Stores that never tell need not
    /// implement it.
    var upgrade: StoreUpgrade? { get }

    /// Runs `body` with a consistent, read-only view of the list.
    func read<T>(_ body: (any TaskReading) throws -> T) throws -> T

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func write<T>(_ body: (any TaskWriting) throws -> T) throws -> T

    /// Asks the transaction running now, from another thread (a user's Ctrl-C), to stop: it throws
    /// `interrupted` and changes nothing. A transaction that finishes before it stops commits as
    /// usual; when none is running, nothing happens.
    func interrupt()

    /// Starts watching for other connections' changes (once; a reconnection watches again) and
    /// returns a file descriptor that becomes readable when there may be news: another connection
    /// committed a change to the list, or this connection was lost. A caller waits on it (`poll`)
    /// beside its own input, then asks `takeNotifications()`. Nil when the store cannot be told
    /// (SQLite; a server whose connection is lost): the caller then compares `externalVersion()`
    /// every so often, which on a server connects again. Ask again before every wait: the
    /// descriptor changes with the connection. Stores that cannot notify need not implement it.
    func watchForChanges() -> Int32?

    /// What came since the last call, without waiting and without a transaction: news that
    /// arrived while transactions ran too. `listChanged` means the list may differ (compare
    /// `externalVersion()`); `quiet` when nothing came or the store cannot notify.
    func takeNotifications() -> StoreNotification

    /// Whether the list can be read but not changed, as the latest transaction found: a file that
    /// cannot be written, or a shared list shared with this role read-only. Asks the store nothing
    /// (the prompt shows it before every line). Stores that are never read-only need not implement it.
    var isReadOnly: Bool { get }

    /// Ends the connection; what was committed is kept. Later calls fail.
    func close()
}

extension TaskStorage {
    public var upgrade: StoreUpgrade? { nil }
    public var isReadOnly: Bool { false }
}

/// What can be read of the list inside a transaction.
public protocol TaskReading {
    /// All tasks in list order.
    func allTasks() throws -> TaskList

    /// The first `count` tasks in list order, or all of them when the list is shorter: what a
    /// command naming numbers up to `count` needs, read in order from the index without the rest.
    func firstTasks(_ count: Int) throws -> TaskList

    /// The tasks at the list indices (from 0) of each range, by index: the rows a command's
    /// numbers name, each run read in order from the index, skipping the rows before it unread.
    /// An index beyond the list has no task.
    func tasks(at indices: [ClosedRange<Int>]) throws -> [Int: TaskItem]

    /// The tasks not done that have a due date (with `endingBefore`, only those due before that
    /// day, or at an instant before that moment), in list order, with the index in the list of
    /// each: what `today` and `upcoming` show, read without the rest of a long list where the store can.
    func datedTasks(endingBefore end: (day: CalendarDay, instant: Date)?) throws -> (tasks: TaskList, indices: [Int])

    /// The task with this identity, if it is in the list.
    func task(id: TaskItem.ID) throws -> TaskItem?

    /// Those of `ids` of which the store keeps no trace, in the order given: neither in the list
    /// nor removed from it within the history it keeps. A sync asks it to tell a task removed here
    /// from one this store never held (a store replaced).
    func untraced(_ ids: [TaskItem.ID]) throws -> [TaskItem.ID]

    /// How many tasks the list holds.
    func count() throws -> Int

    /// A number that changes whenever another connection commits a change, and only then: a
    /// caller holding a copy of the list knows from it whether that copy is still exact.
    func externalVersion() throws -> Int
}

/// The changes to the list inside a write transaction. Each change is one step of the undo
/// history, applied completely or not at all; naming a task that is not in the list throws
/// `tasksNotFound` and changes nothing.
public protocol TaskWriting: TaskReading {
    /// Appends a task with `text`, stored exactly as given, and the due date, tags and recurrence
    /// `attributes` sets, and returns it.
    @discardableResult
    func create(text: String, attributes: TaskEdit) throws -> TaskItem

    /// Toggles the favourite flag of each task in `ids`; `time` is the time of the change (each
    /// changed task's `modifiedAt`, as in `toggleDone`, `edit`, `move` and `importTasks`).
    func toggleFavorite(ids: [TaskItem.ID], at time: Date) throws

    /// Checks off each task in `ids` that is not done, at `time`, and makes each one that is done
    /// not done. A recurring task checked off stops recurring, and the next one (`Recurrence.next`,
    /// days counted in `timeZone`) is made just after it, in the same step. Says when the newly
    /// done ones were checked off (`time` as stored) and what came after each recurring one.
    @discardableResult
    func toggleDone(ids: [TaskItem.ID], at time: Date, in timeZone: TimeZone) throws -> CheckedOff

    /// Removes each task in `ids`.
    func remove(ids: [TaskItem.ID]) throws

    /// Removes every task and returns how many there were; an empty list records no change.
    @discardableResult
    func removeAll() throws -> Int

    /// Removes the done tasks and returns how many there were; none records no change.
    @discardableResult
    func removeDone() throws -> Int

    /// Sets what `edit` names on each task of `ids`. With `expected`, refuses with `textChanged`
    /// when the text stored is no longer that one (another process edited it meanwhile).
    func edit(ids: [TaskItem.ID], _ edit: TaskEdit, expected: String?, at time: Date) throws

    /// Moves task `id` just before or after another task; the others keep their order.
    func move(id: TaskItem.ID, to place: Placement, at time: Date) throws

    /// Imports `tasks` as one step of the undo history, and says what became of each one.
    ///
    /// A task with no identity, or one the store has never held, is appended (after every task, in
    /// the order given) with a new identity when it has none, its creation and done times as given.
    /// A task whose identity is in the list is updated in place: text, favourite, done time,
    /// creation time, and each format of `foreign` it names (an empty value removes that format's
    /// fields; other formats' are kept). A task whose identity the store holds hidden (removed, or
    /// cleared, with undo still able to bring it back) is brought back in its old place with the
    /// values given, and counts as added. Nothing else moves. A task it changes takes the time the
    /// file gives as its last change (`TaskImport.modifiedAt`), else `time`; a task it leaves as it
    /// is keeps its own, and one it adds has the file's or none.
    ///
    /// Undo restores every task as it was before (updated ones to their earlier values, brought-back
    /// ones hidden again, added ones removed) and redo applies the import again exactly. When no task
    /// changes, no step is recorded (and redo is still possible). A backend must accept 100,000
    /// tasks in one call about as fast as as many `create`s in one transaction.
    ///
    /// The same step also removes each task of `removing` that is in the list (others are passed
    /// over: a sync may name a task already gone); undo brings them back in their places. Naming an
    /// identity both to import and to remove is a programming error, which stops the process. The
    /// step is recorded as `source` says (`.importTasks` or `.sync` for undo's message).
    ///
    /// Then, in the same step, each of `placing` puts a task next to another one (as `move` does:
    /// the others keep their order), in order, each against the list as the ones before left it: a
    /// task this import added is placed there instead of at the end. A placement of a task not in
    /// the list, next to itself or to a task not in the list, is passed over, and so is one that
    /// leaves the list in the same order (the task is there already). A task a placement moves that
    /// the import left as it was takes `time` as its last change, as `move` does; one the import
    /// added or changed keeps the time the import gave it. Undo puts every task back in its place.
    @discardableResult
    func importTasks(_ tasks: [TaskImport], removing: [TaskItem.ID], placing: [(id: TaskItem.ID, place: Placement)],
                     from source: ImportSource, at time: Date) throws -> ImportOutcome

    /// Reverts the latest change that is not undone yet and describes it; throws `nothingToUndo`.
    /// The tasks it leaves in the list take `time` as their last change (`modifiedAt`): an undo is
    /// a change, which a sync merging it with the server's sends as made then.
    @discardableResult
    func undo(at time: Date) throws -> Change

    /// Re-applies the latest undone change and describes it; throws `nothingToRedo`. The tasks it
    /// leaves in the list take `time` as their last change, as after `undo`.
    @discardableResult
    func redo(at time: Date) throws -> Change

    /// Runs `body` so that, if it throws, what it changed is rolled back and the error rethrown,
    /// while the enclosing transaction goes on (a script skipping a failing line).
    func savepoint<T>(_ body: () throws -> T) throws -> T

    /// Who may use the list, when people share it through the server's roles (`ListSharing`); nil
    /// for a store that is one person's, as an SQLite file is. Stores without it need not implement it.
    var sharing: (any ListSharing)? { get }
}


extension TaskReading {
    /// Picks them out of the whole list: for stores that cannot do better.
    public func datedTasks(endingBefore end: (day: CalendarDay, instant: Date)?) throws -> (tasks: TaskList, indices: [Int]) {
        let all = try allTasks()
        let indices = all.indices.filter { index in
            guard !all.isDone(at: index), let due = all.due(at: index) else { return false }
            guard let end else { return true }
            switch due {
            case let .day(day): return day < end.day
            case let .instant(instant): return instant < end.instant
            }
        }
        return (TaskList(indices.map { all[$0] }), indices)
    }
}

extension TaskWriting {
    public var sharing: (any ListSharing)? { nil }

    /// Appends a task with `text` and nothing else.
    @discardableResult
    public func create(text: String) throws -> TaskItem {
        try create(text: text, attributes: TaskEdit())
    }

    /// Replaces the text of task `id` now, as `edit(ids:_:expected:at:)` does.
    public func edit(id: TaskItem.ID, text: String, expected: String?) throws {
        try edit(ids: [id], TaskEdit(text: text), expected: expected, at: Date())
    }

    /// Imports `tasks` from a file as one step, removing nothing (`importTasks(_:removing:placing:from:at:)`).
    @discardableResult
    public func importTasks(_ tasks: [TaskImport], at time: Date) throws -> ImportOutcome {
        try importTasks(tasks, removing: [], placing: [], from: .file, at: time)
    }

    /// Imports `tasks` and removes `removing` as one step, placing nothing (`importTasks(_:removing:placing:from:at:)`).
    @discardableResult
    public func importTasks(_ tasks: [TaskImport], removing: [TaskItem.ID], from source: ImportSource, at time: Date) throws
        -> ImportOutcome {
        try importTasks(tasks, removing: removing, placing: [], from: source, at: time)
    }

    /// Toggles done as `toggleDone(ids:in:)` does, counting days where the process is.
    @discardableResult
    public func toggleDone(ids: [TaskItem.ID]) throws -> CheckedOff {
        try toggleDone(ids: ids, at: Date(), in: .current)
    }
}

/// What `toggleDone` did: when the tasks it checked off were, and the task it made after each
/// recurring one, by that one's identity.
public struct CheckedOff: Sendable, Hashable {
    public var time: Date
    public var next: [TaskItem.ID: TaskItem]

    public init(time: Date, next: [TaskItem.ID: TaskItem] = [:]) {
        self.time = time
        self.next = next
    }
}

/// Where `move` puts a task: next to another one.
public enum Placement: Sendable, Hashable {
    /// Just before the task with this identity.
    case before(TaskItem.ID)
    /// Just after the task with this identity.
    case after(TaskItem.ID)

    /// The task it names.
    package var neighbour: TaskItem.ID {
        switch self {
        case let .before(other), let .after(other): other
        }
    }

    /// Whether it is just before the task it names.
    package var isBefore: Bool {
        if case .before = self { true } else { false }
    }
}
