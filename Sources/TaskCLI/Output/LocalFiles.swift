import TaskModel
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

    /// Reads a file to import, or standard input to its end, up to the presenter's limit.
    func read(fileAt path: String?) -> Result<[UInt8], FileFailure> {
        Posix.readAll(path: path, limit: importLimit).mapError { failure in
            switch failure {
            case let .system(reason): FileFailure(.system(reason))
            case let .notAFile(kind): FileFailure(.notAFile(Self.kind(kind)))
            case let .tooLarge(limit): FileFailure(.tooLarge(limit: limit))
            }
        }
    }

    private static func kind(_ kind: Posix.FileKind) -> StoreError.FileKind {
        switch kind {
        case .folder: .folder
        case .fifo: .fifo
        case .characterDevice: .characterDevice
        case .blockDevice: .blockDevice
        case .socket: .socket
        }
    }
}
