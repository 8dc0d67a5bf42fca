import TaskTestSupport
import Testing
import TaskModel

/// `TaskStore.externalVersion()` (TaskStore+Presenter.swift): what lets the presenter keep its list in memory.
struct TaskStoreExternalVersionTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func theVersionReadInsideAWriteStaysTheSameAfterItCommits() throws {
        let database = try TaskDatabase(path: folder.file("tasks.sqlite"))
        let inside = try database.write { store in
            try store.create(text: "A")
            return try store.externalVersion()
        }
        #expect(try database.read { try $0.externalVersion() } == inside)
        try database.create(text: "B")
        #expect(try database.read { try $0.externalVersion() } == inside)
    }

    @Test func theVersionChangesWhenAnotherConnectionCommits() throws {
        let path = folder.file("tasks.sqlite")
        let database = try TaskDatabase(path: path)
        let before = try database.write { try $0.externalVersion() }
        try TaskDatabase(path: path).create(text: "A")
        #expect(try database.read { try $0.externalVersion() } != before)
        #expect(try database.write { try $0.externalVersion() } != before)
    }
}
