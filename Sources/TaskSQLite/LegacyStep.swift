import Foundation
import TaskModel

/// One step of the undo history as schemas 2 and 3 kept it, kept to upgrade such stores
/// (`UpgradeToVersion2` writes them, `UpgradeToVersion4` turns them into before- and after-images).
///
/// A step that creates tasks has no row of its own (the tasks' `createdBy` names it); every other
/// kind is a row of `step`: its kind, the identities of the tasks it names (16 bytes each, in
/// order) and a JSON object of the rest. A row that does not decode into one of these throws:
/// nothing is ever read as 0 or "".
enum LegacyStep: Equatable {
    /// Tasks were created (appended or imported); they are the tasks with this step's `createdBy`.
    case create
    /// The favourite flag of these tasks was toggled.
    case toggleFavorite(tasks: [UUID])
    /// The done flag of these tasks was toggled at `doneAt`; `previous` is each one's time before.
    case toggleDone(tasks: [UUID], previous: [Double?], doneAt: Double)
    /// Tasks were removed; they are the tasks with this step's `removedBy` (`restoredBy` once undone).
    case remove(count: Int)
    /// The done tasks were removed, as `remove`.
    case removeDone(count: Int)
    /// Every task was removed by moving `history.clearedThrough` up from `clearedThrough`.
    case removeAll(count: Int, clearedThrough: Int64)
    /// The text of a task was replaced.
    case edit(task: UUID, old: String, new: String)
    /// A task was moved from one position to another.
    case move(task: UUID, from: Int64, to: Int64)
    /// Tasks were imported: `added` of them were appended (they are the tasks with this step's
    /// `createdBy`); `images` are the stored tasks it changed, as they were before and after.
    case importTasks(added: Int, images: [LegacyImage])
    /// Undone steps dropped by a later change: the numbers from this row's up to `through` are
    /// never used again.
    case skipped(through: Int64)

    /// The description of a change of this kind, for messages.
    var changeKind: Change.Kind? {
        switch self {
        case .create: .create
        case .toggleFavorite: .toggleFavorite
        case .toggleDone: .toggleDone
        case .remove: .remove
        case .removeDone: .removeDone
        case .removeAll: .removeAll
        case .edit: .edit
        case .move: .move
        case .importTasks: .importTasks
        case .skipped: nil
        }
    }
}

/// A task an import changed, as its row read before and after (without positions: an import
/// moves no task, and `UpgradeToVersion4` fills them in).
struct LegacyImage: Equatable {
    var id: UUID
    var before: TaskRow
    var after: TaskRow
}

/// A task's row as schemas 2 and 3 wrote it in an import's JSON: every column but its position.
extension TaskRow: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, isFavorite, doneAt, createdAt, foreign, createdBy, removedBy
    }

    init(from decoder: any Decoder) throws {
        let row = try decoder.container(keyedBy: CodingKeys.self)
        self.init(position: 0, text: try row.decode(String.self, forKey: .text),
                  isFavorite: try row.decode(Bool.self, forKey: .isFavorite),
                  doneAt: try row.decodeIfPresent(Double.self, forKey: .doneAt),
                  createdAt: try row.decode(Double.self, forKey: .createdAt),
                  foreign: try row.decodeIfPresent(String.self, forKey: .foreign),
                  createdBy: try row.decode(Int64.self, forKey: .createdBy),
                  removedBy: try row.decodeIfPresent(Int64.self, forKey: .removedBy))
    }

    func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(text, forKey: .text)
        try row.encode(isFavorite, forKey: .isFavorite)
        try row.encodeIfPresent(doneAt, forKey: .doneAt)
        try row.encode(createdAt, forKey: .createdAt)
        try row.encodeIfPresent(foreign, forKey: .foreign)
        try row.encode(createdBy, forKey: .createdBy)
        try row.encodeIfPresent(removedBy, forKey: .removedBy)
    }
}

// MARK: Rows

extension LegacyStep {
    /// A `step` row's columns: `kind`, `tasks`, `data`.
    struct Record: Equatable {
        var kind: String
        var tasks: [UInt8]
        var data: String
    }

    /// The row that records this step (nil for `create`, which has none).
    var record: Record? {
        switch self {
        case .create:
            return nil
        case let .toggleFavorite(tasks):
            return Record(kind: "toggleFavorite", tasks: Self.pack(tasks), data: "{}")
        case let .toggleDone(tasks, previous, doneAt):
            return Record(kind: "toggleDone", tasks: Self.pack(tasks),
                          data: Self.json(DoneData(previous: previous, doneAt: doneAt)))
        case let .remove(count):
            return Record(kind: "remove", tasks: [], data: Self.json(CountData(count: count)))
        case let .removeDone(count):
            return Record(kind: "removeDone", tasks: [], data: Self.json(CountData(count: count)))
        case let .removeAll(count, clearedThrough):
            return Record(kind: "removeAll", tasks: [],
                          data: Self.json(ClearData(count: count, clearedThrough: clearedThrough)))
        case let .edit(task, old, new):
            return Record(kind: "edit", tasks: Self.pack([task]), data: Self.json(EditData(old: old, new: new)))
        case let .move(task, from, to):
            return Record(kind: "move", tasks: Self.pack([task]), data: Self.json(MoveData(from: from, to: to)))
        case let .importTasks(added, images):
            return Record(kind: "import", tasks: Self.pack(images.map(\.id)),
                          data: Self.json(ImportData(added: added, before: images.map(\.before), after: images.map(\.after))))
        case let .skipped(through):
            return Record(kind: "skipped", tasks: [], data: Self.json(SkippedData(through: through)))
        }
    }

    /// Decodes a row; throws `Malformed` when it is not a step this version knows.
    init(record: Record) throws {
        let tasks = try Self.unpack(record.tasks)
        let data = Data(record.data.utf8)
        switch record.kind {
        case "toggleFavorite":
            guard !tasks.isEmpty else { throw Malformed("a toggle names no task") }
            self = .toggleFavorite(tasks: tasks)
        case "toggleDone":
            let done = try Self.decode(DoneData.self, data)
            guard !tasks.isEmpty, done.previous.count == tasks.count else {
                throw Malformed("a done toggle names \(tasks.count) tasks and \(done.previous.count) times")
            }
            self = .toggleDone(tasks: tasks, previous: done.previous, doneAt: done.doneAt)
        case "remove":
            self = .remove(count: try Self.decode(CountData.self, data).count)
        case "removeDone":
            self = .removeDone(count: try Self.decode(CountData.self, data).count)
        case "removeAll":
            let clear = try Self.decode(ClearData.self, data)
            self = .removeAll(count: clear.count, clearedThrough: clear.clearedThrough)
        case "edit":
            let edit = try Self.decode(EditData.self, data)
            self = .edit(task: try Self.single(tasks), old: edit.old, new: edit.new)
        case "move":
            let move = try Self.decode(MoveData.self, data)
            self = .move(task: try Self.single(tasks), from: move.from, to: move.to)
        case "import":
            let data = try Self.decode(ImportData.self, data)
            guard data.before.count == tasks.count, data.after.count == tasks.count, data.added >= 0 else {
                throw Malformed("an import names \(tasks.count) tasks and \(data.before.count) images")
            }
            self = .importTasks(added: data.added, images: (0..<tasks.count).map {
                LegacyImage(id: tasks[$0], before: data.before[$0], after: data.after[$0])
            })
        case "skipped":
            self = .skipped(through: try Self.decode(SkippedData.self, data).through)
        default:
            throw Malformed("unknown change kind '\(record.kind)'")
        }
    }

    /// Why a row could not be decoded.
    struct Malformed: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private struct DoneData: Codable { var previous: [Double?]; var doneAt: Double }
    private struct CountData: Codable { var count: Int }
    private struct ClearData: Codable { var count: Int; var clearedThrough: Int64 }
    private struct EditData: Codable { var old: String; var new: String }
    private struct MoveData: Codable { var from: Int64; var to: Int64 }
    private struct SkippedData: Codable { var through: Int64 }
    private struct ImportData: Codable { var added: Int; var before: [TaskRow]; var after: [TaskRow] }

    private static func json(_ value: some Encodable) -> String {
        // Encoding these plain structs cannot fail; "{}" would be refused when read back.
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw Malformed("its data does not read as \(type): \(error)")
        }
    }

    private static func single(_ tasks: [UUID]) throws -> UUID {
        guard tasks.count == 1 else { throw Malformed("it names \(tasks.count) tasks instead of one") }
        return tasks[0]
    }

    /// The identities back to back, 16 bytes each.
    static func pack(_ ids: [UUID]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ids.count * 16)
        for id in ids { withUnsafeBytes(of: id.uuid) { bytes.append(contentsOf: $0) } }
        return bytes
    }

    static func unpack(_ bytes: [UInt8]) throws -> [UUID] {
        guard bytes.count % 16 == 0 else { throw Malformed("its task list is \(bytes.count) bytes long") }
        return bytes.withUnsafeBytes { raw in
            stride(from: 0, to: raw.count, by: 16).map { UUID(uuid: raw.loadUnaligned(fromByteOffset: $0, as: uuid_t.self)) }
        }
    }
}
