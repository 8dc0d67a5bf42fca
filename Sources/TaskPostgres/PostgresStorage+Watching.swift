import TaskModel

/// How an open prompt hears of others' changes without asking the server: the connection listens
/// on `PostgresSchema.changeChannel`, which every commit that changed the list notifies, and the
/// prompt waits on its socket. An idle prompt then sends no statement at all.
extension PostgresStorage {
    /// Starts listening (once per connection) and returns the connection's socket; nil while the
    /// connection is lost (a transaction connects again, and listens again).
    public func watchForChanges() -> Int32? {
        lock.withLock {
            isWatching = true
            guard let connection, connection.isOpen else { return nil }
            if !connection.channels.contains(PostgresSchema.changeChannel) {
                do {
                    try listen(on: connection)
                } catch {
                    // Not listening, the caller asks every so often instead (and so connects again).
                    if !connection.isOpen {
                        self.connection = nil
                        lostWhileIdle = error as? StoreError
                    }
                    return nil
                }
            }
            return connection.socket
        }
    }

    /// What came on the connection since last asked: another session's notification, or the end
    /// of the connection (then it is dropped, and the next transaction connects again).
    public func takeNotifications() -> StoreNotification {
        lock.withLock {
            if let lost = lostWhileIdle {
                lostWhileIdle = nil
                return .connectionLost(lost)
            }
            guard let connection else { return .quiet }
            do throws(PostgresError) {
                let notified = try connection.takeNotifications().contains(PostgresSchema.changeChannel)
                defer { mayHaveChangedUnheard = false }
                return notified || mayHaveChangedUnheard ? .listChanged : .quiet
            } catch {
                self.connection = nil
                return .connectionLost(StoreError(error, location: location))
            }
        }
    }

    /// Makes `connection` listen for others' changes. Whatever was committed before it listened was
    /// not heard: the list may have changed (comparing versions once says).
    func listen(on connection: PostgresConnection) throws {
        do {
            try connection.listen(to: PostgresSchema.changeChannel)
        } catch {
            throw StoreError(error, location: location)
        }
        mayHaveChangedUnheard = true
    }
}
