import TaskModel
import TaskSystem

extension StoreError.FileKind {
    /// The kind `Posix` found at a path (a store's, or a file to import): one sort of things that
    /// are not regular files for every message.
    public init(_ kind: Posix.FileKind) {
        switch kind {
        case .folder: self = .folder
        case .fifo: self = .fifo
        case .characterDevice: self = .characterDevice
        case .blockDevice: self = .blockDevice
        case .socket: self = .socket
        }
    }
}
