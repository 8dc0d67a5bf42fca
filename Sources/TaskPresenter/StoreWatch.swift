import TaskModel

/// What an open prompt's watch of the store (`TaskPresenter+Watching`) has found and not shown
/// yet, between two waits for a key.
struct StoreWatch {
    /// Whether the store notifies (the prompt waits on its descriptor): it is then asked only when
    /// it was told something. Otherwise it is asked at every check.
    var isNotified = false
    /// Whether the store was told that the list may have changed, and the list shown is not yet
    /// known to be the store's.
    var mayHaveChanged = false
    /// Whether the last check found the store's list to differ from the one shown.
    var listChanged = false
    /// The lost connection found while the prompt waited, to say.
    var lost: StoreError?
    /// Whether the prompt said the connection was lost, so that it says so when the store answers
    /// again.
    var saidLost = false
    /// Whether to say that the store answers again.
    var isBack = false
    /// Whether the store's file was said to be deleted or replaced, by the watch or by a command:
    /// it does not come back, so it is said by the watch at most once, and not after a command.
    var saidFileGone = false

    /// A command used the store: its outcome says what became of the connection, so nothing the
    /// watch found about it is said any more.
    mutating func commandRan() {
        lost = nil
        saidLost = false
        isBack = false
    }

    /// The store answered a check.
    mutating func answered() {
        if saidLost { isBack = true }
        saidLost = false
    }
}
