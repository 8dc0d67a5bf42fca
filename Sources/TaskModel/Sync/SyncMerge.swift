import Foundation

/// What a sync makes of one task, from three versions of its fields: as both sides held it after
/// the last sync (the base), as the local list holds it now and as the server does.
///
/// A field only one side changed since the base takes that side's value. A field both changed to
/// different values takes the value of the later change, and is a conflict; with no base (a task
/// never synced here, on both sides: the first sync of a list into a collection holding the same
/// identities) every field that differs is such a conflict. Which change is later is read to the
/// second, as a calendar keeps times; the local side wins a tie and when the server does not say
/// when its change was: what is kept is then what the person syncing sees here. A task both sides
/// checked off, at other times, takes the later time, and that is no conflict: both did the same.
///
/// A task removed on one side and unchanged on the other since the base is removed on both. One
/// removed on one side and changed on the other, or moved there, is kept on both, as changed, and
/// is a conflict: nothing anyone changed is lost. A task on one side only, never synced, is new:
/// the other side gets it. Pure: the sync engine decides each task with it, then writes.
public struct SyncMerge: Sendable, Equatable {
    /// What both sides hold after the sync; nil when the task is on neither.
    public var fields: SyncFields?
    /// Whether the local list must be written: the task added, changed or removed there.
    public var writesLocal: Bool
    /// Whether the server must be written: the resource put or deleted.
    public var writesRemote: Bool
    /// What both sides changed differently, in the order of `SyncField.allCases`.
    public var conflicts: [SyncConflict]
    /// What the local list would hold had its side won each conflict the server's side won: the
    /// fields with this side's values for those (nil: a task removed here stays removed). Equal to
    /// `fields` when the server won no conflict. The sync writes the list in two steps of its undo
    /// history when they differ, this first, so that `undo` brings back just what a conflict
    /// replaced here.
    public var keepingLocal: SyncFields?

    public init(fields: SyncFields?, writesLocal: Bool, writesRemote: Bool, conflicts: [SyncConflict] = [],
                keepingLocal: SyncFields?? = .none) {
        self.fields = fields
        self.writesLocal = writesLocal
        self.writesRemote = writesRemote
        self.conflicts = conflicts
        self.keepingLocal = keepingLocal ?? fields
    }

    /// Whether the server's side won a conflict over a value the list held: `keepingLocal` differs.
    public var replacesLocal: Bool {
        keepingLocal != fields
    }

    /// Merges one task. `base`: its fields at the last sync (nil: never synced); `local`, `remote`:
    /// its fields on each side (nil: absent or removed there); `localChangedAt`: when it was last
    /// changed here (`modifiedAt ?? createdAt`); `remoteChangedAt`: the resource's `LAST-MODIFIED`
    /// (nil: unknown); `moved`: the side that moved it since the base, its fields as they were,
    /// when the other removed it (a move that was taken for no change, and the task removed on
    /// both: found by an independent tester).
    public static func merge(base: SyncFields?, local: SyncFields?, localChangedAt: Date,
                             remote: SyncFields?, remoteChangedAt: Date?, moved: SyncSide? = nil) -> SyncMerge {
        let later = laterSide(local: localChangedAt, remote: remoteChangedAt)
        switch (local, remote) {
        case (nil, nil):
            return SyncMerge(fields: nil, writesLocal: false, writesRemote: false)
        case let (local?, nil):
            guard let base else { return SyncMerge(fields: local, writesLocal: false, writesRemote: true) }
            if local == base, moved != .local { return SyncMerge(fields: nil, writesLocal: true, writesRemote: false) }
            return SyncMerge(fields: local, writesLocal: false, writesRemote: true, conflicts: [.removal(on: .remote)])
        case let (nil, remote?):
            guard let base else { return SyncMerge(fields: remote, writesLocal: true, writesRemote: false) }
            if remote == base, moved != .remote { return SyncMerge(fields: nil, writesLocal: false, writesRemote: true) }
            return SyncMerge(fields: remote, writesLocal: true, writesRemote: false, conflicts: [.removal(on: .local)],
                             keepingLocal: .some(nil))
        case let (local?, remote?):
            var merged = local
            var keepingLocal = local
            var conflicts: [SyncConflict] = []
            for field in SyncField.allCases where !local.holdsSame(remote, in: field) {
                let localChanged = base.map { !local.holdsSame($0, in: field) } ?? true
                let remoteChanged = base.map { !remote.holdsSame($0, in: field) } ?? true
                // Both checked it off, at other times: the later time is kept, and they agree.
                let bothDone = field == .done && local.doneAt != nil && remote.doneAt != nil
                let conflict = localChanged && remoteChanged && !bothDone
                let kept: SyncSide = if localChanged && remoteChanged { later } else { remoteChanged ? .remote : .local }
                if conflict { conflicts.append(.field(field, kept: kept)) }
                if kept == .remote { merged.take(field, from: remote) }
                if kept == .remote, !conflict { keepingLocal.take(field, from: remote) }
            }
            return SyncMerge(fields: merged, writesLocal: merged != local, writesRemote: merged != remote,
                             conflicts: conflicts, keepingLocal: .some(keepingLocal))
        }
    }

    /// The side whose change is later, to the second; the local one on a tie or an unknown remote time.
    public static func laterSide(local: Date, remote: Date?) -> SyncSide {
        guard let remote = SyncFields.second(of: remote), let local = SyncFields.second(of: local) else { return .local }
        return remote > local ? .remote : .local
    }
}

/// One side of a sync: the local list or the server's collection.
public enum SyncSide: Sendable, Hashable {
    case local, remote
}

/// Where both sides of a sync changed one task differently since the last sync.
public enum SyncConflict: Sendable, Hashable {
    /// Both changed `field` to different values: `kept`'s value, the later change, is on both now.
    case field(SyncField, kept: SyncSide)
    /// One side (`on`) removed the task, the other changed it: the changed task is on both now.
    case removal(on: SyncSide)
    /// Both moved the task, to other places: `kept`'s place, the later change's, is on both now.
    case moved(kept: SyncSide)
}
