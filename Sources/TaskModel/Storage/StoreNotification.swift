/// What a store was told since it was last asked (`TaskStorage.takeNotifications()`): how an open
/// prompt learns of others' changes without asking the store again and again.
public enum StoreNotification: Sendable, Hashable {
    /// Nothing came: no other connection committed a change to the list, as far as the store knows.
    case quiet
    /// Another connection committed a change to the list, or may have (as when watching began):
    /// comparing `externalVersion()` says whether the list differs.
    case listChanged
    /// The connection to the store was lost (a `StoreError.connectionLost`) while nothing ran; the
    /// next transaction connects again.
    case connectionLost(StoreError)
}

extension TaskStorage {
    /// A store that cannot notify (SQLite: its readers learn of a commit by asking) has nothing
    /// to wait on.
    public func watchForChanges() -> Int32? { nil }

    /// A store that cannot notify is never told anything.
    public func takeNotifications() -> StoreNotification { .quiet }
}
