import TaskModel
import TaskSQLite
import TaskSystem
import TaskPresenter
import TaskTerminal

/// The files `export` and `import` name, on this machine: real files, and standard input and
/// output when none is named. An export to a terminal is shown escaped, its lines kept.
struct LocalFiles: InterchangeFiles {
    /// Where an export without a file goes, with the rest of the output, in order.
    let output: OutputStreams

    /// Writes an export: to a file or a pipe byte for byte; on a terminal escaped, lines kept.
    func write(exported bytes: [UInt8], to path: String?) -> FileFailure? {
        if let path { return Posix.writeFile(Self.expandingHome(path), bytes).map { FileFailure(reason: $0) } }
        if Posix.isTerminal(Posix.standardOutput) {
            output.write(String(decoding: bytes, as: UTF8.self).escapingControlCharacters(keepingLineBreaks: true),
                         to: .output)
        } else {
            bytes.withUnsafeBufferPointer { output.write(bytes: $0, to: .output) }
        }
        return nil
    }

    /// Reads a file to import, or standard input to its end, up to the presenter's limit.
    func read(fileAt path: String?) -> Result<[UInt8], FileFailure> {
        Posix.readAll(path: path.map(Self.expandingHome), limit: importLimit).mapError { failure in
            switch failure {
            case let .system(reason): FileFailure(.system(reason))
            case let .notAFile(kind): FileFailure(.notAFile(StoreError.FileKind(kind)))
            case let .tooLarge(limit): FileFailure(.tooLarge(limit: limit))
            }
        }
    }

    /// `path` with a `~` at its start read as a shell reads it: `~` and `~/…` in the user's home
    /// folder, `~ann/…` in ann's; as it is when there is no such folder. (The presenter leaves a
    /// `~` the user quoted as `./~`.)
    static func expandingHome(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let user = path.dropFirst().prefix { $0 != "/" }
        let home = user.isEmpty ? Posix.homeFolder() : Posix.homeFolder(ofUser: String(user))
        guard let home else { return path }
        return home + path.dropFirst(1 + user.count)
    }
}
