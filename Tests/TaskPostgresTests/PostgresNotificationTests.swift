import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// How a shared list tells an open prompt of others' changes (`watchForChanges()`,
/// `takeNotifications()`): a commit that changed the list notifies the connections watching, through
/// their socket, with no statement sent by them; their own commits, rolled-back ones and reads do not.
@Suite struct PostgresNotificationTests {
    let url: String
    let watcher: PostgresStorage
    let other: PostgresStorage

    /// A new list with a task, a connection watching it (its first news, that watching began, taken)
    /// and another connection.
    init() throws {
        let server = try PostgresTestServer.shared()
        url = server.url(database: try server.makeDatabase())
        watcher = try PostgresStorage(url)
        other = try PostgresStorage(url)
        try other.create(text: "a")
        _ = try #require(watcher.watchForChanges())
        _ = watcher.takeNotifications()
    }

    @Test func watchingBeginsWithTheNewsThatTheListMayHaveChanged() throws {
        let fresh = try PostgresStorage(url)
        _ = try #require(fresh.watchForChanges())
        #expect(fresh.takeNotifications() == .listChanged) // what was committed before it listened
        #expect(fresh.takeNotifications() == .quiet)
    }

    @Test func anotherConnectionsCommitWakesTheDescriptorAndIsTakenOnce() throws {
        let descriptor = try #require(watcher.watchForChanges())
        #expect(!Self.isReadable(descriptor, waitingAtMost: 0))
        try other.create(text: "b")
        #expect(Self.isReadable(descriptor, waitingAtMost: 2_000))
        #expect(watcher.takeNotifications() == .listChanged)
        #expect(watcher.takeNotifications() == .quiet)
        #expect(!Self.isReadable(descriptor, waitingAtMost: 0))
    }

    @Test func ownCommitsAreNotNews() throws {
        try watcher.create(text: "b")
        try watcher.write { try $0.undo() }
        #expect(watcher.takeNotifications() == .quiet)
    }

    @Test func aRolledBackChangeAndAReadAreNotNews() throws {
        let descriptor = try #require(watcher.watchForChanges())
        struct Abandoned: Error {}
        #expect(throws: Abandoned.self) {
            try other.write { store in
                try store.create(text: "b")
                throw Abandoned()
            }
        }
        _ = try other.texts()
        #expect(!Self.isReadable(descriptor, waitingAtMost: 300))
        #expect(watcher.takeNotifications() == .quiet)
    }

    @Test func aNotificationThatCameWhileATransactionRanIsNotMissed() throws {
        let descriptor = try #require(watcher.watchForChanges())
        try other.create(text: "b")
        #expect(Self.isReadable(descriptor, waitingAtMost: 2_000))
        #expect(try watcher.texts() == ["a", "b"]) // libpq reads the notification with the rows
        #expect(!Self.isReadable(descriptor, waitingAtMost: 0))
        #expect(watcher.takeNotifications() == .listChanged)
    }

    @Test func aServerRestartedIsToldOnceAndTheNextTransactionWatchesAgain() async throws {
        let server = try PostgresTestServer.start()
        let url = server.url(database: try server.makeDatabase())
        let watcher = try PostgresStorage(url)
        let descriptor = try #require(watcher.watchForChanges())
        _ = watcher.takeNotifications()
        try server.restart()
        #expect(Self.isReadable(descriptor, waitingAtMost: 2_000))
        #expect(watcher.takeNotifications() == .connectionLost(.connectionLost(
            location: url, cause: StoreError.Cause(code: "57P01", message: "terminating connection due to administrator command"),
            committing: false)))
        #expect(watcher.watchForChanges() == nil) // until a transaction connects again
        #expect(watcher.takeNotifications() == .quiet)
        #expect(try watcher.texts() == [])
        let again = try #require(watcher.watchForChanges())
        #expect(watcher.takeNotifications() == .listChanged) // listening anew: a change may have gone unheard
        try PostgresStorage(url).create(text: "b")
        #expect(Self.isReadable(again, waitingAtMost: 2_000))
        #expect(watcher.takeNotifications() == .listChanged)
    }

    /// Whether `descriptor` has something to read within `milliseconds`.
    private static func isReadable(_ descriptor: Int32, waitingAtMost milliseconds: Int32) -> Bool {
        var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&polled, 1, milliseconds) == 1
    }
}
