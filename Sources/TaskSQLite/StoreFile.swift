import Foundation
import TaskModel
import TaskSystem

/// Reads the 100-byte SQLite header of an existing file to decide, before SQLite touches it,
/// whether it may be opened as a tasks store. A file that fails is never written to.
enum StoreFile {
    /// The `PRAGMA application_id` of a tasks store: "task" in ASCII.
    static let applicationID: Int32 = 0x7461_736B

    private static let magic = Array("SQLite format 3\0".utf8)

    /// Creates `path` and its missing parents, each with mode 0700 exactly; returns the `errno` of
    /// the first that could not be made, or nil.
    static func makePrivateFolders(_ path: String) -> Int32? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o700) == 0 {
                chmod(prefix, 0o700) // a umask that takes the owner's bits away does not apply
            } else if errno != EEXIST {
                return errno
            }
            prefix += "/"
        }
        return nil
    }

    /// Makes an empty file at `path` with mode 0600 exactly, when there is nothing there: SQLite
    /// opens it as a new database and gives its `-wal` and `-shm` files the same mode. Any failure
    /// is left for SQLite's own opening to report.
    static func createPrivately(path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        fchmod(descriptor, 0o600)
        close(descriptor)
    }

    /// Throws when the file at `path` exists and is not a tasks store that can be opened safely.
    /// Returns whether it is a tasks store whose schema is up to date (see `Schema.isCurrent`).
    @discardableResult
    static func check(path: String) throws(StoreError) -> Bool {
        // System calls, not FileManager: this runs at every start, and FileManager costs more than it does.
        var status = stat()
        guard stat(path, &status) == 0 else { return false } // missing: SQLite creates it (or says why it cannot)
        // Before opening: opening a FIFO for reading waits for a writer, for ever.
        if let kind = Posix.fileKind(ofMode: status.st_mode) { throw .notAFile(path: path, kind: StoreError.FileKind(kind)) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == EACCES { throw .cannotOpen(path: path, cause: SQLiteStorage.posixCause(EACCES)) }
            return false // SQLite says why it cannot open it
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return false } // empty: a new database
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        header.removeLast(100 - max(count, 0))
        try verify(header: header, size: Int64(status.st_size), path: path,
                   hasWriteAheadLog: hasWriteAheadLog(path: path))
        let isTasksStore = Int32(bitPattern: bigEndian32(header, 68)) == applicationID
        let userVersion = Int32(bitPattern: bigEndian32(header, 60))
        if isTasksStore, Schema.isNewer(userVersion: userVersion) {
            throw .newerStore(path: path, version: Int(userVersion))
        }
        return isTasksStore && Schema.isCurrent(userVersion: userVersion)
    }

    /// The folder `path` names its file in: what comes before its last `/` (`/` for a file at the
    /// root); "" for a name alone, which is in the working folder. Computed here, not by
    /// Foundation's `NSString.deletingLastPathComponent`, which stops the program on a name of
    /// one character (Swift 6.3.1 on Linux).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Which file a path names: its device and inode. Another file put at the path (a restored
    /// backup, a sync tool's copy) has another identity even when its contents are the same.
    struct Identity: Equatable {
        var device: UInt
        var inode: UInt
    }

    /// The identity of the file at `path`; nil when there is none.
    static func identity(path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt(status.st_dev), inode: UInt(status.st_ino))
    }

    /// Whether this process may write the store at `path` and make files beside it (the log).
    static func isWritable(path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return access(path, W_OK) == 0 && access(folder, W_OK) == 0
    }

    /// An SQLite URI that opens the file at `path` as immutable: read without locks or a log.
    static func immutableURI(path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    /// Checks a header read from a file of `size` bytes; pure, for tests.
    ///
    /// With `hasWriteAheadLog` (a non-empty `-wal` file beside it), the size the header gives is not
    /// checked: a process killed while checkpointing leaves the file shorter than its new header says,
    /// and SQLite completes it from the log.
    static func verify(header: [UInt8], size: Int64, path: String,
                       hasWriteAheadLog: Bool = false) throws(StoreError) {
        let prefix = header.prefix(magic.count)
        guard prefix.elementsEqual(magic.prefix(prefix.count)) else { throw .notADatabase(path: path) }
        guard header.count == 100 else { throw .truncated(path: path, size: size, expected: 100) }

        let rawPageSize = Int64(bigEndian16(header, 16))
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { throw .notADatabase(path: path) }
        let changeCounter = bigEndian32(header, 24)
        let pageCount = Int64(bigEndian32(header, 28))
        let validFor = bigEndian32(header, 92)
        if !hasWriteAheadLog, validFor == changeCounter, pageCount > 0, pageCount * pageSize > size {
            throw .truncated(path: path, size: size, expected: pageCount * pageSize)
        }
        guard size % pageSize == 0 else {
            throw .truncated(path: path, size: size, expected: (size / pageSize + 1) * pageSize)
        }

        let applicationID = Int32(bitPattern: bigEndian32(header, 68))
        let schemaCookie = bigEndian32(header, 40)
        let isEmpty = schemaCookie == 0
        guard applicationID == Self.applicationID || (applicationID == 0 && isEmpty) else {
            throw .foreignDatabase(path: path)
        }
    }

    /// Whether a non-empty write-ahead log (`PATH-wal`) lies beside the file: changes that SQLite
    /// has committed but not yet copied into it completely.
    private static func hasWriteAheadLog(path: String) -> Bool {
        size(of: path + "-wal") > 0
    }

    /// The size of the file at `path` in bytes; 0 when there is none.
    static func size(of path: String) -> Int {
        var status = stat() // one system call; FileManager's attributes cost 0.7M instructions at start-up
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    private static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }
}
