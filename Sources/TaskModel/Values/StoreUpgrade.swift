/// What opening a store written by an earlier version of tasks did to it.
public struct StoreUpgrade: Sendable, Hashable {
    /// The schema version the store had.
    public var fromVersion: Int
    /// Whether its undo history was kept (else it was dropped: the tasks are all there).
    public var keptHistory: Bool

    /// Describes an upgrade.
    public init(fromVersion: Int, keptHistory: Bool) {
        self.fromVersion = fromVersion
        self.keptHistory = keptHistory
    }
}
