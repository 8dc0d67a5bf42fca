import Foundation

/// The fields of a task that a sync with a CalDAV task list merges, one by one: what a task and
/// its calendar resource both hold. Its identity, creation time, place and other formats' fields
/// are each side's own.
///
/// Two are equal when they hold the same values as a calendar keeps them: texts and tags byte for
/// byte (an edit between canonically equivalent texts is a change, as in `ImportPlan.Row`), times
/// to the second (iCalendar's precision: a time sent and read back loses its fraction).
public struct SyncFields: Sendable, Equatable {
    public var text: String
    public var isFavorite: Bool
    public var doneAt: Date?
    public var due: Due?
    public var tags: [String]
    public var recurrence: Recurrence?

    public init(text: String, isFavorite: Bool = false, doneAt: Date? = nil, due: Due? = nil, tags: [String] = [],
                recurrence: Recurrence? = nil) {
        self.text = text
        self.isFavorite = isFavorite
        self.doneAt = doneAt
        self.due = due
        self.tags = tags
        self.recurrence = recurrence
    }

    /// The fields of a task in the list.
    public init(_ task: TaskItem) {
        self.init(text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt, due: task.due, tags: task.tags,
                  recurrence: task.recurrence)
    }

    /// The fields of a task read from a calendar resource.
    public init(_ task: TaskImport) {
        self.init(text: task.text, isFavorite: task.isFavorite, doneAt: task.doneAt, due: task.due, tags: task.tags,
                  recurrence: task.recurrence)
    }

    public static func == (first: SyncFields, second: SyncFields) -> Bool {
        SyncField.allCases.allSatisfy { first.holdsSame(second, in: $0) }
    }

    /// Whether `other` holds the same value in `field`.
    public func holdsSame(_ other: SyncFields, in field: SyncField) -> Bool {
        switch field {
        case .text: text.utf8.elementsEqual(other.text.utf8)
        case .favorite: isFavorite == other.isFavorite
        case .done: Self.second(of: doneAt) == Self.second(of: other.doneAt)
        case .due: Self.sameDue(due, other.due)
        case .tags: tags.elementsEqual(other.tags) { $0.utf8.elementsEqual($1.utf8) }
        case .recurrence: Self.universal(recurrence) == Self.universal(other.recurrence)
        }
    }

    /// Whether two dues are the same, as a sync compares them: to the second.
    public static func sameDue(_ first: Due?, _ second: Due?) -> Bool {
        toTheSecond(first) == toTheSecond(second)
    }

    /// The base to merge a task against that a sync cut short was putting back (the server had
    /// removed it), when the server holds something else than what was sent (`sent`): what was
    /// sent (that PUT arrived, and another client changed the task since), but for each field the
    /// server holds as both sides agreed before (`agreed`) rather than as sent: another copy of the
    /// list put the task back without that change, and the one made here is kept.
    ///
    /// Against `agreed` alone, a field changed here since was taken for unchanged when it went back
    /// to the agreed value (an undo), or for the server's change when it held the value sent, and
    /// lost to the server; and a field changed only there after the PUT arrived was taken for both
    /// sides' change, said so, and lost to a later change here of another field (all found by
    /// independent testers). A field another copy put back changed, that this list still holds as
    /// sent, is taken from the server unsaid: that copy's PUT and a change after ours arrived look
    /// the same.
    public static func putBackBase(agreed: SyncFields, sent: SyncFields, held: SyncFields) -> SyncFields {
        var base = sent
        for field in SyncField.allCases where held.holdsSame(agreed, in: field) && !held.holdsSame(sent, in: field) {
            base.take(field, from: agreed)
        }
        return base
    }

    /// `field` taken from `source`, the others kept.
    mutating func take(_ field: SyncField, from source: SyncFields) {
        switch field {
        case .text: text = source.text
        case .favorite: isFavorite = source.isFavorite
        case .done: doneAt = source.doneAt
        case .due: due = source.due
        case .tags: tags = source.tags
        case .recurrence: recurrence = source.recurrence
        }
    }

    /// `recurrence` with a zone that is UTC by another of its names called UTC: a machine in UTC
    /// calls its zone GMT, where a calendar's `Z` reads as UTC, and a timed series it made was
    /// taken for one whose zone changed on each side; a sync then wrote it again, and said so, and
    /// each side's check-off of it was a conflict (found by an independent tester).
    private static func universal(_ recurrence: Recurrence?) -> Recurrence? {
        guard var recurrence, let zone = recurrence.zone else { return recurrence }
        let name = zone.hasPrefix("Etc/") ? zone.dropFirst(4) : Substring(zone)
        guard universalNames.contains(String(name)) else { return recurrence }
        recurrence.zone = "UTC"
        return recurrence
    }

    /// The names the zone database gives UTC (`Etc/` before each is another).
    private static let universalNames: Set<String> = ["UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich",
                                                      "Universal", "Zulu"]

    /// The whole second of `date` (rounded down, before 1970 too): what a calendar keeps of a time.
    public static func second(of date: Date?) -> Double? {
        date.map { $0.timeIntervalSince1970.rounded(.down) }
    }

    private static func toTheSecond(_ due: Due?) -> Due? {
        guard case let .instant(instant)? = due else { return due }
        return .instant(Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down)))
    }
}

/// A field a sync merges on its own (`SyncFields`).
public enum SyncField: Sendable, Hashable, CaseIterable {
    case text, favorite, done, due, tags, recurrence
}
