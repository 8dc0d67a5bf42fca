import Glibc

/// The C library calls the view makes (other than libedit's), with Swift names and no raw pointers
/// in their signatures.
public enum Posix {
    /// Standard input's file descriptor.
    public static let standardInput: Int32 = 0
    /// Standard output's file descriptor.
    public static let standardOutput: Int32 = 1
    /// Standard error's file descriptor.
    public static let standardError: Int32 = 2

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The width in columns of the terminal at `descriptor`, or nil when it is not a terminal.
    public static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The height in lines of the terminal at `descriptor`, or nil when it is not a terminal.
    public static func terminalRows(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// The value of the environment variable `name`, or nil when unset.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The user's home folder: `$HOME`, else the password database's entry.
    public static func homeFolder() -> String? {
        if let home = environment("HOME"), !home.isEmpty { return home }
        guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return nil }
        let path = String(cString: folder)
        return path.isEmpty ? nil : path
    }

    /// The home folder of the user named `name` in the password database, or nil when there is none.
    public static func homeFolder(ofUser name: String) -> String? {
        guard let entry = getpwnam(name), let folder = entry.pointee.pw_dir else { return nil }
        let path = String(cString: folder)
        return path.isEmpty ? nil : path
    }

    /// Whether there is a file (or anything else) at `path`.
    public static func fileExists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Creates the folder at `path` and its missing parents (mode 0700, as the XDG spec asks);
    /// returns whether the folder exists afterwards.
    @discardableResult
    public static func makeFolders(_ path: String) -> Bool {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return false }
            prefix += "/"
        }
        return true
    }

    /// Reads from `descriptor` into `buffer[start...]`, retrying when interrupted.
    /// Returns the number of bytes read (0 at end of file), or nil on error.
    public static func read(_ descriptor: Int32, into buffer: inout [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeMutableBytes { bytes in
            while true {
                let count = Glibc.read(descriptor, bytes.baseAddress.map { $0 + start }, bytes.count - start)
                if count >= 0 { return count }
                if errno != EINTR { return nil }
            }
        }
    }

    /// Whether `descriptor` has something to read (or has reached its end, or failed: reading says
    /// which), waiting for it at most `milliseconds` (0: not at all).
    public static func isReadable(_ descriptor: Int32, waitingAtMost milliseconds: Int32) -> Bool {
        var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&polled, 1, milliseconds)
            if ready >= 0 { return ready > 0 }
            if errno != EINTR { return true }
        }
    }

    /// Reads from `descriptor` into `buffer[start...]` once: the number of bytes read (0 at end of
    /// file), or nil on error, `EINTR` included (a signal came first: the caller decides).
    public static func readOnce(_ descriptor: Int32, into buffer: inout [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeMutableBytes { bytes in
            let count = Glibc.read(descriptor, bytes.baseAddress.map { $0 + start }, bytes.count - start)
            return count >= 0 ? count : nil
        }
    }

    /// Whether the latest call failed because a signal came first (`EINTR`).
    public static var lastCallWasInterrupted: Bool { errno == EINTR }

    /// Writes all of `bytes` to `descriptor`, retrying partial and interrupted writes until
    /// `stopping()` says to give up the rest (asked before each attempt: a blocked write returns
    /// when a signal comes); returns false on error.
    @discardableResult
    public static func write(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
                      stopping: () -> Bool = { false }) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if stopping() { return true }
            let count = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// The C library's description of the latest error (`errno`).
    public static func lastErrorDescription() -> String {
        String(cString: strerror(errno))
    }

    /// Writes `bytes` to the file at `path`, created (mode 0644 less the umask) or truncated;
    /// returns the C library's reason when it cannot.
    public static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return lastErrorDescription() }
        let written = bytes.withUnsafeBufferPointer { write(descriptor, $0) }
        let failure = written ? nil : lastErrorDescription()
        return close(descriptor) == 0 ? failure : failure ?? lastErrorDescription()
    }

    /// Why `readAll` read nothing.
    public enum ReadFailure: Error, Equatable, Sendable {
        /// The C library's reason (`No such file or directory`).
        case system(reason: String)
        /// The path names something that is not a regular file: it was not opened (a FIFO would
        /// wait for a writer, a device such as `/dev/zero` never ends).
        case notAFile(FileKind)
        /// There is more than `limit` bytes; reading stopped there.
        case tooLarge(limit: Int)
    }

    /// What stands at a path that is not a regular file.
    public enum FileKind: Equatable, Sendable {
        case folder, fifo, characterDevice, blockDevice, socket
    }

    /// All the bytes of the regular file at `path`, or of `descriptor` when `path` is nil (until its
    /// end, a pipe or a terminal as well), when there are at most `limit`: a larger file is refused
    /// before it is read, a larger stream once `limit` bytes have come.
    public static func readAll(path: String?, descriptor: Int32 = standardInput,
                               limit: Int) -> Result<[UInt8], ReadFailure> {
        var source = descriptor
        if let path {
            // Looked at before opening: opening a FIFO waits for a writer, for ever.
            var status = stat()
            guard stat(path, &status) == 0 else { return .failure(.system(reason: lastErrorDescription())) }
            if let kind = fileKind(ofMode: status.st_mode) { return .failure(.notAFile(kind)) }
            guard status.st_size <= limit else { return .failure(.tooLarge(limit: limit)) }
            source = open(path, O_RDONLY | O_CLOEXEC)
            guard source >= 0 else { return .failure(.system(reason: lastErrorDescription())) }
        }
        defer { if path != nil { close(source) } }
        // Read into memory of the C library's, grown by doubling: filling a Swift array first with
        // zeros and then trimming it touches every byte twice more, which an unoptimized build
        // (the tests') does a byte at a time.
        var capacity = min(1 << 16, limit + 1)
        guard var storage = malloc(capacity) else { return .failure(.system(reason: outOfMemory)) }
        defer { free(storage) }
        var end = 0
        while true {
            if end == capacity {
                guard end <= limit else { return .failure(.tooLarge(limit: limit)) }
                let grown = min(capacity * 2, limit + 1)
                guard let moved = realloc(storage, grown) else { return .failure(.system(reason: outOfMemory)) }
                storage = moved
                capacity = grown
            }
            let count = Glibc.read(source, storage + end, capacity - end)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(reason: lastErrorDescription()))
            }
            if count == 0 { break }
            end += count
        }
        return .success([UInt8](unsafeUninitializedCapacity: end) { bytes, initialized in
            if let target = bytes.baseAddress { memcpy(target, storage, end) }
            initialized = end
        })
    }

    /// The C library's words for a failed allocation (`ENOMEM`).
    private static var outOfMemory: String { String(cString: strerror(ENOMEM)) }

    /// What a file of `mode` (`stat`'s `st_mode`) is when it is not a regular file; nil for a
    /// regular file.
    public static func fileKind(ofMode mode: mode_t) -> FileKind? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .folder
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        default: .socket
        }
    }
}
