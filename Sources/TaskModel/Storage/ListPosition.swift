/// The arithmetic of positions spaced apart, as the backends order their lists: appends are `gap`
/// apart, and a move takes the midpoint of its new neighbours, so it writes one row until a gap is
/// used up (then a backend renumbers).
public enum ListPosition {
    /// How far apart appended tasks' positions are: room for 32 halvings of a gap by moves.
    public static let gap: Int64 = 1 << 32

    /// A position strictly between `low` and `high` (nil meaning no bound), or nil when there is none.
    public static func between(_ low: Int64?, _ high: Int64?) -> Int64? {
        switch (low, high) {
        case let (low?, high?):
            let (gap, overflow) = high.subtractingReportingOverflow(low)
            guard !overflow, gap >= 2 else { return nil }
            return low + gap / 2
        case let (low?, nil):
            let (next, overflow) = low.addingReportingOverflow(Self.gap)
            return overflow ? nil : next
        case let (nil, high?):
            let (previous, overflow) = high.subtractingReportingOverflow(Self.gap)
            return overflow ? nil : previous
        case (nil, nil):
            return Self.gap
        }
    }
}
