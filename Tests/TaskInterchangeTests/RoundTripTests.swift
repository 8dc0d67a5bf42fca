import Foundation
import Testing
import TaskInterchange
import TaskModel

/// Export, import, export again: the same bytes, for every format, with every kind of text.
@Suite struct RoundTripTests {
    /// The tasks a file gives, made into stored tasks (identities and times as read).
    static func reimported(_ bytes: [UInt8], _ format: InterchangeFormat, timeZone: TimeZone = Samples.utc) throws -> TaskList {
        let parsed = try Interchange.parse(bytes, as: format, timeZone: timeZone, now: Samples.now)
        return TaskList(parsed.tasks.map { task in
            TaskItem(id: task.id ?? UUID(), text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt,
                     createdAt: task.createdAt, foreign: task.foreign.filter { !$0.value.isEmpty }, due: task.due,
                     tags: task.tags, recurrence: task.recurrence)
        })
    }

    /// Zones far from UTC on both sides, one with summer time, and UTC.
    static let zones = ["UTC", "Pacific/Kiritimati", "America/Los_Angeles", "Pacific/Pago_Pago", "Europe/Paris"]
        .compactMap(TimeZone.init(identifier:))

    @Test(arguments: InterchangeFormat.allCases) func exportImportExportGivesTheSameBytes(_ format: InterchangeFormat) throws {
        for zone in Self.zones {
            let first = Interchange.export(Samples.list, as: format, timeZone: zone)
            let second = Interchange.export(try Self.reimported(first, format, timeZone: zone), as: format, timeZone: zone)
            #expect(String(decoding: second, as: UTF8.self) == String(decoding: first, as: UTF8.self), "\(zone)")
            #expect(second == first)
        }
    }

    @Test(arguments: InterchangeFormat.allCases) func dueDatesTagsAndRecurrencesComeBackExactly(_ format: InterchangeFormat) throws {
        for zone in Self.zones {
            let back = try Self.reimported(Interchange.export(Samples.list, as: format, timeZone: zone), format, timeZone: zone)
            #expect(back.map(\.due) == Samples.list.map(\.due), "\(zone)")
            #expect(back.map(\.tags) == Samples.list.map(\.tags), "\(zone)")
            #expect(back.map(\.recurrence) == Samples.list.map(\.recurrence), "\(zone)")
        }
    }

    @Test(arguments: [InterchangeFormat.json, .markdown, .ics]) func tasksComeBackEqual(_ format: InterchangeFormat) throws {
        let back = try Self.reimported(Interchange.export(Samples.list, as: format, timeZone: Samples.utc), format)
        func withoutForeign(_ task: TaskItem) -> TaskItem { var task = task; task.foreign = [:]; return task }
        #expect(back.map(withoutForeign) == Samples.list.map(withoutForeign))
    }

    @Test(arguments: InterchangeFormat.allCases) func textsFlagsIdentitiesAndOrderComeBackExactly(_ format: InterchangeFormat) throws {
        let back = try Self.reimported(Interchange.export(Samples.list, as: format, timeZone: Samples.utc), format)
        #expect(back.map(\.id) == Samples.list.map(\.id))
        #expect(back.map { Array($0.text.utf8) } == Samples.list.map { Array($0.text.utf8) })
        #expect(back.map(\.isFavorite) == Samples.list.map(\.isFavorite))
        #expect(back.map(\.isDone) == Samples.list.map(\.isDone))
    }

    @Test(arguments: [InterchangeFormat.json, .markdown, .ics]) func timesComeBackToTheSecond(_ format: InterchangeFormat) throws {
        let back = try Self.reimported(Interchange.export(Samples.list, as: format, timeZone: Samples.utc), format)
        #expect(back.map(\.createdAt) == Samples.list.map(\.createdAt))
        #expect(back.map(\.doneAt) == Samples.list.map(\.doneAt))
    }

    @Test(arguments: InterchangeFormat.allCases) func anEmptyListRoundTrips(_ format: InterchangeFormat) throws {
        let first = Interchange.export([], as: format)
        #expect(try Interchange.parse(first, as: format).tasks.isEmpty)
    }
}
