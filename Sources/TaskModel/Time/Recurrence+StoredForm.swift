/// How a backend keeps a recurrence in one text column: a count and a unit (`1d`, `2w`, `1m@31`
/// with the day of the month kept, `1m` before there is one), or days of the week by number from Monday (`wd14` for Monday
/// and Thursday), then `-after` when it counts from the day the task is checked off. Not what a
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
        return fromCompletion ? rule + "-after" : rule
    }

    /// The recurrence `storedForm` wrote; nil for any other text.
    public init?(storedForm: String) {
        var text = Substring(storedForm)
        let fromCompletion = text.hasSuffix("-after")
        if fromCompletion { text = text.dropLast("-after".count) }
        if text.hasPrefix("wd") {
            let days = text.dropFirst(2).map { $0.wholeNumberValue.flatMap(Weekday.init(rawValue:)) }
            guard !days.isEmpty, !days.contains(nil) else { return nil }
            self.init(.weekdays(Set(days.compactMap { $0 })), fromCompletion: fromCompletion)
            return
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard let unit = parts[0].last, let count = Int(parts[0].dropLast()), count > 0 else { return nil }
        switch (unit, parts.count) {
        case ("d", 1): self.init(.days(count), fromCompletion: fromCompletion)
        case ("w", 1): self.init(.weeks(count), fromCompletion: fromCompletion)
        case ("m", 1): self.init(.months(count, dayOfMonth: nil), fromCompletion: fromCompletion)
        case ("m", 2):
            guard let day = Int(parts[1]), (1...31).contains(day) else { return nil }
            self.init(.months(count, dayOfMonth: day), fromCompletion: fromCompletion)
        default: return nil
        }
    }
}
