import TaskModel
import TaskSQLite
import TaskTestSupport
import Testing

/// An SQLite store cannot tell of other connections' commits: a prompt compares its
/// `externalVersion()` instead, and there is nothing to wait on.
@Suite struct ChangeWatchTests {
    @Test func aStoreInMemoryHasNothingToWaitOn() throws {
        let store = try SQLiteStorage.inMemory()
        #expect(store.watchForChanges() == nil)
        #expect(store.takeNotifications() == .quiet)
    }

    @Test func aStoreFileHasNothingToWaitOn() throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteStorage(path: folder.file("tasks.sqlite"))
        #expect(store.watchForChanges() == nil)
        #expect(store.takeNotifications() == .quiet)
    }
}
