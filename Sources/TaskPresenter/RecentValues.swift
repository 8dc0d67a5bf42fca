/// The values made for the latest few keys, found by comparing keys: for a list's rows, which
/// repeat a handful of tag sets and days, cheaper than hashing each row's.
struct RecentValues<Key: Equatable, Value> {
    private var entries: [(key: Key, value: Value)] = []
    /// How many are kept; the oldest goes first.
    private let limit = 64

    /// The value for `key`, made by `make` when it is not among the latest.
    mutating func value(for key: Key, make: (Key) -> Value) -> Value {
        if let entry = entries.first(where: { $0.key == key }) { return entry.value }
        let value = make(key)
        if entries.count == limit { entries.removeFirst() }
        entries.append((key, value))
        return value
    }
}
