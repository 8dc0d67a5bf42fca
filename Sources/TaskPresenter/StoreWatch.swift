import TaskModel

/// The news an open prompt shows by itself while it waits for a key on an empty line: the list
/// again when another process changed it, and, on a server, a lost connection (once) and its
/// return. Keeps what it found and has not shown yet, between two waits for a key.
final class StoreWatch {
    /// Something to show.
    enum News: Equatable {
        /// The connection was lost, or the store's file deleted or replaced: one line.
        case lost(StoreError)
        /// Another process changed the list: the list as it is now.
        case listChanged
        /// The server said to be lost answers again.
        case back
    }

    /// Whether the store notifies (the prompt waits on its descriptor): it is then asked only when
    /// it was told something. Otherwise it is asked at every check.
    private var isNotified = false
    /// Whether the store was told that the list may have changed, and the list shown is not yet
    /// known to be the store's.
    private var mayHaveChanged = false
    /// Whether the last check found the store's list to differ from the one shown.
    private var listChanged = false
    /// The lost connection found while the prompt waited, to say.
    private var lost: StoreError?
    /// Whether the prompt said the connection was lost, so that it says so when the store answers
    /// again.
    private var saidLost = false
    /// Whether to say that the store answers again.
    private var isBack = false
    /// Whether the store's file was said to be deleted or replaced, by the watch or by a command:
    /// it does not come back, so it is said by the watch at most once, and not after a command.
    private var saidFileGone = false

    /// The descriptor to wait on beside the keyboard (see `TaskPresenter.watchStore()`).
    func watch(_ storage: any TaskStorage) -> Int32? {
        let descriptor = storage.watchForChanges()
        isNotified = descriptor != nil
        return descriptor
    }

    /// Whether there is news to show: takes what the store was told (without a query) and, when
    /// the list may have changed or the store cannot notify, has `compare` compare the list shown
    /// with the store's.
    func hasNews(in storage: any TaskStorage, compare: () -> ShownList.Comparison) -> Bool {
        switch storage.takeNotifications() {
        case .quiet: break
        case .listChanged: mayHaveChanged = true
        case let .connectionLost(error): lost = error
        }
        listChanged = false
        if lost == nil, mayHaveChanged || !isNotified {
            switch compare() {
            case .unchanged:
                mayHaveChanged = false
                answered()
            case .changed:
                listChanged = true // asked again until shown: a command may show it first
                answered()
            case let .unreachable(error):
                mayHaveChanged = false
                // Lost under the check itself; asked again and again while the server is away, in
                // silence. A store file deleted or replaced is said once too (it does not come back).
                switch error {
                case .connectionLost: if !saidLost { lost = error }
                case .fileGone: if !saidFileGone { lost = error }
                default: break
                }
            }
        }
        return lost != nil || listChanged || isBack
    }

    /// What `hasNews` found, in the order to show it, forgotten once taken: a lost connection
    /// alone, or the list changed and then that the server answers again.
    func takeNews() -> [News] {
        if let lost {
            self.lost = nil
            if case .fileGone = lost { saidFileGone = true } else { saidLost = true }
            return [.lost(lost)]
        }
        var news: [News] = []
        if listChanged {
            listChanged = false
            mayHaveChanged = false
            news.append(.listChanged)
        }
        if isBack {
            isBack = false
            news.append(.back)
        }
        return news
    }

    /// A command used the store: its outcome says what became of the connection, so nothing the
    /// watch found about it is said any more.
    func commandRan() {
        lost = nil
        saidLost = false
        isBack = false
    }

    /// A command showed `error`: a store file found deleted or replaced is then known to have been
    /// said, and the watch does not say it again; a server found away is, and the watch says when
    /// it answers again.
    func said(_ error: Error) {
        switch error {
        case StoreError.fileGone: saidFileGone = true
        case StoreError.connectionLost, StoreError.cannotOpen: saidLost = true
        default: break
        }
    }

    /// The store answered a check.
    private func answered() {
        if saidLost { isBack = true }
        saidLost = false
    }
}
