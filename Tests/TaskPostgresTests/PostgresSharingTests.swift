import Foundation
import TaskModel
import TaskPostgres
import TaskTestSupport
import Testing

/// `share` and `unshare` through the server's roles: alice, who made the list, lets bob in to read
/// it or to change it, and out again; nobody else may, and nothing is half done.
@Suite struct PostgresSharingTests {
    let server: PostgresTestServer
    let database: String
    let alice: PostgresStorage

    init() throws {
        server = try PostgresTestServer.shared()
        database = try server.makeDatabase(owner: "alice")
        alice = try PostgresStorage(server.url(database: database, user: "alice"))
        try alice.create(text: "milk")
    }

    private func open(as role: String) throws -> PostgresStorage {
        try PostgresStorage(server.url(database: database, user: role))
    }

    private func share(_ role: String, readOnly: Bool = false, by storage: PostgresStorage? = nil) throws {
        try (storage ?? alice).write { store in try store.sharing?.share(with: role, readOnly: readOnly) }
    }

    @discardableResult
    private func unshare(_ role: String, by storage: PostgresStorage? = nil) throws -> Bool? {
        try (storage ?? alice).write { store in try store.sharing?.unshare(from: role) }
    }

    private func location(of role: String) -> String {
        server.url(database: database, user: role)
    }

    @Test func aListNotSharedWithARoleIsRefusedWhenOpened() throws {
        #expect(throws: StoreError.notShared(location: location(of: "bob"), role: "bob")) { try open(as: "bob") }
    }

    @Test func sharedReadOnlyTheMemberReadsAndEveryChangeIsRefusedChangingNothing() throws {
        try share("bob", readOnly: true)
        let bob = try open(as: "bob")
        #expect(bob.isReadOnly)
        #expect(try bob.texts() == ["milk"])
        let refused = StoreError.readOnlyForRole(location: location(of: "bob"), role: "bob")
        #expect(throws: refused) { try bob.create(text: "bread") }
        #expect(throws: refused) { try bob.write { try $0.undo() } }
        #expect(try alice.texts() == ["milk"])
        #expect(!alice.isReadOnly)
    }

    @Test func aReadOnlyMemberIsToldOfChanges() throws {
        try share("bob", readOnly: true)
        let bob = try open(as: "bob")
        let socket = bob.watchForChanges()
        #expect(socket != nil)
        let version = try bob.read { try $0.externalVersion() }
        try alice.create(text: "bread")
        var notified = false
        for _ in 0..<200 where !notified {
            notified = bob.takeNotifications() == .listChanged
            if !notified { usleep(25_000) }
        }
        #expect(notified)
        #expect(try bob.read { try $0.externalVersion() } != version)
        #expect(try bob.texts() == ["milk", "bread"])
    }

    @Test func sharedToChangeItTheMemberChangesAndUndoesOnlyTheirOwn() throws {
        try share("bob", readOnly: true)
        let bob = try open(as: "bob")
        try share("bob")
        try bob.create(text: "bread")
        #expect(!bob.isReadOnly)
        try alice.create(text: "eggs")
        #expect(try bob.write { try $0.undo() } == Change(kind: .create, taskCount: 1, text: "bread"))
        #expect(try alice.texts() == ["milk", "eggs"])
    }

    @Test func sharingReadOnlyAfterwardsTakesTheRightToChange() throws {
        try share("bob")
        let bob = try open(as: "bob")
        try bob.create(text: "bread")
        try share("bob", readOnly: true)
        #expect(throws: StoreError.readOnlyForRole(location: location(of: "bob"), role: "bob")) {
            try bob.create(text: "eggs")
        }
        #expect(bob.isReadOnly)
        #expect(try bob.texts() == ["milk", "bread"])
    }

    @Test func anUnsharedMemberIsRefusedEvenWithTheListOpen() throws {
        try share("bob")
        let bob = try open(as: "bob")
        #expect(try unshare("bob") == true)
        let refused = StoreError.notShared(location: location(of: "bob"), role: "bob")
        #expect(throws: refused) { try bob.texts() }
        #expect(throws: refused) { try bob.create(text: "bread") }
        #expect(throws: refused) { try open(as: "bob") }
        #expect(try unshare("bob") == false)
    }

    @Test func aRoleThatDoesNotExistIsNamed() throws {
        #expect(throws: SharingError.noSuchRole("zed")) { try share("zed") }
        #expect(throws: SharingError.noSuchRole("Bob")) { try share("Bob") }
        #expect(throws: SharingError.noSuchRole("bob\u{0}")) { try share("bob\u{0}") }
        #expect(throws: SharingError.noSuchRole("zed")) { try unshare("zed") }
    }

    @Test func oneCannotShareWithOneselfNorWithTheOwner() throws {
        #expect(throws: SharingError.ownRole("alice")) { try share("alice") }
        #expect(throws: SharingError.ownRole("alice")) { try unshare("alice") }
        let superuser = try open(as: "postgres")
        #expect(throws: SharingError.ownerRole("alice")) { try unshare("alice", by: superuser) }
        #expect(try alice.texts() == ["milk"])
    }

    @Test func onlyTheOwnerMayShare() throws {
        try share("bob")
        let bob = try open(as: "bob")
        #expect(throws: SharingError.notOwner(owner: "alice")) { try share("carol", by: bob) }
        #expect(throws: SharingError.notOwner(owner: "alice")) { try unshare("carol", by: bob) }
        let superuser = try open(as: "postgres")
        try share("dave", readOnly: true, by: superuser)
        #expect(try open(as: "dave").isReadOnly)
    }

    @Test func aRoleNameWithQuotesAndSpacesIsQuotedNotRun() throws {
        let name = #"team "lead"; DROP TABLE tasks.task; --"#
        try server.psql("""
            DO $$ BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'team "lead"; DROP TABLE tasks.task; --') THEN
                    CREATE ROLE "team ""lead""; DROP TABLE tasks.task; --" LOGIN;
                END IF;
            END $$
            """)
        try share(name, readOnly: true)
        let granted = try server.psql("""
            SELECT has_table_privilege('team "lead"; DROP TABLE tasks.task; --', 'tasks.task', 'SELECT'),
                   has_table_privilege('team "lead"; DROP TABLE tasks.task; --', 'tasks.task', 'INSERT')
            """, database: database)
        #expect(granted == "t|f\n")
        #expect(try unshare(name) == true)
        #expect(try alice.texts() == ["milk"])
    }

    @Test func aShareInATransactionThatFailsIsRolledBackWithIt() throws {
        struct Failed: Error {}
        #expect(throws: Failed.self) {
            try alice.write { store in
                try store.sharing?.share(with: "bob", readOnly: false)
                throw Failed()
            }
        }
        #expect(throws: StoreError.notShared(location: location(of: "bob"), role: "bob")) { try open(as: "bob") }
    }

    @Test func sharingIsNotAChangeOfTheList() throws {
        let version = try alice.read { try $0.externalVersion() }
        try share("bob")
        #expect(try alice.read { try $0.externalVersion() } == version)
        #expect(try alice.write { try $0.undo() } == Change(kind: .create, taskCount: 1, text: "milk"))
    }
}
