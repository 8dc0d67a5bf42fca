import Foundation

// INTERIM (lead): replaced by helper's SyncMerge at merge time.

public struct SyncFields: Sendable, Equatable {
    public var text: String
    public var isFavorite: Bool
    public var doneAt: Date?
    public var due: Due?
    public var tags: [String]
    public var recurrence: Recurrence?

    public init(_ task: TaskItem) {
        self.init(text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt, due: task.due, tags: task.tags, recurrence: task.recurrence)
    }

    public init(_ task: TaskImport) {
        self.init(text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt, due: task.due, tags: task.tags, recurrence: task.recurrence)
    }

    public init(text: String, isFavorite: Bool, doneAt: Date?, due: Due?, tags: [String], recurrence: Recurrence?) {
        self.text = text
        self.isFavorite = isFavorite
        self.doneAt = doneAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        self.due = due
        self.tags = tags
        self.recurrence = recurrence
    }

    public static func == (a: SyncFields, b: SyncFields) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8) && a.isFavorite == b.isFavorite && a.doneAt == b.doneAt && a.due == b.due
            && a.tags.map { Array($0.utf8) } == b.tags.map { Array($0.utf8) } && a.recurrence == b.recurrence
    }
}

public enum SyncField: Sendable, Hashable, CaseIterable {
    case text, favorite, done, due, tags, recurrence
}

public enum SyncSide: Sendable, Hashable { case local, remote }

public struct SyncMerge: Sendable {
    public var local: SyncFields?
    public var remote: SyncFields?
    public var conflicts: [(field: SyncField, kept: SyncSide)] = []

    public static func merge(base: SyncFields?, local: SyncFields?, localChangedAt: Date?, remote: SyncFields?,
                             remoteChangedAt: Date?) -> SyncMerge {
        let localWins = (localChangedAt ?? .distantPast) >= (remoteChangedAt ?? .distantPast)
        guard let local, let remote else {
            if local == nil, remote == nil { return SyncMerge(local: nil, remote: nil) }
            if let base {
                let survivor = local ?? remote
                if survivor == base { return SyncMerge(local: nil, remote: nil) }
                return SyncMerge(local: survivor, remote: survivor, conflicts: [(.text, local == nil ? .remote : .local)])
            }
            return SyncMerge(local: local ?? remote, remote: local ?? remote)
        }
        var merged = local
        var conflicts: [(field: SyncField, kept: SyncSide)] = []
        func pick<Value: Equatable>(_ field: SyncField, _ path: WritableKeyPath<SyncFields, Value>, same: (Value, Value) -> Bool) {
            let l = local[keyPath: path], r = remote[keyPath: path]
            if same(l, r) { return }
            let localChanged = base.map { !same($0[keyPath: path], l) } ?? true
            let remoteChanged = base.map { !same($0[keyPath: path], r) } ?? true
            if localChanged && remoteChanged {
                conflicts.append((field, localWins ? .local : .remote))
                merged[keyPath: path] = localWins ? l : r
            } else {
                merged[keyPath: path] = localChanged ? l : r
            }
        }
        pick(.text, \.text) { $0.utf8.elementsEqual($1.utf8) }
        pick(.favorite, \.isFavorite, same: ==)
        pick(.done, \.doneAt, same: ==)
        pick(.due, \.due, same: ==)
        pick(.tags, \.tags, same: ==)
        pick(.recurrence, \.recurrence, same: ==)
        return SyncMerge(local: merged, remote: merged, conflicts: conflicts)
    }
}
