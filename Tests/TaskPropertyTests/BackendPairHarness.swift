import Testing
import TaskModel
import TaskPostgres
import TaskPresenter
import TaskSQLite
import TaskTestSupport

/// Two real presenters, one over an SQLite store in memory and one over a new database of its own
/// on the tests' PostgreSQL server, handed the same lines: each check records an issue and throws
/// at the first line after which their outcomes, messages, rows or stored tasks differ.
final class BackendPairHarness {
    private let sqlite: any TaskStorage
    private let postgres: PostgresStorage
    private let sqlitePresenter: TaskPresenter
    private let postgresPresenter: TaskPresenter
    private let sqliteView = RowsSpy()
    private let postgresView = RowsSpy()
    private let server: PostgresTestServer
    private let database: String

    init() throws {
        server = try PostgresTestServer.shared()
        database = try server.makeDatabase()
        sqlite = try SQLiteStorage.inMemory()
        postgres = try PostgresStorage(server.url(database: database))
        // Both on the reference model's fixed moment: `today` and `fri` mean the same on both.
        sqlitePresenter = TaskPresenter(storage: sqlite, clock: ReferenceCalendar.clock)
        postgresPresenter = TaskPresenter(storage: postgres, clock: ReferenceCalendar.clock)
        sqlitePresenter.view = sqliteView
        postgresPresenter.view = postgresView
    }

    deinit {
        postgres.close()
        _ = try? server.psql("DROP DATABASE \(database)")
    }

    /// Hands `line` to both presenters and checks that they agree.
    func handle(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        resetViews()
        let results = (sqlitePresenter.handle(line: line), postgresPresenter.handle(line: line))
        try #require(results.0 == results.1, "\(String(reflecting: line)): SQLite \(results.0), PostgreSQL \(results.1)",
                     sourceLocation: sourceLocation)
        try checkAgreement(after: String(reflecting: line), sourceLocation: sourceLocation)
    }

    /// Runs `lines` as one script on both (all or nothing unless `keepGoing`) and checks that they agree.
    func runScript(_ lines: [String], keepGoing: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        resetViews()
        let results = (sqlitePresenter.runScript(lines, keepGoing: keepGoing),
                       postgresPresenter.runScript(lines, keepGoing: keepGoing))
        try #require(results.0 == results.1, "script \(lines): SQLite \(results.0), PostgreSQL \(results.1)",
                     sourceLocation: sourceLocation)
        try checkAgreement(after: "script \(lines)", sourceLocation: sourceLocation)
    }

    /// The messages and rows each view was handed, then the whole list each shows and the tasks
    /// each store holds, are the same.
    private func checkAgreement(after what: String, sourceLocation: SourceLocation) throws {
        try #require(sqliteView.messages == postgresView.messages, "messages after \(what)", sourceLocation: sourceLocation)
        try #require(sqliteView.lastRows == postgresView.lastRows, "rows after \(what)", sourceLocation: sourceLocation)
        resetViews()
        sqlitePresenter.showList()
        postgresPresenter.showList()
        try #require(sqliteView.lastRows == postgresView.lastRows, "the list after \(what)", sourceLocation: sourceLocation)
        let stored = (try sqlite.allTasks().map(ReferenceTask.init(stored:)),
                      try postgres.allTasks().map(ReferenceTask.init(stored:)))
        try #require(stored.0 == stored.1, "stored after \(what)", sourceLocation: sourceLocation)
    }

    private func resetViews() {
        sqliteView.reset()
        postgresView.reset()
    }
}
