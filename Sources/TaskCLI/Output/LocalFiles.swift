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
        if let path { return Posix.writeFile(path, bytes).map { FileFailure(reason: $0) } }
        if Posix.isTerminal(Posix.standardOutput) {
            output.write(String(decoding: bytes, as: UTF8.self).escapingControlCharacters(keepingLineBreaks: true),
                         to: .output)
        } else {
            bytes.withUnsafeBufferPointer { output.write(bytes: $0, to: .output) }
        }
        return nil
    }

    /// Reads a file to import, or standard input to its end.
    func read(fileAt path: String?) -> Result<[UInt8], FileFailure> {
        Posix.readAll(path: path).mapError { FileFailure(reason: $0.reason) }
    }
}
