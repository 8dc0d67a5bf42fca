import TaskTestSupport
import Testing
import TaskModel

/// `externalVersion()`: what lets the presenter keep its list in memory, on every backend.
@Suite struct StorageSpecVersionTests {
    @Test(arguments: Backend.allCases)
    func theVersionReadInsideAWriteStaysTheSameAfterItCommits(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let inside = try database.write { store in
            try store.create(text: "A")
            return try store.externalVersion()
        }
        #expect(try database.read { try $0.externalVersion() } == inside)
        try database.create(text: "B")
        #expect(try database.read { try $0.externalVersion() } == inside)
    }

    @Test(arguments: Backend.shared)
    func theVersionChangesWhenAnotherConnectionCommits(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let database = try store.open()
        let before = try database.write { try $0.externalVersion() }
        try store.open().create(text: "A")
        #expect(try database.read { try $0.externalVersion() } != before)
        #expect(try database.write { try $0.externalVersion() } != before)
    }

    @Test(arguments: Backend.shared)
    func twoConnectionsWritingAtOnceLoseNothing(_ backend: Backend) async throws {
        let store = try backend.makeStore()
        let connections = try (0..<4).map { _ in try store.open() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, connection) in connections.enumerated() {
                group.addTask { for step in 0..<50 { try connection.create(text: "\(index)-\(step)") } }
            }
            try await group.waitForAll()
        }
        let texts = try store.open().texts()
        #expect(texts.count == 200)
        #expect(Set(texts).count == 200)
    }
}
