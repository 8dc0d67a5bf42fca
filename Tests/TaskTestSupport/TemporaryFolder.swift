import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
public final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Creates the folder.
    public init() throws {
        path = NSTemporaryDirectory() + "tasks-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The text of the file `name` inside the folder, or nil when it cannot be read.
    public func contents(of name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }
}
