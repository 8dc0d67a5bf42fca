import Foundation
import Testing
@testable import TaskModel

/// `SyncMerge`: one task's fields merged three ways against the last synced state.
@Suite struct SyncMergeTests {
    static let base = SyncFields(text: "Buy milk", due: .day(day(1)), tags: ["home"])
    /// When each side changed it: the remote change one second later, or earlier.
    static let localTime = Date(timeIntervalSince1970: 1_764_000_000)
    static let later = Date(timeIntervalSince1970: 1_764_000_001)
    static let earlier = Date(timeIntervalSince1970: 1_763_999_999)
    /// The fields that can be changed to two different values (a flag has only one other; a task
    /// checked off on both sides, at other times, is done on both: `bothCheckingItOffIsNoConflict`).
    static let fieldsWithManyValues = SyncField.allCases.filter { $0 != .favorite && $0 != .done }

    static func day(_ day: Int) -> CalendarDay {
        CalendarDay(daysSince1970: 20_423 + day)
    }

    /// The base with `field` changed one way (`first`) or another.
    static func changed(_ field: SyncField, first: Bool = true) -> SyncFields {
        var fields = base
        switch field {
        case .text: fields.text = first ? "Buy oat milk" : "Buy soy milk"
        case .favorite: fields.isFavorite = true
        case .done: fields.doneAt = first ? localTime : earlier
        case .due: fields.due = first ? .day(day(2)) : .instant(later)
        case .tags: fields.tags = first ? ["home", "shop"] : ["work"]
        case .recurrence: fields.recurrence = Recurrence(first ? .days(1) : .weeks(1))
        }
        return fields
    }

    static func merge(base: SyncFields? = base, local: SyncFields?, remote: SyncFields?, remoteChangedAt: Date?) -> SyncMerge {
        SyncMerge.merge(base: base, local: local, localChangedAt: localTime, remote: remote, remoteChangedAt: remoteChangedAt)
    }

    // MARK: One side changed

    @Test(arguments: SyncField.allCases) func aFieldChangedOnlyHereGoesToTheServer(_ field: SyncField) {
        let local = Self.changed(field)
        #expect(Self.merge(local: local, remote: Self.base, remoteChangedAt: Self.later)
            == SyncMerge(fields: local, writesLocal: false, writesRemote: true))
    }

    @Test(arguments: SyncField.allCases) func aFieldChangedOnlyOnTheServerComesHere(_ field: SyncField) {
        let remote = Self.changed(field)
        #expect(Self.merge(local: Self.base, remote: remote, remoteChangedAt: Self.earlier)
            == SyncMerge(fields: remote, writesLocal: true, writesRemote: false))
    }

    @Test func nothingChangedWritesNothing() {
        #expect(Self.merge(local: Self.base, remote: Self.base, remoteChangedAt: Self.later)
            == SyncMerge(fields: Self.base, writesLocal: false, writesRemote: false))
    }

    @Test func differentFieldsChangedOnEachSideAreBothKeptWithoutConflict() {
        var local = Self.changed(.text)
        local.isFavorite = true
        var remote = Self.changed(.due)
        remote.tags = ["work"]
        let merged = SyncFields(text: "Buy oat milk", isFavorite: true, due: .day(Self.day(2)), tags: ["work"])
        #expect(Self.merge(local: local, remote: remote, remoteChangedAt: Self.later)
            == SyncMerge(fields: merged, writesLocal: true, writesRemote: true))
    }

    // MARK: Both changed

    @Test(arguments: SyncField.allCases) func aFieldChangedAlikeOnBothSidesIsNoConflict(_ field: SyncField) {
        let fields = Self.changed(field)
        #expect(Self.merge(local: fields, remote: fields, remoteChangedAt: Self.later)
            == SyncMerge(fields: fields, writesLocal: false, writesRemote: false))
    }

    @Test(arguments: SyncMergeTests.fieldsWithManyValues) func aFieldChangedDifferentlyTakesTheLaterServerChange(_ field: SyncField) {
        let remote = Self.changed(field, first: false)
        #expect(Self.merge(local: Self.changed(field), remote: remote, remoteChangedAt: Self.later)
            == SyncMerge(fields: remote, writesLocal: true, writesRemote: false, conflicts: [.field(field, kept: .remote)],
                         keepingLocal: Self.changed(field)))
    }

    /// Both sides checked the task off, at other times: the later time is kept, and that is no
    /// conflict (a recurring task checked off in two copies said "both sides changed": found by an
    /// independent tester).
    @Test(arguments: [(later, SyncSide.remote), (earlier, .local)])
    func bothCheckingItOffIsNoConflict(_ remoteChangedAt: Date, _ kept: SyncSide) {
        let (local, remote) = (Self.changed(.done), Self.changed(.done, first: false))
        let merge = Self.merge(local: local, remote: remote, remoteChangedAt: remoteChangedAt)
        #expect(merge == SyncMerge(fields: kept == .remote ? remote : local, writesLocal: kept == .remote,
                                   writesRemote: kept == .local))
    }

    /// What the list would hold had this side won: the server's change to another field, and this
    /// side's value of the field the server won (the first step of the list's two).
    @Test func keepingLocalTakesTheServersOtherChangesAndThisSidesConflictingValue() {
        var local = Self.changed(.text)
        local.isFavorite = true
        var remote = Self.changed(.text, first: false)
        remote.tags = ["work"]
        let merge = Self.merge(local: local, remote: remote, remoteChangedAt: Self.later)
        #expect(merge.fields == SyncFields(text: "Buy soy milk", isFavorite: true, due: .day(Self.day(1)), tags: ["work"]))
        #expect(merge.keepingLocal == SyncFields(text: "Buy oat milk", isFavorite: true, due: .day(Self.day(1)), tags: ["work"]))
        #expect(merge.replacesLocal)
    }

    @Test(arguments: SyncMergeTests.fieldsWithManyValues) func aFieldChangedDifferentlyTakesTheLaterLocalChange(_ field: SyncField) {
        let local = Self.changed(field)
        #expect(Self.merge(local: local, remote: Self.changed(field, first: false), remoteChangedAt: Self.earlier)
            == SyncMerge(fields: local, writesLocal: false, writesRemote: true, conflicts: [.field(field, kept: .local)]))
    }

    /// The same second (a fraction later on the server, which a calendar does not keep), or no time
    /// given by the server: what is here stays.
    @Test(arguments: [Date(timeIntervalSince1970: 1_764_000_000.9), nil] as [Date?])
    func aTieOrAnUnknownServerTimeKeepsTheLocalChange(_ remoteChangedAt: Date?) {
        let local = Self.changed(.text)
        #expect(Self.merge(local: local, remote: Self.changed(.text, first: false), remoteChangedAt: remoteChangedAt)
            == SyncMerge(fields: local, writesLocal: false, writesRemote: true, conflicts: [.field(.text, kept: .local)]))
    }

    @Test func theLocalTimeIsReadToTheSecondToo() {
        let merge = SyncMerge.merge(base: Self.base, local: Self.changed(.text),
                                    localChangedAt: Date(timeIntervalSince1970: 1_764_000_000.9),
                                    remote: Self.changed(.text, first: false), remoteChangedAt: Self.localTime)
        #expect(merge.conflicts == [.field(.text, kept: .local)])
    }

    @Test func everyConflictIsReportedInTheOrderOfTheFields() {
        var local = Self.base
        var remote = Self.base
        for field in Self.fieldsWithManyValues.reversed() {
            local.take(field, from: Self.changed(field))
            remote.take(field, from: Self.changed(field, first: false))
        }
        let merge = Self.merge(local: local, remote: remote, remoteChangedAt: Self.later)
        #expect(merge == SyncMerge(fields: remote, writesLocal: true, writesRemote: false,
                                   conflicts: [.field(.text, kept: .remote),
                                               .field(.due, kept: .remote), .field(.tags, kept: .remote),
                                               .field(.recurrence, kept: .remote)], keepingLocal: local))
    }

    /// A series counted in UTC holds the same zone by any of UTC's names: a machine in UTC calls
    /// its zone GMT, where a calendar's `Z` reads as UTC. Another zone at the same offset is another.
    @Test(arguments: ["GMT", "Etc/UTC", "Etc/GMT", "UCT", "Universal", "Zulu"])
    func aSeriesInUTCByAnotherNameIsUnchanged(_ name: String) {
        func series(_ zone: String) -> SyncFields {
            SyncFields(text: "Standup", due: .instant(Self.localTime), recurrence: Recurrence(.weeks(1), zone: zone))
        }
        #expect(Self.merge(base: series("UTC"), local: series(name), remote: series("UTC"), remoteChangedAt: Self.later)
            == SyncMerge(fields: series(name), writesLocal: false, writesRemote: false))
        #expect(series("Europe/London") != series(name))
    }

    // MARK: Never synced

    @Test func neverSyncedAndTheSameOnBothSidesWritesNothing() {
        #expect(Self.merge(base: nil, local: Self.base, remote: Self.base, remoteChangedAt: nil)
            == SyncMerge(fields: Self.base, writesLocal: false, writesRemote: false))
    }

    @Test(arguments: SyncField.allCases) func neverSyncedEveryFieldThatDiffersIsAConflictDecidedByTime(_ field: SyncField) {
        let remote = Self.changed(field)
        #expect(Self.merge(base: nil, local: Self.base, remote: remote, remoteChangedAt: Self.later)
            == SyncMerge(fields: remote, writesLocal: true, writesRemote: false, conflicts: [.field(field, kept: .remote)],
                         keepingLocal: Self.base))
        #expect(Self.merge(base: nil, local: Self.base, remote: remote, remoteChangedAt: Self.earlier)
            == SyncMerge(fields: Self.base, writesLocal: false, writesRemote: true, conflicts: [.field(field, kept: .local)]))
    }

    // MARK: Present on one side

    struct Presence: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var base: SyncFields?
        var local: SyncFields?
        var remote: SyncFields?
        var expected: SyncMerge
    }

    static let presences: [Presence] = [
        Presence(testDescription: "new here: sent to the server", base: nil, local: changed(.text), remote: nil,
                 expected: SyncMerge(fields: changed(.text), writesLocal: false, writesRemote: true)),
        Presence(testDescription: "new on the server: added here", base: nil, local: nil, remote: changed(.text),
                 expected: SyncMerge(fields: changed(.text), writesLocal: true, writesRemote: false)),
        Presence(testDescription: "on neither, never synced: nothing", base: nil, local: nil, remote: nil,
                 expected: SyncMerge(fields: nil, writesLocal: false, writesRemote: false)),
        Presence(testDescription: "removed on both: nothing", base: base, local: nil, remote: nil,
                 expected: SyncMerge(fields: nil, writesLocal: false, writesRemote: false)),
        Presence(testDescription: "removed here, unchanged there: deleted on the server", base: base, local: nil,
                 remote: base, expected: SyncMerge(fields: nil, writesLocal: false, writesRemote: true)),
        Presence(testDescription: "removed there, unchanged here: removed here", base: base, local: base, remote: nil,
                 expected: SyncMerge(fields: nil, writesLocal: true, writesRemote: false)),
        Presence(testDescription: "removed here, changed there: brought back here", base: base, local: nil,
                 remote: changed(.due),
                 expected: SyncMerge(fields: changed(.due), writesLocal: true, writesRemote: false,
                                     conflicts: [.removal(on: .local)], keepingLocal: .some(nil))),
        Presence(testDescription: "removed there, changed here: sent to the server again", base: base,
                 local: changed(.done), remote: nil,
                 expected: SyncMerge(fields: changed(.done), writesLocal: false, writesRemote: true,
                                     conflicts: [.removal(on: .remote)])),
    ]

    /// Whichever change is later: a removal never wins over a change, nor a change over a removal by its time.
    @Test(arguments: SyncMergeTests.presences, [SyncMergeTests.later, SyncMergeTests.earlier, nil] as [Date?])
    func aTaskOnOneSideOnly(_ presence: Presence, remoteChangedAt: Date?) {
        #expect(Self.merge(base: presence.base, local: presence.local, remote: presence.remote,
                           remoteChangedAt: remoteChangedAt) == presence.expected)
    }

    // MARK: What counts as the same

    @Test func timesAreTheSameToTheSecondAsACalendarKeepsThem() {
        var local = Self.base
        local.doneAt = Date(timeIntervalSince1970: 1_764_000_000.75)
        local.due = .instant(Date(timeIntervalSince1970: 1_764_003_600.5))
        var remote = Self.base
        remote.doneAt = Self.localTime
        remote.due = .instant(Date(timeIntervalSince1970: 1_764_003_600))
        #expect(local == remote)
        let merge = Self.merge(base: nil, local: local, remote: remote, remoteChangedAt: Self.later)
        #expect(merge == SyncMerge(fields: local, writesLocal: false, writesRemote: false))
        #expect(merge.fields?.doneAt == local.doneAt && merge.fields?.due == local.due) // what is here, exactly
        remote.doneAt = Self.later
        #expect(local != remote)
    }

    @Test func textsAndTagsAreTheSameByTheirBytes() {
        let composed = SyncFields(text: "caf\u{E9}", tags: ["caf\u{E9}"])
        var decomposed = composed
        decomposed.text = "cafe\u{301}"
        #expect(composed != decomposed)
        decomposed = composed
        decomposed.tags = ["cafe\u{301}"]
        #expect(composed != decomposed)
        #expect(Self.merge(base: composed, local: composed, remote: decomposed, remoteChangedAt: nil)
            == SyncMerge(fields: decomposed, writesLocal: true, writesRemote: false))
    }

    @Test func theFieldsOfATaskAndOfAnImportedOneAreItsOwn() {
        let id = UUID(uuidString: "0190A2B4-0000-7000-8000-000000000001")!
        let fields = SyncFields(text: "t", isFavorite: true, doneAt: Self.later, due: .instant(Self.earlier),
                                tags: ["a", "b"], recurrence: Recurrence(.weeks(2)))
        let item = TaskItem(id: id, text: "t", isFavorite: true, doneAt: Self.later, createdAt: Self.earlier,
                            foreign: ["todo.txt": "x"], due: .instant(Self.earlier), tags: ["a", "b"],
                            recurrence: Recurrence(.weeks(2)), modifiedAt: Self.later)
        #expect(SyncFields(item) == fields)
        let imported = TaskImport(id: nil, text: "t", isFavorite: true, doneAt: Self.later, createdAt: Self.localTime,
                                  due: .instant(Self.earlier), tags: ["a", "b"], recurrence: Recurrence(.weeks(2)))
        #expect(SyncFields(imported) == fields)
    }
}
