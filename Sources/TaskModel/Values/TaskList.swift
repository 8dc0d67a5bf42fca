import Foundation

/// The tasks in list order, as a collection of `TaskItem`s held compactly: one fixed-size entry per
/// task and the UTF-8 of every text in one shared buffer.
///
/// A list of 10,000 tasks is loaded, kept and shown on every command, so its shape matters: an
/// array of `TaskItem`s costs one heap allocation per text, and a process that lists 10,000 tasks
/// once spends more time on page faults than on SQLite. Here loading is two growing buffers, and a
/// view reads each text as bytes (`utf8Text(at:)`) without making a `String`. Subscripting still
/// returns a whole `TaskItem`.
///
/// The changes a presenter makes to its copy (append, toggle, edit, move, remove) keep the buffer of
/// texts append-only: a replaced or removed text stays behind as garbage until that garbage
/// outweighs the live texts, and then the buffer is rebuilt.
public struct TaskList: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
    /// One task, its text a range of `utf8`.
    private struct Entry: Sendable {
        var id: TaskItem.ID
        var createdAt: Double
        /// When the task was checked off, in seconds since 1970; nil while it is not done.
        var doneAt: Double?
        var textStart: Int
        var textEnd: Int
        var isFavorite: Bool
        /// `TaskItem.foreign`: empty (and then no allocation) for nearly every task.
        var foreign: [String: String]
        var due: Due?
        /// Empty (and then no allocation) for an untagged task.
        var tags: [String]
        var recurrence: Recurrence?
        /// `TaskItem.modifiedAt`, in seconds since 1970.
        var modifiedAt: Double?
    }

    private var entries: [Entry] = []
    /// The texts, back to back, each valid UTF-8; with garbage between them after changes.
    private var utf8: [UInt8] = []
    /// How many bytes of `utf8` belong to no entry.
    private var garbage = 0

    /// An empty list.
    public init() {}

    /// An empty list with room for texts of `textBytes` bytes in all and `count` tasks before it grows.
    ///
    /// Loading a long list into buffers that double as they fill copies each into fresh memory
    /// several times, and page faults on fresh memory are most of what loading costs; room that
    /// goes unused is never touched, so it costs address space only.
    public init(reservingTextBytes textBytes: Int, count: Int) {
        utf8.reserveCapacity(textBytes)
        entries.reserveCapacity(count)
    }

    /// The tasks given, in this order.
    public init(_ tasks: some Sequence<TaskItem>) {
        for task in tasks { append(task) }
    }

    public init(arrayLiteral tasks: TaskItem...) {
        self.init(tasks)
    }

    // MARK: Reading

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    /// The task at `index` (its text made into a `String`).
    public subscript(index: Int) -> TaskItem {
        let entry = entries[index]
        return TaskItem(id: entry.id, text: String(decoding: utf8[entry.textStart..<entry.textEnd], as: UTF8.self),
                        isFavorite: entry.isFavorite, doneAt: entry.doneAt.map(Date.init(timeIntervalSince1970:)),
                        createdAt: Date(timeIntervalSince1970: entry.createdAt), foreign: entry.foreign,
                        due: entry.due, tags: entry.tags, recurrence: entry.recurrence,
                        modifiedAt: entry.modifiedAt.map(Date.init(timeIntervalSince1970:)))
    }

    /// The identity of the task at `index`.
    public func id(at index: Int) -> TaskItem.ID { entries[index].id }

    /// Whether the task at `index` is a favourite.
    public func isFavorite(at index: Int) -> Bool { entries[index].isFavorite }

    /// Whether the task at `index` is checked off.
    public func isDone(at index: Int) -> Bool { entries[index].doneAt != nil }

    /// The text of the task at `index`.
    public func text(at index: Int) -> String { String(decoding: utf8Text(at: index), as: UTF8.self) }

    /// The UTF-8 of the text of the task at `index`: a slice of the shared buffer, nothing copied.
    public func utf8Text(at index: Int) -> ArraySlice<UInt8> {
        utf8[entries[index].textStart..<entries[index].textEnd]
    }

    /// When the task at `index` is due.
    public func due(at index: Int) -> Due? { entries[index].due }

    /// The tags of the task at `index`.
    public func tags(at index: Int) -> [String] { entries[index].tags }

    /// The flags and attributes of a task as a view shows them.
    public struct Flags: Sendable, Hashable {
        /// Whether the task is a favourite.
        public var isFavorite: Bool
        /// Whether the task is checked off.
        public var isDone: Bool
        /// When it is due.
        public var due: Due?
        /// Its tags.
        public var tags: [String]
        /// Whether it recurs.
        public var isRecurring: Bool
    }

    /// Calls `body` with the index, the UTF-8 of the text (valid only during the call) and the
    /// flags of each task at `indices` (every task when nil), in that order: the way to read a
    /// long list without copying anything.
    public func forEachTask(at indices: [Int]? = nil,
                            _ body: (_ index: Int, _ utf8Text: UnsafeBufferPointer<UInt8>, _ flags: Flags) -> Void) {
        utf8.withUnsafeBufferPointer { texts in
            entries.withUnsafeBufferPointer { entries in
                func visit(_ index: Int) {
                    let entry = entries[index]
                    body(index, UnsafeBufferPointer(rebasing: texts[entry.textStart..<entry.textEnd]),
                         Flags(isFavorite: entry.isFavorite, isDone: entry.doneAt != nil, due: entry.due,
                               tags: entry.tags, isRecurring: entry.recurrence != nil))
                }
                if let indices {
                    for index in indices { visit(index) }
                } else {
                    for index in entries.indices { visit(index) }
                }
            }
        }
    }

    public static func == (lhs: TaskList, rhs: TaskList) -> Bool {
        lhs.count == rhs.count && lhs.firstDifference(from: rhs) == nil
    }

    /// The first position at which this list and `other` differ: a task changed, added, removed
    /// or moved there, or where the shorter one ends; nil when they are equal.
    public func firstDifference(from other: TaskList) -> Int? {
        let common = Swift.min(count, other.count)
        if let index = (0..<common).first(where: { !hasSameTask(at: $0, as: other) }) { return index }
        return count == other.count ? nil : common
    }

    /// Whether the task at `index` is the same, in every value, as `other`'s there (texts byte for
    /// byte), except the time of its last change: a presenter keeps its copy of the list up to date
    /// in place and shows no such time, so its copy and the store's are the same list without it.
    private func hasSameTask(at index: Int, as other: TaskList) -> Bool {
        entries[index].id == other.entries[index].id
            && entries[index].isFavorite == other.entries[index].isFavorite
            && entries[index].doneAt == other.entries[index].doneAt
            && entries[index].createdAt == other.entries[index].createdAt
            && entries[index].foreign == other.entries[index].foreign
            && entries[index].due == other.entries[index].due
            && entries[index].tags == other.entries[index].tags
            && entries[index].recurrence == other.entries[index].recurrence
            && utf8Text(at: index).elementsEqual(other.utf8Text(at: index))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for index in indices {
            hasher.combine(entries[index].id)
            hasher.combine(entries[index].isFavorite)
            hasher.combine(entries[index].doneAt)
            hasher.combine(entries[index].createdAt)
            hasher.combine(entries[index].foreign)
            hasher.combine(entries[index].due)
            hasher.combine(entries[index].tags)
            hasher.combine(entries[index].recurrence)
            utf8Text(at: index).withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(0xFF as UInt8) // never in UTF-8: ends the text
        }
    }

    // MARK: Changing

    /// Appends `task`.
    public mutating func append(_ task: TaskItem) {
        var text = task.text
        text.withUTF8 { bytes in
            append(id: task.id, validUTF8: bytes, isFavorite: task.isFavorite,
                   doneAt: task.doneAt?.timeIntervalSince1970, createdAt: task.createdAt.timeIntervalSince1970,
                   foreign: task.foreign, due: task.due, tags: task.tags, recurrence: task.recurrence,
                   modifiedAt: task.modifiedAt?.timeIntervalSince1970)
        }
    }

    /// Appends a task whose text is `bytes`, which must be valid UTF-8.
    private mutating func append(id: TaskItem.ID, validUTF8 bytes: UnsafeBufferPointer<UInt8>, isFavorite: Bool,
                                 doneAt: Double?, createdAt: Double, foreign: [String: String],
                                 due: Due?, tags: [String], recurrence: Recurrence?, modifiedAt: Double?) {
        let start = utf8.count
        utf8.append(contentsOf: bytes)
        entries.append(Entry(id: id, createdAt: createdAt, doneAt: doneAt, textStart: start, textEnd: utf8.count,
                             isFavorite: isFavorite, foreign: foreign, due: due, tags: tags, recurrence: recurrence,
                             modifiedAt: modifiedAt))
    }

    /// Appends a task read from storage: `bytes` are its text as stored, invalid UTF-8 replaced
    /// the way `String(decoding:as:)` replaces it; times are seconds since 1970.
    public mutating func append(id: TaskItem.ID, storedText bytes: UnsafeBufferPointer<UInt8>, isFavorite: Bool,
                                doneAt: Double?, createdAt: Double, foreign: [String: String] = [:],
                                due: Due? = nil, tags: [String] = [], recurrence: Recurrence? = nil,
                                modifiedAt: Double? = nil) {
        if Self.isASCII(bytes) {
            return append(id: id, validUTF8: bytes, isFavorite: isFavorite, doneAt: doneAt, createdAt: createdAt,
                          foreign: foreign, due: due, tags: tags, recurrence: recurrence, modifiedAt: modifiedAt)
        }
        var text = String(decoding: bytes, as: UTF8.self)
        text.withUTF8 {
            append(id: id, validUTF8: $0, isFavorite: isFavorite, doneAt: doneAt, createdAt: createdAt, foreign: foreign,
                   due: due, tags: tags, recurrence: recurrence, modifiedAt: modifiedAt)
        }
    }

    /// Flips the favourite flag of the task at `index`.
    public mutating func toggleFavorite(at index: Int) {
        entries[index].isFavorite.toggle()
    }

    /// Checks off the task at `index` at `time`, or (nil) makes it not done.
    public mutating func setDone(_ time: Date?, at index: Int) {
        entries[index].doneAt = time?.timeIntervalSince1970
    }

    /// Sets the due date, tags and recurrence of the task at `index` to `task`'s.
    public mutating func setAttributes(of task: TaskItem, at index: Int) {
        entries[index].due = task.due
        entries[index].tags = task.tags
        entries[index].recurrence = task.recurrence
    }

    /// Inserts `task` so that it ends up at `index`.
    public mutating func insert(_ task: TaskItem, at index: Int) {
        append(task)
        move(from: entries.count - 1, to: index)
    }

    /// Moves the task at `source` so that it ends up at `destination`; the others keep their order.
    public mutating func move(from source: Int, to destination: Int) {
        entries.insert(entries.remove(at: source), at: destination)
    }

    /// Replaces the text of the task at `index`.
    public mutating func setText(_ text: String, at index: Int) {
        var text = text
        let start = utf8.count
        text.withUTF8 { utf8.append(contentsOf: $0) }
        garbage += entries[index].textEnd - entries[index].textStart
        entries[index].textStart = start
        entries[index].textEnd = utf8.count
        compactIfWasteful()
    }

    /// Removes the task at `index`.
    public mutating func remove(at index: Int) {
        let entry = entries.remove(at: index)
        garbage += entry.textEnd - entry.textStart
        compactIfWasteful()
    }

    /// Removes the tasks at each of `indices`.
    public mutating func remove(atIndices indices: Set<Int>) {
        var kept: [Entry] = []
        kept.reserveCapacity(entries.count - indices.count)
        for (index, entry) in entries.enumerated() {
            if indices.contains(index) {
                garbage += entry.textEnd - entry.textStart
            } else {
                kept.append(entry)
            }
        }
        entries = kept
        compactIfWasteful()
    }

    /// Removes every task.
    public mutating func removeAll() {
        self = TaskList()
    }

    /// Removes the tasks that are checked off.
    public mutating func removeDone() {
        remove(atIndices: Set(entries.indices.filter { entries[$0].doneAt != nil }))
    }

    /// Rebuilds the buffer of texts once most of it is garbage, so a long session of edits and
    /// removals keeps memory in proportion to the list.
    private mutating func compactIfWasteful() {
        guard garbage > 4096, garbage > utf8.count / 2 else { return }
        var compacted: [UInt8] = []
        compacted.reserveCapacity(utf8.count - garbage)
        for index in entries.indices {
            let start = compacted.count
            compacted.append(contentsOf: utf8[entries[index].textStart..<entries[index].textEnd])
            entries[index].textStart = start
            entries[index].textEnd = compacted.count
        }
        utf8 = compacted
        garbage = 0
    }

    /// Whether every byte is below 0x80, tested eight at a time (a text of eight bytes or more ends
    /// with one more word that overlaps the last one tested).
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        guard bytes.count >= 8 else { return bytes.allSatisfy { $0 < 0x80 } }
        let raw = UnsafeRawPointer(start)
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 < bytes.count {
            if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & highs != 0 { return false }
            offset += 8
        }
        return raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) & highs == 0
    }
}
