import TaskModel

/// The news an open prompt shows by itself while it waits for a key on an empty line: the list
/// again when another process changed it, and, on a server, a lost connection (once) and its
/// return. The prompt waits on `watchStore()`'s descriptor, or asks every so often without one,
/// then asks `hasStoreNews()` and, when it says so, lets `showStoreNews()` show it.
extension TaskPresenter {
    /// The descriptor to wait on beside the keyboard: it becomes readable when the store may have
    /// news (a server's notification, the end of its connection). Nil when the store cannot notify
    /// (SQLite, or a server whose connection is lost): then the prompt asks `hasStoreNews()` every
    /// so often, which compares the store's version (and connects to a server again). Asked before
    /// each wait, since it changes with the connection.
    public func watchStore() -> Int32? {
        let descriptor = storage.watchForChanges()
        storeWatch.isNotified = descriptor != nil
        return descriptor
    }

    /// Whether there is news to show: takes what the store was told (without a query) and, when
    /// the list may have changed or the store cannot notify, compares the list shown with the
    /// store's. Only asking: numbers typed keep referring to the list shown until `showStoreNews()`.
    public func hasStoreNews() -> Bool {
        guard list != nil else { return false }
        switch storage.takeNotifications() {
        case .quiet: break
        case .listChanged: storeWatch.mayHaveChanged = true
        case let .connectionLost(error): storeWatch.lost = error
        }
        storeWatch.listChanged = false
        if storeWatch.lost == nil, storeWatch.mayHaveChanged || !storeWatch.isNotified {
            switch compareWithStore() {
            case .unchanged:
                storeWatch.mayHaveChanged = false
                storeWatch.answered()
            case .changed:
                storeWatch.listChanged = true // asked again until shown: a command may show it first
                storeWatch.answered()
            case let .unreachable(error):
                storeWatch.mayHaveChanged = false
                // Lost under the check itself; asked again and again while the server is away, in
                // silence. A store file deleted or replaced is said once too (it does not come back).
                switch error {
                case .connectionLost: if !storeWatch.saidLost { storeWatch.lost = error }
                case .fileGone: if !storeWatch.saidFileGone { storeWatch.lost = error }
                default: break
                }
            }
        }
        return storeWatch.lost != nil || storeWatch.listChanged || storeWatch.isBack
    }

    /// Shows what `hasStoreNews()` found: that the connection was lost (one line), or the list as
    /// it is now, then that the server answers again when it was said to be lost.
    public func showStoreNews() {
        if let lost = storeWatch.lost {
            storeWatch.lost = nil
            if case .fileGone = lost { storeWatch.saidFileGone = true } else { storeWatch.saidLost = true }
            view?.display(message: .error(lost.messageWhileIdle))
            return
        }
        if storeWatch.listChanged {
            storeWatch.listChanged = false
            storeWatch.mayHaveChanged = false
            showChangedList()
        }
        if storeWatch.isBack {
            storeWatch.isBack = false
            view?.display(message: .info("connected to \(storage.location) again"))
        }
    }
}
