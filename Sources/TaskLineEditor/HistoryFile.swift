import TaskSystem

/// The prompt's history on disk, shared by every prompt running at once.
///
/// Each entered line is added to the file as it is now, not as this prompt loaded it: under a
/// lock, the file is read, the line appended (unless it repeats the last one), the oldest lines
/// beyond `limit` dropped, and the result written to a temporary file renamed over the old one.
/// So two prompts keep each other's lines, and a crash or a full disk at any moment leaves the
/// previous file whole.
public struct HistoryFile {
    /// Where the file is.
    public let path: String
    /// How many entries the file keeps (the latest).
    public var limit = 1000

    /// The history kept in the file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The entries, oldest first; none when the file does not exist or cannot be read.
    public func load() -> [String] {
        Posix.contents(ofFile: path).map(HistoryEncoding.decode) ?? []
    }

    /// Adds `entry` to the file; returns false when the file could not be written (it is then
    /// left as it was).
    public func append(_ entry: String) -> Bool {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            guard Posix.makeFolders(String(path[..<slash])) else { return false }
        }
        let saved = Posix.withLock(path: path) { () -> Bool in
            var entries: [String]
            if let bytes = Posix.contents(ofFile: path) {
                entries = HistoryEncoding.decode(bytes)
            } else if Posix.lastErrorWasMissingFile {
                entries = []
            } else {
                return false // unreadable: rewriting it would lose what it holds
            }
            if entries.last != entry { entries.append(entry) }
            return Posix.replaceFile(path, with: HistoryEncoding.encode(Array(entries.suffix(limit))))
        }
        return saved ?? false
    }
}
