import Glibc

/// Whole-file reads, atomic replacement and an advisory lock: what the history file needs.
extension Posix {
    /// The bytes of the file at `path`; nil when it cannot be read (`ENOENT` when it does not exist:
    /// see `lastErrorWasMissingFile`).
    public static func contents(ofFile path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            guard let read = read(descriptor, into: &bytes, from: count) else { return nil }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter); nil when it cannot
    /// be read (see `lastErrorWasMissingFile`).
    public static func firstBytes(ofFile path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            guard let read = read(descriptor, into: &bytes, from: filled) else { return nil }
            if read == 0 { break }
            filled += read
        }
        return Array(bytes[..<filled])
    }

    /// Renames the file at `path` to `newPath`, replacing any file there at once; false when it cannot.
    public static func renameFile(_ path: String, to newPath: String) -> Bool {
        rename(path, newPath) == 0
    }

    /// Whether the latest failure was a missing file (`ENOENT`).
    public static var lastErrorWasMissingFile: Bool { errno == ENOENT }

    /// Replaces the file at `path` with `bytes` (mode 0600) so that a reader, or a crash at any
    /// moment, sees either the old file or the new one, never a part: the bytes go to
    /// `path.tmp`, are flushed to the disk, and that file is renamed over `path`. Call it only
    /// while holding `withLock(path:)`, which keeps two writers off the temporary file.
    /// Returns false when any step fails (the old file is then left as it was).
    public static func replaceFile(_ path: String, with bytes: [UInt8]) -> Bool {
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let written = bytes.withUnsafeBufferPointer { write(descriptor, $0) } && fsync(descriptor) == 0
        guard Glibc.close(descriptor) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the file at `path` (and its lock file, `path.lock`, and an SQLite journal,
    /// `path-journal`, when there are); false when the file cannot be removed.
    public static func removeFile(_ path: String) -> Bool {
        guard unlink(path) == 0 else { return false }
        unlink(path + ".lock")
        unlink(path + "-journal")
        return true
    }

    /// Sets the modification time of the file at `path` to now; false when it cannot.
    public static func touch(_ path: String) -> Bool {
        utimensat(AT_FDCWD, path, nil, 0) == 0
    }

    /// Makes an empty file at `path` (private, never through a symbolic link), or sets the
    /// modification time of the one there to now; false when it cannot.
    public static func mark(_ path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return futimens(descriptor, nil) == 0
    }

    /// When the file at `path` was last modified, in seconds since 1970; nil when it cannot be read.
    public static func modificationTime(_ path: String) -> Double? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    }

    /// What tells one version of a file from another without reading it: which file the path
    /// names (device, inode: a file renamed over it is another), its size and modification time.
    public struct FileStamp: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec

        public static func == (first: FileStamp, second: FileStamp) -> Bool {
            (first.device, first.inode, first.size) == (second.device, second.inode, second.size)
                && (first.modified.tv_sec, first.modified.tv_nsec) == (second.modified.tv_sec, second.modified.tv_nsec)
        }
    }

    /// The stamp of the file at `path`; nil when there is none.
    public static func stamp(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStamp(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                         modified: status.st_mtim)
    }

    /// Runs `body` while holding an exclusive advisory lock on the file `path.lock` (created when
    /// missing), so that other processes doing the same wait their turn. The lock goes with the
    /// process, even one killed. Returns nil, without running `body`, when the lock cannot be had,
    /// or when `giveUp` says to stop waiting for it.
    public static func withLock<Result>(path: String, giveUp: (() -> Bool)? = nil, _ body: () -> Result) -> Result? {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        // With `giveUp`, the lock is tried every 20 ms, so that the wait can end without it.
        while flock(descriptor, giveUp == nil ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EINTR || (failure == EWOULDBLOCK && giveUp != nil) else { return nil }
            if let giveUp, giveUp() { return nil }
            if failure == EWOULDBLOCK { usleep(20_000) }
        }
        return body()
    }
}
