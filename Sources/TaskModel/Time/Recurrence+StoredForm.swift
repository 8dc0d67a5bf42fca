/// How a backend keeps a recurrence in one text column: a count and a unit (`1d`, `2w`, `1m@31`
/// with the day of the month kept, `1m` before there is one), or days of the week by number from Monday (`wd14` for Monday
/// and Thursday), then `-after` when it counts from the day the task is checked off, then ` t150`
/// for a time of day kept (`minuteOfDay`) and ` zAmerica/New_York` for a zone of its own (store
/// version 7 of SQLite, 6 of PostgreSQL: older versions of tasks refuse such a store). Not what a
/// person types (TaskPresenter reads and writes those words); fixed, because stores keep it.
extension Recurrence {
    public var storedForm: String {
        let rule = switch rule {
        case let .days(count): "\(count)d"
        case let .weeks(count): "\(count)w"
        case let .months(count, dayOfMonth?): "\(count)m@\(dayOfMonth)"
        case let .months(count, nil): "\(count)m"
        case let .weekdays(days): "wd" + days.map(\.rawValue).sorted().map(String.init).joined()
        }
        var form = fromCompletion ? rule + "-after" : rule
        if let minuteOfDay { form += " t\(minuteOfDay)" }
        if let zone { form += " z" + zone }
        return form
    }

    /// The recurrence `storedForm` wrote; nil for any other text.
    public init?(storedForm: String) {
        var parts = storedForm.split(separator: " ", omittingEmptySubsequences: false)
        var zone: String?
        var minuteOfDay: Int?
        if parts.count > 1, parts[parts.count - 1].first == "z" {
            zone = String(parts.removeLast().dropFirst())
            guard zone?.isEmpty == false else { return nil }
        }
        if parts.count > 1, parts[parts.count - 1].first == "t" {
            guard let minute = Int(parts.removeLast().dropFirst()), (0..<1440).contains(minute) else { return nil }
            minuteOfDay = minute
        }
        guard parts.count == 1, let rule = Self.storedRule(parts[0]) else { return nil }
        self.init(rule.rule, fromCompletion: rule.fromCompletion, zone: zone, minuteOfDay: minuteOfDay)
    }

    private static func storedRule(_ form: Substring) -> (rule: Rule, fromCompletion: Bool)? {
        var text = form
        let fromCompletion = text.hasSuffix("-after")
        if fromCompletion { text = text.dropLast("-after".count) }
        if text.hasPrefix("wd") {
            let days = text.dropFirst(2).map { $0.wholeNumberValue.flatMap(Weekday.init(rawValue:)) }
            guard !days.isEmpty, !days.contains(nil) else { return nil }
            return (.weekdays(Set(days.compactMap { $0 })), fromCompletion)
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard let unit = parts[0].last, let count = Int(parts[0].dropLast()), count > 0 else { return nil }
        switch (unit, parts.count) {
        case ("d", 1): return (.days(count), fromCompletion)
        case ("w", 1): return (.weeks(count), fromCompletion)
        case ("m", 1): return (.months(count, dayOfMonth: nil), fromCompletion)
        case ("m", 2):
            guard let day = Int(parts[1]), (1...31).contains(day) else { return nil }
            return (.months(count, dayOfMonth: day), fromCompletion)
        default: return nil
        }
    }
}
