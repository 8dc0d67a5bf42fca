import Foundation
import TaskTestSupport
import Testing
import TaskModel

/// `importTasks` given the same task more than once (the API allows it; the file formats refuse it).
@Suite struct StorageSpecImportTwiceTests {
    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    @Test(arguments: Backend.allCases) func aTaskChangedTwiceByOneImportIsUndoneToItsRowBeforeIt(_ backend: Backend) throws {
        let database = try backend.makeStorage()
        let tasks = try database.fill(["original"])
        let outcome = try database.importTasks([
            TaskImport(id: tasks[0].id, text: "first", createdAt: Self.created),
            TaskImport(id: tasks[0].id, text: "second", createdAt: Self.created),
        ])
        #expect(outcome.effects == [.updated, .updated])
        #expect(try database.snapshot() == ["second"])
        try database.undo()
        #expect(try database.snapshot() == ["original"])
        try database.redo()
        #expect(try database.snapshot() == ["second"])
    }
}
