/// The files `export` writes and `import` reads: the presenter's port to the file system, apart
/// from the view, which only shows. The executable reads and writes real files and standard
/// input and output; a program with no files (a benchmark, the fuzzer) gives none.
public protocol InterchangeFiles {
    /// Writes an export's bytes exactly to the file at `path`, or to standard output when nil;
    /// returns why it could not, or nil.
    func write(exported bytes: [UInt8], to path: String?) -> FileFailure?
    /// The bytes of the file at `path`, or of standard input when nil, for an import.
    func read(fileAt path: String?) -> Result<[UInt8], FileFailure>
}

/// Why a file could not be read or written, in the system's words (`No such file or directory`).
public struct FileFailure: Error, Sendable, Hashable {
    /// The reason.
    public var reason: String

    /// Creates a failure.
    public init(reason: String) {
        self.reason = reason
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
