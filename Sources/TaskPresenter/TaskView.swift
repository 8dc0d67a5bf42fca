/// The passive view the presenter talks to. Held `weak` by the presenter; the view prints,
/// the presenter decides. Everything it receives is a value ready to show.
public protocol TaskView: AnyObject {
    /// Shows the whole numbered list; no rows means the list is empty (the view says how to add one).
    func display(rows: TaskRows)
    /// Shows one message: `.info` goes to standard output, `.error` to standard error.
    func display(message: Message)
    /// Shows help text (one or more lines, no trailing newline).
    func display(help: String)
    /// Writes an export's bytes exactly to the file at `path`, or to standard output when nil (where
    /// a terminal shows them escaped); returns why it could not, or nil.
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

extension TaskView {
    /// A view with no files (a benchmark, the fuzzer) refuses to write any.
    public func write(exported bytes: [UInt8], to path: String?) -> FileFailure? {
        FileFailure(reason: "this view has no files")
    }

    /// A view with no files (a benchmark, the fuzzer) refuses to read any.
    public func read(fileAt path: String?) -> Result<[UInt8], FileFailure> {
        .failure(FileFailure(reason: "this view has no files"))
    }
}
