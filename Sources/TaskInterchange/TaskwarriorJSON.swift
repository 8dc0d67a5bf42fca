import Foundation
import TaskModel

/// Taskwarrior's JSON: what `task export` writes (an array, or one object a line) and `task import`
/// reads. A task is `uuid`, `description`, `entry`, `modified` (its last change, when it was changed since it was made), `status` (`pending` or `completed`), `end` when
/// completed, `priority: "H"` for a favourite, then its due date, recurrence and tags
/// (`TaskwarriorAttributes`); every other member (project, annotations, user-defined
/// attributes, other priorities, a `waiting` status) is kept as the task's Taskwarrior fields, in
/// its order, and written back after those. (Tags, `due` and `recur` were kept so before tasks had
/// them: a task that still holds them there and has none of its own writes them back, and reading
/// that file makes them its own.) `id` and `urgency`, which Taskwarrior computes, are not kept.
/// Deleted tasks and recurring templates are skipped.
enum TaskwarriorJSON {
    /// The members tasks models or Taskwarrior computes; the rest is foreign.
    private static let modelled: Set<String> = ["uuid", "description", "entry", "modified", "status", "end", "id",
                                                "urgency"]

    static func export(_ tasks: TaskList, timeZone: TimeZone) -> [UInt8] {
        var out: [UInt8] = Array("[\n".utf8)
        out.reserveCapacity(tasks.count * 160)
        for (index, task) in tasks.enumerated() {
            let foreign = task.foreign["taskwarrior"].flatMap(foreignMembers) ?? []
            let foreignStatus = foreign.first { $0.key == "status" }?.value
            var members: [JSONValue.Member] = [
                .init(key: "uuid", value: .string(task.id.lowercasedText)),
                .init(key: "description", value: .string(task.text)),
                .init(key: "entry", value: .string(Timestamps.basicUTC(task.createdAt))),
                .init(key: "status", value: task.doneAt != nil ? .string("completed") : foreignStatus ?? .string("pending")),
            ]
            // Only a task changed since it was made has a time of its own: Taskwarrior takes `entry` otherwise, and
            // a list of 100,000 unchanged tasks is not made a tenth larger to say so.
            if let modified = task.modifiedAt {
                members.insert(.init(key: "modified", value: .string(Timestamps.basicUTC(modified))), at: 3)
            }
            if let done = task.doneAt { members.append(.init(key: "end", value: .string(Timestamps.basicUTC(done)))) }
            if task.isFavorite { members.append(.init(key: "priority", value: .string("H"))) }
            let attributes = TaskwarriorAttributes.members(of: task, hasParent: foreign.contains { $0.key == "parent" },
                                                           timeZone: timeZone)
            members += attributes.members
            var written = Set(members.map(\.key))
            if task.due != nil { written.insert("due") }
            if task.recurrence != nil { written.formUnion(["recur", "tasksrecur"]) }
            members += foreign.filter { !written.contains($0.key) }
            if index > 0 { out.append(contentsOf: ",\n".utf8) }
            if let template = attributes.template {
                JSONValue.object(template).write(into: &out)
                out.append(contentsOf: ",\n".utf8)
            }
            JSONValue.object(members).write(into: &out)
        }
        out.append(contentsOf: (tasks.isEmpty ? "]\n" : "\n]\n").utf8)
        return out
    }

    private static func foreignMembers(_ text: String) -> [JSONValue.Member]? {
        var parser = JSONParser(Array(text.utf8))
        guard case let .object(members)? = try? parser.value() else { return nil }
        return members
    }

    static func parse(_ bytes: [UInt8], timeZone: TimeZone, now: Date) throws(InterchangeError) -> ParsedFile {
        var parser = JSONParser(bytes)
        var objects: [(value: JSONValue, path: String, line: Int)] = []
        if parser.consume(UInt8(ascii: "[")), !parser.consume(UInt8(ascii: "]")) {
            repeat {
                _ = parser.peek()
                let line = parser.line
                objects.append((try parser.value(topLevelIndex: objects.count), "[\(objects.count)]", line))
            } while parser.consume(UInt8(ascii: ","))
            guard parser.consume(UInt8(ascii: "]")) else { throw parser.failure("`,` or `]`") }
        } else {
            while !parser.atEnd() {
                let line = parser.line
                objects.append((try parser.value(topLevelIndex: objects.count), "[\(objects.count)]", line))
                _ = parser.consume(UInt8(ascii: ","))
            }
        }
        guard parser.atEnd() else { throw parser.failure("the end of the file") }
        var tasks: [TaskImport] = []
        var skipped: [SkippedEntry] = []
        var seen: [UUID: Int] = [:]
        // The templates this file's tasks were written with (`TaskwarriorAttributes.templateID`).
        let ownTemplates = Set(objects.compactMap { $0.value["uuid"]?.string.flatMap { UUID(text: $0.utf8) } }
            .map(TaskwarriorAttributes.templateID(of:)))
        for object in objects {
            guard case let .object(members) = object.value else {
                throw InterchangeError(.jsonPath(object.path, line: object.line),
                                       .wrongType(field: object.path, expected: "an object"))
            }
            func text(_ key: String) throws(InterchangeError) -> String? {
                guard let value = object.value[key] else { return nil }
                guard let text = value.string else {
                    throw InterchangeError(.jsonPath(object.path + "." + key, line: object.line),
                                           .wrongType(field: key, expected: "a string"))
                }
                return text
            }
            func require(_ key: String) throws(InterchangeError) -> String {
                guard let value = try text(key) else {
                    throw InterchangeError(.jsonPath(object.path, line: object.line), .missingField(key))
                }
                return value
            }
            func time(_ key: String) throws(InterchangeError) -> Date? {
                guard let value = try text(key) else { return nil }
                guard let date = Timestamps.parseBasic(value[...], timeZone: timeZone) else {
                    throw InterchangeError(.jsonPath(object.path + "." + key, line: object.line),
                                           .invalidValue(field: key, value: value))
                }
                return date
            }
            let status = try require("status")
            let description = try require("description")
            switch status {
            case "deleted":
                skipped.append(SkippedEntry(reason: .deleted, text: description, line: object.line))
                continue
            case "recurring":
                if let uuid = try text("uuid").flatMap({ UUID(text: $0.utf8) }), ownTemplates.contains(uuid) { continue }
                skipped.append(SkippedEntry(reason: .recurringTemplate, text: description, line: object.line))
                continue
            case "pending", "completed", "waiting":
                break
            default:
                throw InterchangeError(.jsonPath(object.path + ".status", line: object.line),
                                       .invalidValue(field: "status", value: status))
            }
            let uuidText = try require("uuid")
            guard let id = UUID(text: uuidText.utf8) else {
                throw InterchangeError(.jsonPath(object.path + ".uuid", line: object.line),
                                       .invalidValue(field: "uuid", value: uuidText))
            }
            if let first = seen[id] {
                throw InterchangeError(.jsonPath(object.path + ".uuid", line: object.line),
                                       .duplicateIdentity(id, firstLine: first))
            }
            seen[id] = object.line
            let isDone = status == "completed"
            let createdAt = try time("entry") ?? now
            let doneAt = isDone ? try time("end") ?? createdAt : nil
            let isFavorite = object.value["priority"] == .string("H")
            let attributes = TaskwarriorAttributes.read(object.value, id: id, dueInstant: try time("due"), timeZone: timeZone)
            let foreign = members.filter { member in
                if attributes.taken.contains(member.key) { return false }
                if member.key == "status" { return status == "waiting" }
                if member.key == "end" { return !isDone }
                if member.key == "priority" { return !isFavorite }
                return !modelled.contains(member.key)
            }
            var foreignText: [UInt8] = []
            if !foreign.isEmpty { JSONValue.object(foreign).write(into: &foreignText) }
            let task = TaskImport(id: id, text: description, isFavorite: isFavorite, doneAt: doneAt, createdAt: createdAt,
                                  foreign: ["taskwarrior": String(decoding: foreignText, as: UTF8.self)],
                                  due: attributes.due, tags: attributes.tags, recurrence: attributes.recurrence,
                                  modifiedAt: try time("modified"))
            if task.hasNoText {
                skipped.append(SkippedEntry(reason: .noText, text: nil, line: object.line))
            } else {
                tasks.append(task)
            }
        }
        return ParsedFile(tasks: tasks, skipped: skipped, precision: .second)
    }
}
