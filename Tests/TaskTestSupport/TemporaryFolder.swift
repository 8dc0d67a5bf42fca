import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
public final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Creates the folder. With `openToOtherUsers`, it is made straight under `/tmp` with mode 0755
    /// whatever the umask, so that a program run as another user (`nobody`) can enter it and run
    /// what is copied into it: `TMPDIR`, the checkout and the folders above them may be private
    /// (a clone under `/root`, or in a `mktemp -d` folder).
    public init(openToOtherUsers: Bool = false) throws {
        let parent = openToOtherUsers ? "/tmp/" : NSTemporaryDirectory()
        path = parent + "tasks-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if openToOtherUsers, chmod(path, 0o755) != 0 {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
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

    /// Copies the executable at `source` into the folder as `name`, runnable by every user, and
    /// returns the copy's path.
    public func copyExecutable(_ source: String, as name: String) throws -> String {
        let copy = file(name)
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        guard chmod(copy, 0o755) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: copy])
        }
        return copy
    }
}
