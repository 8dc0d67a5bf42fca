import Foundation
import TaskInterchange
import TaskModel

/// One fuzzer input read as a file: its first byte chooses the format (`t` todo.txt, `j`
/// Taskwarrior JSON, `m` Markdown, `i` iCalendar, any other byte by its value modulo 4), unless
/// `TASKS_FUZZ_FORMAT` names one, and the rest is the file. Whatever the bytes, reading them gives
/// tasks or an `InterchangeError` (the importers throw nothing else); no task has an empty text;
/// and the tasks read, exported in the same format and read again, are the same tasks, whose
/// export is the same bytes. A broken invariant stops the process, which libFuzzer reports as a crash.
struct ImportFuzzCase {
    let format: InterchangeFormat
    let file: [UInt8]

    /// One zone with summer time and an offset, one moment: a crash replays the same anywhere.
    private static let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    private static let now = Date(timeIntervalSince1970: 1_795_604_400)
    /// The format `TASKS_FUZZ_FORMAT` names, read once: `make fuzz` runs each importer in turn.
    private static let forced = ProcessInfo.processInfo.environment["TASKS_FUZZ_FORMAT"].flatMap(InterchangeFormat.init(rawValue:))

    init(bytes: UnsafeBufferPointer<UInt8>) {
        let selector = bytes.first ?? 0
        format = Self.forced ?? Self.format(selectedBy: selector)
        file = Array(bytes.dropFirst())
    }

    private static func format(selectedBy byte: UInt8) -> InterchangeFormat {
        switch byte {
        case UInt8(ascii: "t"): .todotxt
        case UInt8(ascii: "j"): .json
        case UInt8(ascii: "m"): .markdown
        case UInt8(ascii: "i"): .ics
        default: InterchangeFormat.allCases[Int(byte) % InterchangeFormat.allCases.count]
        }
    }

    func run() {
        let parsed: ParsedFile
        do {
            parsed = try Interchange.parse(file, as: format, timeZone: Self.zone, now: Self.now)
        } catch {
            return // typed throws: an InterchangeError, the only error the importers have
        }
        for task in parsed.tasks {
            check(!task.text.utf8.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) }, "a task with no text")
        }
        let first = Self.list(parsed.tasks)
        let exported = Interchange.export(first, as: format, timeZone: Self.zone)
        let again: ParsedFile
        do {
            again = try Interchange.parse(exported, as: format, timeZone: Self.zone, now: Self.now)
        } catch {
            fatalError("invariant broken: its own export does not read back: \(error)\n\(String(decoding: exported, as: UTF8.self))")
        }
        check(again.tasks.count == parsed.tasks.count, "\(parsed.tasks.count) tasks come back as \(again.tasks.count)")
        let second = Self.list(again.tasks)
        for (before, after) in zip(first, second) {
            check(before.id == after.id, "identity \(before.id) comes back as \(after.id)")
            check(Array(before.text.utf8) == Array(after.text.utf8), "text \(debug(before.text)) comes back as \(debug(after.text))")
            check(before.isFavorite == after.isFavorite && before.isDone == after.isDone, "star or check changed: \(debug(before.text))")
            check(before.due == after.due, "due \(String(describing: before.due)) comes back as \(String(describing: after.due))")
            check(before.tags.map { Array($0.utf8) } == after.tags.map { Array($0.utf8) }, "tags \(before.tags) come back as \(after.tags)")
            check(before.recurrence == after.recurrence, "recurrence of \(debug(before.text)) changed")
            check(sameTime(before.createdAt, after.createdAt, parsed.precision), "created \(before.createdAt) comes back as \(after.createdAt)")
            check(sameTime(before.doneAt, after.doneAt, parsed.precision), "done \(String(describing: before.doneAt)) changed")
        }
        let reexported = Interchange.export(second, as: format, timeZone: Self.zone)
        check(reexported == exported, "export, import, export gives other bytes:\n\(debug(exported))\n\(debug(reexported))")
    }

    /// The tasks read, stored as an import would store them (a task without an identity gets one).
    private static func list(_ tasks: [TaskImport]) -> TaskList {
        var used = Set(tasks.compactMap(\.id))
        var next: UInt8 = 0
        return TaskList(tasks.map { task in
            var id = task.id
            while id == nil {
                next &+= 1
                let candidate = UUID(uuid: (0xF0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 1, next))
                if used.insert(candidate).inserted { id = candidate }
            }
            return TaskItem(id: id ?? UUID(), text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt,
                            createdAt: task.createdAt, foreign: task.foreign.filter { !$0.value.isEmpty }, due: task.due,
                            tags: task.tags, recurrence: task.recurrence)
        })
    }

    /// Whether two times read the same at the precision of the format (todo.txt: the day in the zone).
    private func sameTime(_ lhs: Date?, _ rhs: Date?, _ precision: TimePrecision) -> Bool {
        guard let lhs, let rhs else { return lhs == rhs }
        switch precision {
        case .second: return lhs.timeIntervalSince1970.rounded(.down) == rhs.timeIntervalSince1970.rounded(.down)
        case .day:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = Self.zone
            return calendar.isDate(lhs, inSameDayAs: rhs)
        }
    }

    private func debug(_ text: String) -> String { String(reflecting: text) }
    private func debug(_ bytes: [UInt8]) -> String { String(reflecting: String(decoding: bytes, as: UTF8.self)) }

    /// Stops the process with `message` when `condition` is false.
    private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken (\(format.name)): \(message())") }
    }
}
