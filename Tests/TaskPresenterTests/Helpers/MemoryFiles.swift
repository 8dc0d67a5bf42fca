import TaskPresenter

/// The files a presenter under test exports to and imports from, kept in memory by name (`-` for
/// standard input): the tests name files as a user types them, without a folder in every message.
final class MemoryFiles: InterchangeFiles {
    /// The files the presenter can read and has written, by path (`-` for standard input).
    var contents: [String: [UInt8]] = [:]
    /// The text of the last export, wherever it went.
    private(set) var lastExport: String?

    func write(exported bytes: [UInt8], to path: String?) -> FileFailure? {
        lastExport = String(decoding: bytes, as: UTF8.self)
        if let path { contents[path] = bytes }
        return nil
    }

    func read(fileAt path: String?) -> Result<[UInt8], FileFailure> {
        contents[path ?? "-"].map { .success($0) } ?? .failure(FileFailure(reason: "No such file or directory"))
    }
}
