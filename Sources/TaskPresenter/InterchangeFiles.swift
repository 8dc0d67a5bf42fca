import TaskModel

/// The files `export` writes and `import` reads: the presenter's port to the file system, apart
/// from the view, which only shows. The executable reads and writes real files and standard
/// input and output; a program with no files (a benchmark, the fuzzer) gives none.
public protocol InterchangeFiles {
    /// Writes an export's bytes exactly to the file at `path`, or to standard output when nil;
    /// returns why it could not, or nil.
    func write(exported bytes: [UInt8], to path: String?) -> FileFailure?
    /// The bytes of the file at `path`, or of standard input when nil, for an import: at most
    /// `importLimit` of them (more is `tooLarge`), and only of a regular file or standard input
    /// (a FIFO or a device is `notAFile`, refused before it is opened).
    func read(fileAt path: String?) -> Result<[UInt8], FileFailure>
}

extension InterchangeFiles {
    /// The most an import reads, in bytes: well above any list people keep, and small enough that
    /// a stream that never ends (`yes | tasks import -`) is refused long before memory runs out.
    public var importLimit: Int { 64 << 20 }
}

/// Why a file could not be read or written.
public struct FileFailure: Error, Sendable, Hashable {
    /// What went wrong.
    public var problem: Problem

    /// What went wrong with a file.
    public enum Problem: Sendable, Hashable {
        /// The system's reason (`No such file or directory`).
        case system(String)
        /// The path names something that is not a regular file (a FIFO, a device, a folder).
        case notAFile(StoreError.FileKind)
        /// The file or stream holds more than `limit` bytes; the rest was not read.
        case tooLarge(limit: Int)
    }

    /// Creates a failure.
    public init(_ problem: Problem) {
        self.problem = problem
    }

    /// A failure in the system's words (`No such file or directory`).
    public init(reason: String) {
        self.init(.system(reason))
    }

    /// The sentence that follows `cannot read FILE: `.
    var reason: String {
        switch problem {
        case let .system(reason):
            reason
        case let .notAFile(kind):
            "it is \(StoreError.words(for: kind)); nothing was imported"
        case let .tooLarge(limit):
            "it holds more than \(limit >> 20) MiB, the most import reads; nothing was imported"
        }
    }
}

/// The files of a presenter given none: every export and import is refused.
struct NoFiles: InterchangeFiles {
    func write(exported bytes: [UInt8], to path: String?) -> FileFailure? {
        FileFailure(reason: "no files can be written here")
    }

    func read(fileAt path: String?) -> Result<[UInt8], FileFailure> {
        .failure(FileFailure(reason: "no files can be read here"))
    }
}
