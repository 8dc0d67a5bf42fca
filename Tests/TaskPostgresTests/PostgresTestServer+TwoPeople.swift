import TaskPostgres
import TaskTestSupport

extension PostgresTestServer {
    /// A new list that alice made and bob was given access to, opened as each of them.
    func listOfAliceAndBob() throws -> (alice: PostgresStorage, bob: PostgresStorage) {
        let database = try makeDatabase(owner: "alice")
        let alice = try PostgresStorage(url(database: database, user: "alice"))
        try grantList(in: database, to: "bob")
        return (alice, try PostgresStorage(url(database: database, user: "bob")))
    }
}
