import Foundation
import TaskTestSupport

/// The store files of earlier releases in `Fixtures/`, made as its README says.
enum Fixture {
    /// Copies `Fixtures/<name>` into `folder` (tests change their copy, never the fixture) and
    /// returns the copy's path.
    static func copy(_ name: String, into folder: TemporaryFolder) throws -> String {
        let path = folder.file(name)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)").path
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        return path
    }
}
