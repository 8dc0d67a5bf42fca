import Foundation
import Testing
import TaskModel
import TaskSQLite
import TaskPresenter

/// A change made through the presenter takes the time of its clock as the task's last change, which
/// Taskwarrior's `modified` then says, in place of the one the task was imported with.
@Suite("the time of a task's last change")
struct TaskPresenterModifiedTests {
    static let json = """
        [{"uuid":"019a0000-0000-7000-8000-000000000001","description":"Pay rent","entry":"20240101T000000Z","modified":"20240103T000000Z","status":"pending"}]
        """

    @Test("done on a task imported with a modified time exports the time it was checked off", arguments: [
        "done 1", "fav 1", "edit 1 Pay the rent", "due 1 2026-12-01", "tag 1 +home", "every 1 week",
    ])
    func aChangeIsModifiedNow(line: String) throws {
        let files = MemoryFiles()
        files.contents["tw.json"] = Array(Self.json.utf8)
        let clock = TestClock()
        let (sut, _) = try makeSUT(files: files, clock: clock)
        #expect(sut.handle(line: "import tw.json") == .succeeded)
        #expect(sut.handle(line: "export --format json") == .succeeded)
        #expect(files.lastExport?.contains(#""modified":"20240103T000000Z""#) == true)
        clock.set("2026-11-25 15:30")
        #expect(sut.handle(line: line) == .succeeded)
        #expect(sut.handle(line: "export --format json") == .succeeded)
        #expect(files.lastExport?.contains(#""modified":"20261125T143000Z""#) == true, "\(files.lastExport ?? "")")
    }

    @Test("an import that changes a task without saying when takes the time of the import")
    func anImportChangeIsModifiedNow() throws {
        let files = MemoryFiles()
        files.contents["tw.json"] = Array(Self.json.utf8)
        let clock = TestClock()
        let (sut, _) = try makeSUT(files: files, clock: clock)
        #expect(sut.handle(line: "import tw.json") == .succeeded)
        files.contents["tw.json"] = Array(Self.json.replacingOccurrences(of: #","modified":"20240103T000000Z""#, with: "")
            .replacingOccurrences(of: "Pay rent", with: "Pay the rent").utf8)
        clock.set("2026-11-25 15:30")
        #expect(sut.handle(line: "import tw.json") == .succeeded)
        #expect(sut.handle(line: "export --format json") == .succeeded)
        #expect(files.lastExport?.contains(#""modified":"20261125T143000Z""#) == true, "\(files.lastExport ?? "")")
    }
}
